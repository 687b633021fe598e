// GET /postcodes/{postcode} and /postcodes/{postcode}/representatives (spec; decisions 5 and 7).
import type { Handlers } from '../http/register-endpoints.js';
import type { Responder } from '../http/respond.js';
import type { PostcodeResolver } from '../postcodes/postcode-resolver.js';

export function postcodeHandlers({ lookup, respond }: { lookup: PostcodeResolver; respond: Responder }): Handlers {
  return {
    getPostcode: (c, e) => {
      const { r, at } = lookup.resolved(c.req.param('postcode') ?? '');
      return respond.json(c, { ...r, boundaries: at.slots }, e.maxAge);
    },
    getPostcodeRepresentatives: (c, e) => {
      const { r, at } = lookup.resolved(c.req.param('postcode') ?? '');
      return respond.json(c, { ...r, boundaries: at.slots, representatives: lookup.representatives(at) }, e.maxAge);
    },
  };
}
