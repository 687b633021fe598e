// Bills, their event log and sponsors: all SQL for the resource.
import type Database from 'better-sqlite3';
import type { BillStage, Level, SponsorRole } from '../../core/domain/enums.js';
import { createPager, Where, type Page } from './paged.js';
import { billNumberQuery, compactNumberSql } from './bill-number.js';
import { containsText } from '../../core/data-file/text-index.js';

export interface BillListItem {
  id: string;
  session_id: string;
  level: Level;
  province_territory: string | null;
  bill_number: string;
  title: string;
  short_title: string | null;
  bill_type: string;
  status: string | null;
  status_changed_at: string | null;
  introduced_date: string | null;
  source_system: string;
  source_url: string | null;
  first_seen_at: string;
  updated_at: string;
  parliament_number: number;
  session_number: number;
  session_name: string;
  events_count: number;
  sponsors_count: number;
}

export interface BillDetail extends BillListItem {
  source_id: string | null;
  session_start_date: string;
  session_end_date: string | null;
  votes_count: number;
}

export interface BillEvent {
  id: string;
  bill_id: string;
  stage: BillStage;
  stage_label: string;
  event_type: string | null;
  outcome: string | null;
  committee_name: string | null;
  event_date: string;
  source_url: string | null;
  created_at: string;
}

export interface BillSponsor {
  id: string;
  bill_id: string;
  politician_id: string | null;
  sponsor_name_raw: string;
  role: SponsorRole;
  ordering: number;
  created_at: string;
  politician_name: string | null;
  politician_party: string | null;
  external_parliament_slug: string | null;
}

export interface BillFilters {
  level?: Level;
  province_territory?: string;
  session_id?: string;
  status?: string;
  sponsor_politician_id?: string;
  q?: string;
  introduced_from?: string;
  introduced_to?: string;
  page: number;
  limit: number;
}

const LIST_COLUMNS = `b.id, b.session_id, b.level, b.province_territory, b.bill_number, b.title, b.short_title, b.bill_type,
  b.status, b.status_changed_at, b.introduced_date, b.source_system, b.source_url, b.first_seen_at, b.updated_at,
  s.parliament_number, s.session_number, s.name AS session_name, b.events_count, b.sponsors_count`;
const FROM = 'bills b JOIN sessions s ON s.id = b.session_id';
const EXACT_NUMBER = `${compactNumberSql('b.bill_number')} = ?`;

export function createBillQueries(db: Database.Database) {
  const paged = createPager(db);
  const detail = db.prepare(`SELECT ${LIST_COLUMNS}, b.source_id, s.start_date AS session_start_date,
      s.end_date AS session_end_date, b.votes_count FROM ${FROM} WHERE b.id = ?`);
  const exists = db.prepare('SELECT 1 FROM bills WHERE id = ?').pluck();
  const events = db.prepare(`SELECT id, bill_id, stage, stage_label, event_type, outcome, committee_name, event_date, source_url, created_at
    FROM bill_events WHERE bill_id = ? ORDER BY event_date, ord, id`);
  const sponsors = db.prepare(`SELECT sp.id, sp.bill_id, sp.politician_id, sp.sponsor_name_raw, sp.role, sp.ordering, sp.created_at,
      p.name AS politician_name, p.party AS politician_party, p.external_parliament_slug
    FROM bill_sponsors sp LEFT JOIN politicians p ON p.id = sp.politician_id WHERE sp.bill_id = ? ORDER BY sp.ordering, sp.id`);

  return {
    list(f: BillFilters): Page<BillListItem> {
      const where = new Where()
        .when(f.level, 'b.level = ?')
        .when(f.province_territory, 'b.province_territory = ?')
        .when(f.session_id, 'b.session_id = ?')
        .when(f.status, 'b.status = ?')
        .when(f.sponsor_politician_id, 'b.id IN (SELECT bill_id FROM bill_sponsors WHERE politician_id = ?)')
        .when(f.introduced_from, 'b.introduced_date >= ?')
        .when(f.introduced_to, 'b.introduced_date <= ?');
      const number = f.q === undefined ? null : billNumberQuery(f.q);
      if (number) {
        // A bill number: that bill in every session, newest session first, then the bills whose
        // number or titles contain it as spelled ("C-21" in C-210 or in "amends Bill C-21").
        const [contains, value] = containsText('bills', 'b', number.spelled);
        where.always(`(${EXACT_NUMBER} OR ${contains})`, number.compact, value);
        return paged<BillListItem>({
          select: LIST_COLUMNS,
          from: FROM,
          where,
          page: f.page,
          limit: f.limit,
          orderBy: `${EXACT_NUMBER} DESC, CASE WHEN ${EXACT_NUMBER} THEN s.start_date END DESC, b.introduced_date DESC, b.id`,
          orderParams: [number.compact, number.compact],
        });
      }
      if (f.q !== undefined) where.always(...containsText('bills', 'b', f.q, { walkOrderIndex: true }));
      // Newest first; SQLite sorts NULL lowest, so DESC puts undated bills last and bills_by_order serves it.
      return paged<BillListItem>({
        select: LIST_COLUMNS,
        from: FROM,
        where,
        orderBy: 'b.introduced_date DESC, b.id',
        page: f.page,
        limit: f.limit,
      });
    },
    detail: (id: string) => (detail.get(id) as BillDetail | undefined) ?? null,
    exists: (id: string) => exists.get(id) === 1,
    events: (id: string) => events.all(id) as BillEvent[],
    sponsors: (id: string) => sponsors.all(id) as BillSponsor[],
  };
}

export type BillQueries = ReturnType<typeof createBillQueries>;
