// A provincial member's riding → the boundary of the map in force when the term began, when the file
// holds that map: the seat's riding is then a place on the map (`constituency_id`). A term of a
// province whose map is not in the file, or begun before the first map the file holds was used, or
// whose riding the map does not name, keeps its riding's name only; the build says how many and why.
import { placeName } from './import/identity.js';
import type { BoundaryRecord, PoliticianRecord } from './sources/schemas.js';

/** When each provincial map in the file was first used: no boundary file states it. Only a map
 *  listed here is joined to, from that day on, until a later one of the province (by this date). */
export const PROVINCIAL_MAPS: Record<string, { province: string; firstUsed: string; source: string }> = {
  'ontario-electoral-districts-2022': {
    province: 'ON',
    firstUsed: '2022-06-02',
    source: "Elections Ontario's shapefile of the 2022 general election (held 2022-06-02), as the represent-boundaries manifest names it",
  },
};

export interface RidingJoin {
  joined: number;
  /** Terms left without a boundary, by reason. */
  unjoined: Record<string, number>;
}

export function joinRidings(politicians: PoliticianRecord[], boundaries: BoundaryRecord[]): RidingJoin {
  const maps = new Map<string, Map<string, string[]>>();
  for (const b of boundaries) {
    if (b.level !== 'provincial' || !PROVINCIAL_MAPS[b.source_set]) continue;
    const names = maps.get(b.source_set) ?? new Map<string, string[]>();
    const k = placeName(b.name);
    names.set(k, [...(names.get(k) ?? []), `${b.source_set}/${b.slug}`]);
    maps.set(b.source_set, names);
  }
  const result: RidingJoin = { joined: 0, unjoined: {} };
  const miss = (why: string) => {
    result.unjoined[why] = (result.unjoined[why] ?? 0) + 1;
  };
  for (const p of politicians) {
    if (p.level !== 'provincial' || !p.province_territory) continue;
    for (const t of p.terms) {
      if (t.constituency_id || !t.constituency_name) continue;
      const start = t.start_at.slice(0, 10);
      const inForce = Object.entries(PROVINCIAL_MAPS)
        .filter(([set, m]) => m.province === p.province_territory && m.firstUsed <= start && maps.has(set))
        .sort((a, b) => a[1].firstUsed.localeCompare(b[1].firstUsed))
        .at(-1);
      if (!inForce) {
        const any = Object.entries(PROVINCIAL_MAPS).some(([set, m]) => m.province === p.province_territory && maps.has(set));
        miss(
          any
            ? `${p.province_territory}: term begun before the first map in the file was used`
            : `${p.province_territory}: no map of the province in the file with a known first use`,
        );
        continue;
      }
      const ids = maps.get(inForce[0])!.get(placeName(t.constituency_name)) ?? [];
      if (ids.length !== 1) {
        miss(`${p.province_territory}: ${ids.length ? 'riding named twice on' : 'riding not named on'} ${inForce[0]}`);
        continue;
      }
      t.constituency_id = ids[0];
      result.joined++;
    }
    // The person's riding is the latest term's.
    const latest = [...p.terms].sort((a, b) => a.start_at.localeCompare(b.start_at)).at(-1);
    if (!p.constituency_id && latest?.constituency_id && latest.constituency_name === p.constituency_name)
      p.constituency_id = latest.constituency_id;
  }
  return result;
}
