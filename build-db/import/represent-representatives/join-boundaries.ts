// A representative's district → one boundary of the bundle. The set comes from the member's
// `related.boundary_url` (else the representative set's boundary set); within it the district name is
// compared with the boundary importer's own normalisation (kebab: accents, dashes, punctuation and
// case ignored), and also the slug Represent gives in the URL. Represent's slugs carry no year where
// ours may ("toronto-wards" → "toronto-wards-2018"): a set missing by its exact slug is looked for
// among the current (not superseded) sets named `<slug>-<year>`.
import type { Province } from '../../../src/core/domain/enums.js';
import { kebab } from '../boundaries/kebab.js';
import type { ImportedRecords } from '../types.js';

export interface BoundaryRef {
  source_set: string;
  slug: string;
  name: string;
  level: string;
  province_territory: Province;
  superseded: boolean;
}

export type Join =
  | { kind: 'one'; boundary: BoundaryRef }
  | { kind: 'none'; set: string | null; setKnown: boolean }
  | { kind: 'many'; boundaries: BoundaryRef[] };

/** `/boundaries/<set>/<slug>/` → its two parts. */
export function boundaryUrlParts(url: string | null | undefined): { set: string; slug: string | null } | null {
  const parts = (url ?? '').split('?')[0].split('/').filter(Boolean);
  const at = parts.indexOf('boundaries');
  const sets = parts.indexOf('boundary-sets');
  if (at >= 0 && parts[at + 1]) return { set: kebab(parts[at + 1]), slug: parts[at + 2] ? kebab(parts[at + 2]) : null };
  if (sets >= 0 && parts[sets + 1]) return { set: kebab(parts[sets + 1]), slug: null };
  return null;
}

export function createBoundaryJoin(existing: ImportedRecords) {
  const bySet = new Map<string, BoundaryRef[]>();
  for (const b of existing.boundaries ?? []) {
    const ref: BoundaryRef = {
      source_set: b.source_set,
      slug: b.slug,
      name: b.name,
      level: b.level,
      province_territory: b.province_territory as Province,
      superseded: !!b.superseded_by,
    };
    bySet.set(b.source_set, [...(bySet.get(b.source_set) ?? []), ref]);
  }

  /** Our sets answering to Represent's set slug: the exact one, else the current `<slug>-<year>` ones. */
  const setsFor = (set: string): string[] => {
    if (bySet.has(set)) return [set];
    const dated = new RegExp(`^${set.replace(/[-]/g, '\\-')}-\\d{4}$`);
    return [...bySet.keys()].filter((s) => dated.test(s) && bySet.get(s)!.some((b) => !b.superseded)).sort();
  };

  return {
    setsFor,
    boundariesOf: (set: string) => bySet.get(set) ?? [],
    join(set: string | null, urlSlug: string | null, districtName: string | null): Join {
      if (!set) return { kind: 'none', set: null, setKnown: false };
      const sets = setsFor(set);
      if (!sets.length) return { kind: 'none', set, setKnown: false };
      const want = new Set([districtName ? kebab(districtName) : null, urlSlug].filter((s): s is string => !!s));
      const found = new Map<string, BoundaryRef>();
      for (const s of sets) for (const b of bySet.get(s)!) if (want.has(b.slug)) found.set(`${b.source_set}/${b.slug}`, b);
      const hits = [...found.values()];
      if (hits.length === 1) return { kind: 'one', boundary: hits[0] };
      return hits.length ? { kind: 'many', boundaries: hits } : { kind: 'none', set, setKnown: true };
    },
  };
}
