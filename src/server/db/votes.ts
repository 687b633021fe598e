// Votes and their positions: all SQL for the resource.
import type Database from 'better-sqlite3';
import type { Level, Position, VoteResult, VoteType } from '../../core/domain/enums.js';
import { createPager, Where, type Page } from './paged.js';

export interface VoteListItem {
  id: string;
  session_id: string;
  level: Level;
  province_territory: string | null;
  bill_id: string | null;
  vote_type: VoteType;
  occurred_at: string;
  result: VoteResult;
  ayes: number | null;
  nays: number | null;
  abstentions: number | null;
  motion_text: string | null;
  source_system: string;
  source_url: string | null;
  created_at: string;
  updated_at: string;
  parliament_number: number;
  session_number: number;
  session_name: string;
  bill_number: string | null;
  bill_title: string | null;
  positions_count: number;
}

export interface VoteDetail extends VoteListItem {
  bill_short_title: string | null;
}

export interface VotePosition {
  id: string;
  vote_id: string;
  politician_id: string | null;
  politician_name_raw: string;
  party_at_time: string | null;
  constituency_at_time: string | null;
  position: Position;
  politician_name: string | null;
  politician_party_current: string | null;
  external_parliament_slug: string | null;
}

export interface VoteFilters {
  level?: Level;
  province_territory?: string;
  session_id?: string;
  bill_id?: string;
  result?: VoteResult;
  vote_type?: VoteType;
  occurred_from?: string;
  occurred_to?: string;
  page: number;
  limit: number;
}

const LIST_COLUMNS = `v.id, v.session_id, v.level, v.province_territory, v.bill_id, v.vote_type, v.occurred_at, v.result,
  v.ayes, v.nays, v.abstentions, v.motion_text, v.source_system, v.source_url, v.created_at, v.updated_at,
  s.parliament_number, s.session_number, s.name AS session_name, b.bill_number, b.title AS bill_title, v.positions_count`;
const FROM = 'votes v JOIN sessions s ON s.id = v.session_id LEFT JOIN bills b ON b.id = v.bill_id';

/** The first instant after a whole UTC day (decisions 1: `occurred_to` includes all of that day). */
const dayAfter = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export function createVoteQueries(db: Database.Database) {
  const paged = createPager(db);
  const detail = db.prepare(`SELECT ${LIST_COLUMNS}, b.short_title AS bill_short_title FROM ${FROM} WHERE v.id = ?`);
  const exists = db.prepare('SELECT 1 FROM votes WHERE id = ?').pluck();
  const positions = db.prepare(`SELECT vp.id, vp.vote_id, vp.politician_id, vp.politician_name_raw, vp.party_at_time,
      vp.constituency_at_time, vp.position, p.name AS politician_name, p.party AS politician_party_current, p.external_parliament_slug
    FROM vote_positions vp LEFT JOIN politicians p ON p.id = vp.politician_id
    WHERE vp.vote_id = ? ORDER BY vp.position_order, vp.sort_name, vp.id`);

  return {
    list(f: VoteFilters): Page<VoteListItem> {
      // Timestamps compare as text: '2024-05-01' <= '2024-05-01T..' < '2024-05-02'.
      const where = new Where()
        .when(f.level, 'v.level = ?')
        .when(f.province_territory, 'v.province_territory = ?')
        .when(f.session_id, 'v.session_id = ?')
        .when(f.bill_id, 'v.bill_id = ?')
        .when(f.result, 'v.result = ?')
        .when(f.vote_type, 'v.vote_type = ?')
        .when(f.occurred_from, 'v.occurred_at >= ?')
        .when(f.occurred_to, 'v.occurred_at < ?', dayAfter);
      return paged<VoteListItem>({
        select: LIST_COLUMNS,
        from: FROM,
        where,
        orderBy: 'v.occurred_at DESC, v.id',
        page: f.page,
        limit: f.limit,
      });
    },
    detail: (id: string) => (detail.get(id) as VoteDetail | undefined) ?? null,
    exists: (id: string) => exists.get(id) === 1,
    positions: (id: string) => positions.all(id) as VotePosition[],
  };
}

export type VoteQueries = ReturnType<typeof createVoteQueries>;
