import * as v from 'valibot';
import type { BoundaryQueries } from '../db/boundaries.js';
import type { PoliticianQueries } from '../db/politicians.js';
import { JURISDICTIONS, PLATFORMS } from '../../core/domain/enums.js';
import { notFound } from '../../core/errors.js';
import type { Handlers } from '../http/register-endpoints.js';
import type { Responder } from '../http/respond.js';
import { bool, existingId, int, limit, listOf, oneOf, page, parseParams, pathId, text } from '../http/params.js';

const jurisdiction = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) => (s.toLowerCase() === 'federal' ? 'federal' : s.toUpperCase())),
    v.picklist(JURISDICTIONS, `must be federal or a 2-letter province or territory code (${JURISDICTIONS.slice(1).join(', ')})`),
  ),
);

export const listParams = {
  jurisdiction,
  role: text(1, 60),
  status: oneOf(['sitting', 'former', 'all'], 'sitting'),
  constituency_id: text(1, 200),
  q: text(1, 200),
  page: page(),
  limit: limit(100, 50),
};

export const socialsParams = { include_dead: bool(false) };
export const postsParams = { platform: listOf(PLATFORMS, 200), limit: int(1, 200, 50) };

export function politicianHandlers({
  politicians,
  boundaries,
  respond,
}: {
  politicians: PoliticianQueries;
  boundaries: Pick<BoundaryQueries, 'forPolitician'>;
  respond: Responder;
}): Handlers {
  const known = (raw: string | undefined) => existingId(raw, 'politician', politicians.exists);
  return {
    listPoliticians: (c, e) => respond.json(c, politicians.list(parseParams(c.req.queries(), listParams)), e.maxAge),
    getPolitician: (c, e) => {
      const id = pathId(c.req.param('id'), 'politician');
      const found = politicians.detail(id);
      if (!found) throw notFound(`politician ${id}`);
      // null when the constituency has no boundary in the data file (e.g. no polygons for its map).
      const { politician, websites, terms } = found;
      const boundary = politician.constituency_id === null ? null : boundaries.forPolitician(politician.constituency_id);
      return respond.json(c, { politician, websites, boundary, terms }, e.maxAge);
    },
    listPoliticianOffices: (c, e) => respond.json(c, { items: politicians.offices(known(c.req.param('id'))) }, e.maxAge),
    listPoliticianSocials: (c, e) => {
      const id = known(c.req.param('id'));
      const p = parseParams(c.req.queries(), socialsParams);
      return respond.json(c, { items: politicians.socials(id, p.include_dead) }, e.maxAge);
    },
    listPoliticianPosts: (c, e) => {
      const id = known(c.req.param('id'));
      const p = parseParams(c.req.queries(), postsParams);
      return respond.json(c, { items: politicians.posts(id, p.platform, p.limit) }, e.maxAge);
    },
  };
}
