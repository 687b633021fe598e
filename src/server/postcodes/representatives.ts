// Representatives of a point (spec, Representatives by postcode; decisions 5): every sitting
// politician of the winning boundary at each level; at municipal level only the mayor and the one
// councillor of the ward, never the city-wide council.
import type { Office, SocialHandle } from '../db/politicians.js';
import type { PostcodeQueries, RepresentativePolitician, SittingPolitician } from '../db/postcodes.js';
import { LEVELS, type Level } from '../../core/domain/enums.js';
import type { BoundaryHit } from '../../core/geo/boundary-index.js';

export interface RepresentativeEntry {
  level: Level;
  constituency_id: string;
  constituency_name: string;
  boundary_source_set: string;
  politician: RepresentativePolitician;
  offices: Office[];
  socials: SocialHandle[];
}

type Queries = Pick<PostcodeQueries, 'sittingIn' | 'sittingInSet' | 'offices' | 'liveSocials'>;

export function createRepresentativeFinder(queries: Queries) {
  // The data file is immutable: a boundary's sitting politicians are looked up once.
  const sitting = new Map<string, SittingPolitician[]>();
  const sittingIn = (id: string) => {
    let found = sitting.get(id);
    if (!found) sitting.set(id, (found = queries.sittingIn(id)));
    return found;
  };
  const inSet = new Map<string, SittingPolitician[]>();
  const sittingInSet = (set: string) => {
    let found = inSet.get(set);
    if (!found) inSet.set(set, (found = queries.sittingInSet(set)));
    return found;
  };
  const entries = new Map<string, RepresentativeEntry>();
  /** `own`: the politician sits for a constituency of the hit's set rather than the hit itself (a mayor at large). */
  const entry = (hit: BoundaryHit, s: SittingPolitician, own = false): RepresentativeEntry => {
    // A member at large with no constituency recorded answers for the boundary that found them.
    const constituency_id = (own ? s.politician.constituency_id : null) ?? hit.constituency_id;
    const key = `${constituency_id}\u001f${s.politician.id}`;
    let found = entries.get(key);
    if (!found) {
      entries.set(
        key,
        (found = {
          level: hit.level,
          constituency_id,
          constituency_name: (own ? s.constituency_name : null) ?? hit.name,
          boundary_source_set: hit.source_set,
          politician: s.politician,
          offices: queries.offices(s.politician.id),
          socials: queries.liveSocials(s.politician.id),
        }),
      );
    }
    return found;
  };

  /** `containing`: every boundary containing the point, ordered as the index ranks them (winner first per level). */
  return function representatives(containing: readonly BoundaryHit[], winners: Partial<Record<Level, BoundaryHit>>): RepresentativeEntry[] {
    const out: RepresentativeEntry[] = [];
    for (const level of LEVELS) {
      const winner = winners[level];
      if (!winner) continue;
      if (level !== 'municipal') {
        for (const s of sittingIn(winner.constituency_id)) out.push(entry(winner, s));
        continue;
      }
      // The mayor sits for the whole municipality: the first containing municipal boundary (the ward
      // itself for a town without wards) that has a sitting mayor, else the first whose ward set has
      // one elected at large (a Represent roster: constituency `<ward set>/<municipality>`).
      const municipal = containing.filter((hit) => hit.level === 'municipal');
      const mayorOf = (hit: BoundaryHit) => sittingIn(hit.constituency_id).find((s) => s.is_mayor);
      const mayor =
        municipal.map((hit) => [hit, mayorOf(hit), false] as const).find(([, s]) => s) ??
        municipal.map((hit) => [hit, sittingInSet(hit.source_set).find((s) => s.is_mayor), true] as const).find(([, s]) => s);
      if (mayor) out.push(entry(mayor[0], mayor[1]!, mayor[2]));
      // The ward councillor: one, of the winning (most specific) boundary. A boundary that has a mayor
      // is a whole municipality, whose other members are at-large councillors: not returned.
      const members = sittingIn(winner.constituency_id);
      const councillor = members.some((s) => s.is_mayor) ? undefined : members[0];
      if (councillor) out.push(entry(winner, councillor));
    }
    return out;
  };
}
