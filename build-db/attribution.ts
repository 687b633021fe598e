// How many people in the data are linked to a politician, per source: the share of speeches (all,
// and those of members only), bill sponsors and vote positions with a politician id. Computed from the written tables, so it
// states what the data file holds, whatever importer produced it.
import type Database from 'better-sqlite3';

export interface Attribution { total: number; linked: number; rate: number }

const QUERIES: Record<string, string> = {
  speeches: `SELECT source_system AS source, count(*) AS total, count(politician_id) AS linked FROM speeches GROUP BY source_system`,
  // The speeches of members (presiding or not, or whoever the source does not say is something
  // else): witnesses, officials and collective voices are not politicians and are counted apart.
  member_speeches: `SELECT source_system AS source, count(*) AS total, count(politician_id) AS linked FROM speeches
    WHERE speaker_kind IS NULL OR speaker_kind IN ('member', 'presiding') GROUP BY source_system`,
  bill_sponsors: `SELECT b.source_system AS source, count(*) AS total, count(s.politician_id) AS linked
    FROM bill_sponsors s JOIN bills b ON b.id = s.bill_id GROUP BY b.source_system`,
  vote_positions: `SELECT v.source_system AS source, count(*) AS total, count(p.politician_id) AS linked
    FROM vote_positions p JOIN votes v ON v.id = p.vote_id GROUP BY v.source_system`,
};

/** `{ "speeches/hoc-hansard": { total, linked, rate } , ... }` */
export function measureAttribution(db: Database.Database): Record<string, Attribution> {
  const out: Record<string, Attribution> = {};
  for (const [what, sql] of Object.entries(QUERIES)) {
    for (const row of db.prepare(sql).all() as Array<{ source: string; total: number; linked: number }>) {
      out[`${what}/${row.source}`] = { total: row.total, linked: row.linked, rate: row.total ? Number((row.linked / row.total).toFixed(4)) : 0 };
    }
  }
  return out;
}
