// `canpol import represent-representatives`: Open North Represent's representative sets (the fetch
// cache's pages of `/representative-sets/` and `/representatives/{set}/`) as provincial and municipal
// politicians with offices, joined to the bundle's boundaries (join-boundaries.ts), with terms carried
// across fetches (roster-history.ts). The House of Commons set is left to hoc-members.
import * as v from 'valibot';
import { officeSchema, politicianSchema } from '../../sources/schemas.js';
import { LEGISLATURES } from '../legislatures.js';
import { kebab } from '../boundaries/kebab.js';
import type { Province } from '../../../src/core/domain/enums.js';
import type { CoverageClaim, ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { boundaryUrlParts, createBoundaryJoin, type BoundaryRef } from './join-boundaries.js';
import { isAtLarge, mapMember, mapOffices, provinceOfAddress } from './map-member.js';
import { lastSegment, readChain, ROSTERS_DIR, SETS_DIR, type RepresentMember, type RepresentSet } from './read-pages.js';
import { applyHistory, type SetFetch } from './roster-history.js';

type Politician = SourceInput<'politicians'>;
type Office = SourceInput<'offices'>;

export const REPRESENT = 'https://represent.opennorth.ca';
export const KEY_PREFIX = 'represent';

const FEDERAL = /house of commons|chambre des communes/i;
const PROVINCIAL = /legislat|assembl|house of assembly/i;

/** Represent's last_updated ("2024-05-01" or a time without zone) as a timestamp with a zone (UTC). */
export function seenAt(lastUpdated: string | null | undefined): string | null {
  const s = (lastUpdated ?? '').trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return `${s}T00:00:00Z`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)) return `${s}Z`;
  return /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)) ? s : null;
}

/** The source format's own check, so one odd upstream value is a reported skip, never a failed build. */
function problemsOf(schema: typeof politicianSchema | typeof officeSchema, record: unknown): string | null {
  const r = v.safeParse(schema, record);
  return r.success ? null : r.issues.map((i) => `${i.path?.map((p) => p.key).join('.') ?? ''}: ${i.message}`).join('; ');
}

const majority = <T>(xs: T[]): T | null => {
  const n = new Map<T, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
};

export async function importRepresentRepresentatives(from: string, ctx: ImportContext): Promise<ImportOutput> {
  const stats: Record<string, number> = {
    sets: 0,
    sets_imported: 0,
    sets_incomplete: 0,
    pages: 0,
    members: 0,
    joined: 0,
    at_large: 0,
    unmatched: 0,
    ambiguous: 0,
    terms_started: 0,
    terms_ended: 0,
    terms_kept: 0,
    sets_dated_by_fetch: 0,
  };
  const list = readChain<RepresentSet>(from, SETS_DIR);
  for (const p of list.problems)
    ctx.skip({ file: p.file, record: 'set list', reason: p.reason, ...(p.detail ? { detail: p.detail } : {}) });
  if (!list.objects.length) return { records: {}, sources: [], coverage: [], stats };
  stats.pages += list.pages;

  const join = createBoundaryJoin(ctx.existing);
  const current: Politician[] = [];
  const offices: Office[] = [];
  const setFetches = new Map<string, SetFetch>();
  const claims = new Map<Province, { sets: string[]; members: number }>();
  let newest = '';

  for (const { object: set, file, index } of list.objects) {
    stats.sets++;
    const slug = lastSegment(set.url);
    const skipSet = (reason: string, detail?: string) =>
      ctx.skip({ file, record: `set ${slug ?? `#${index + 1}`}`, reason, ...(detail ? { detail } : {}) });
    if (!slug || !set.name) {
      skipSet('set without a url or name');
      continue;
    }
    if (FEDERAL.test(set.name)) {
      skipSet('federal set: members come from hoc-members');
      continue;
    }
    // Older API versions list sets without last_updated: the roster was then seen when it was fetched.
    const seen = seenAt(set.last_updated) ?? (ctx.extractedAt ? seenAt(ctx.extractedAt) : null);
    if (!seen) {
      skipSet('set without a readable last_updated', String(set.last_updated));
      continue;
    }
    if (!seenAt(set.last_updated)) stats.sets_dated_by_fetch++;
    if (seen > newest) newest = seen;
    const roster = readChain<RepresentMember>(from, `${ROSTERS_DIR}/${slug}`);
    for (const p of roster.problems)
      ctx.skip({ file: p.file, record: `set ${slug}`, reason: p.reason, ...(p.detail ? { detail: p.detail } : {}) });
    stats.pages += roster.pages;
    if (!roster.complete) stats.sets_incomplete++;
    setFetches.set(slug, { seenAt: seen, complete: roster.complete });

    const setBoundaries = boundaryUrlParts(set.related?.boundary_set_url)?.set ?? null;
    // The set's own boundaries decide level and province when the bundle has them.
    const setRefs = setBoundaries ? join.setsFor(setBoundaries).flatMap((s) => join.boundariesOf(s)) : [];
    const level: Politician['level'] =
      (majority(setRefs.map((b) => b.level)) as Politician['level'] | null) ?? (PROVINCIAL.test(set.name) ? 'provincial' : 'municipal');
    const namedLegislature = (Object.entries(LEGISLATURES).find(
      ([j, l]) => j !== 'federal' && l.legislature_name.toLowerCase() === set.name!.toLowerCase(),
    )?.[0] ?? null) as Province | null;
    const setProvince = majority(setRefs.map((b) => b.province_territory)) ?? namedLegislature;
    // At-large offices join the whole municipality: the set's current ward set.
    const wardSet = setBoundaries
      ? (join.setsFor(setBoundaries).find((s) => join.boundariesOf(s).some((b) => !b.superseded)) ?? null)
      : null;
    const keys = new Set<string>();
    let imported = 0;

    for (const { object: m, file: pageFile, index: i } of roster.objects) {
      stats.members++;
      const name = typeof m?.name === 'string' ? m.name.trim() : '';
      const record = name ? `${name} (${slug})` : `object ${i + 1} (${slug})`;
      const skip = (reason: string, detail?: string) => ctx.skip({ file: pageFile, record, reason, ...(detail ? { detail } : {}) });
      if (!name) {
        skip('member without a name');
        continue;
      }
      const office = typeof m.elected_office === 'string' && m.elected_office.trim() ? m.elected_office.trim() : null;
      if (!office) {
        skip('member without an elected_office');
        continue;
      }
      const key = `${KEY_PREFIX}/${slug}/${kebab(name)}`;
      if (keys.has(key)) {
        skip('member listed twice in the set', key);
        continue;
      }
      keys.add(key);
      const district = typeof m.district_name === 'string' && m.district_name.trim() ? m.district_name.trim() : null;
      const url = boundaryUrlParts(m.related?.boundary_url);

      let boundary: BoundaryRef | null = null;
      let constituencyId: string;
      // A whole-municipality boundary the member's URL names (a census subdivision) is used when the bundle has it.
      const wholeBoundary = level === 'municipal' && isAtLarge(office) && url?.slug ? join.join(url.set, url.slug, null) : null;
      if (wholeBoundary?.kind === 'one') {
        stats.at_large++;
        boundary = wholeBoundary.boundary;
        stats.joined++;
        constituencyId = `${boundary.source_set}/${boundary.slug}`;
      } else if (level === 'municipal' && isAtLarge(office)) {
        stats.at_large++;
        const whole = kebab(district ?? set.name) || 'whole-municipality';
        if (!wardSet)
          skip("at-large office: the set's boundaries are not in the bundle", `boundary set ${setBoundaries ?? '(none named)'}`);
        constituencyId = `${wardSet ?? setBoundaries ?? kebab(slug)}/${whole}`;
      } else {
        const found = join.join(url?.set ?? setBoundaries, url?.slug ?? null, district);
        if (found.kind === 'one') {
          boundary = found.boundary;
          stats.joined++;
        } else if (found.kind === 'many') {
          stats.ambiguous++;
          skip(
            'district matches two boundaries',
            `district "${district}": ${found.boundaries.map((b) => `${b.source_set}/${b.slug}`).join(', ')}`,
          );
        } else {
          stats.unmatched++;
          skip(
            'district matches no boundary',
            found.setKnown
              ? `district "${district}" is not in boundary set ${found.set}`
              : `boundary set ${found.set ?? '(none named)'} is not in the bundle`,
          );
        }
        const set0 = url?.set ?? setBoundaries ?? kebab(slug);
        constituencyId = boundary
          ? `${boundary.source_set}/${boundary.slug}`
          : `${set0}/${url?.slug ?? (kebab(district ?? name) || 'unknown')}`;
      }
      const firstAddress = (m.offices ?? []).map((o) => (typeof o?.postal === 'string' ? o.postal : null)).find(Boolean) ?? null;
      const province = boundary?.province_territory ?? setProvince ?? provinceOfAddress(firstAddress);
      if (!province) {
        skip('province unknown', 'no boundary, legislature name or office address names one');
        continue;
      }
      const memberOffices = mapOffices(key, m.offices, province).filter((o, n) => {
        const bad = problemsOf(officeSchema, o);
        if (bad) ctx.skip({ file: pageFile, record: `${record} office ${n + 1}`, reason: 'office not valid', detail: bad });
        return !bad;
      });
      const politician = mapMember(
        key,
        m,
        office,
        {
          level: (boundary?.level as Politician['level']) ?? level,
          province,
          constituencyId,
          constituencyName: district ?? boundary?.name ?? set.name,
          seenAt: seen,
        },
        memberOffices,
      );
      const bad = problemsOf(politicianSchema, politician);
      if (bad) {
        skip('member record not valid', bad);
        continue;
      }
      offices.push(...memberOffices);
      current.push(politician);
      imported++;
      if (level === 'provincial' && province) {
        const c = claims.get(province) ?? { sets: [], members: 0 };
        if (!c.sets.includes(slug)) c.sets.push(slug);
        c.members++;
        claims.set(province, c);
      }
    }
    if (imported) stats.sets_imported++;
  }

  const history = applyHistory({
    current,
    previous: ctx.previous?.politicians ?? [],
    sets: setFetches,
    setListComplete: list.complete,
    setOf: (key) => key.split('/')[1],
  });
  stats.terms_started = history.started;
  stats.terms_ended = history.ended;
  stats.terms_kept = history.kept;
  const coverage: CoverageClaim[] = [...claims]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([jurisdiction, c]) => ({
      jurisdiction,
      politicians: 'partial',
      source_urls: Object.fromEntries(
        c.sets.map((s, i) => [i ? `representatives_${i + 1}` : 'representatives', `${REPRESENT}/representatives/${s}/`]),
      ),
    }));
  return {
    records: { politicians: history.politicians, offices },
    sources: [
      {
        id: 'represent-representatives',
        version: newest.slice(0, 10),
        url: `${REPRESENT}/representative-sets/`,
        licence: "per set (see the set's data_about_url); Represent API terms of use",
      },
    ],
    coverage,
    stats,
  };
}

export const representRepresentativesImporter: Importer = {
  kind: 'represent-representatives',
  summary: 'provincial and municipal rosters of Open North Represent (representative sets, paginated JSON), joined to represent-boundaries',
  datasetDir: 'represent-representatives',
  optional: 'fetched by `canpol fetch` (source represent-representatives); not in the shared datasets',
  keepsHistory: true,
  run: importRepresentRepresentatives,
};
