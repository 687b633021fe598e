// How many people in the data are linked to a politician, per source: the share of speeches (all,
// and those of members only), bill sponsors and vote positions with a politician id. Computed from the written tables, so it
// states what the data file holds, whatever importer produced it.
import type Database from 'better-sqlite3';

export interface Attribution {
  total: number;
  linked: number;
  rate: number;
}

/** Each query groups by source and yields, per measure, its total and linked columns
 *  (`<measure>_total`, `<measure>_linked`). */
const QUERIES: Array<{ measures: string[]; sql: string }> = [
  // The speeches of members (presiding or not, or whoever the source does not say is something
  // else): witnesses, officials and collective voices are not politicians and are counted apart.
  // Both in one pass over the speeches (8 M rows at full scale).
  {
    measures: ['speeches', 'member_speeches'],
    sql: `SELECT source_system AS source, count(*) AS speeches_total, count(politician_id) AS speeches_linked,
      sum(speaker_kind IS NULL OR speaker_kind IN ('member', 'presiding')) AS member_speeches_total,
      sum((speaker_kind IS NULL OR speaker_kind IN ('member', 'presiding')) AND politician_id IS NOT NULL) AS member_speeches_linked
      FROM speeches GROUP BY source_system`,
  },
  {
    measures: ['bill_sponsors'],
    sql: `SELECT b.source_system AS source, count(*) AS bill_sponsors_total, count(s.politician_id) AS bill_sponsors_linked
      FROM bill_sponsors s JOIN bills b ON b.id = s.bill_id GROUP BY b.source_system`,
  },
  {
    measures: ['vote_positions'],
    sql: `SELECT v.source_system AS source, count(*) AS vote_positions_total, count(p.politician_id) AS vote_positions_linked
      FROM vote_positions p JOIN votes v ON v.id = p.vote_id GROUP BY v.source_system`,
  },
];

/** `{ "speeches/hoc-hansard": { total, linked, rate } , ... }`: a source with no row of a measure
 *  (no member among its speakers) is left out of it. */
export function measureAttribution(db: Database.Database): Record<string, Attribution> {
  const out: Record<string, Attribution> = {};
  for (const { measures, sql } of QUERIES) {
    const rows = db.prepare(sql).all() as Array<Record<string, number | string>>;
    for (const m of measures) {
      for (const row of rows) {
        const total = row[`${m}_total`] as number,
          linked = row[`${m}_linked`] as number;
        if (!total) continue;
        out[`${m}/${row.source}`] = { total, linked, rate: Number((linked / total).toFixed(4)) };
      }
    }
  }
  return out;
}
