// Committee meetings, precomputed at build from committee speeches.
import type Database from 'better-sqlite3';
import type { Level } from '../../core/domain/enums.js';
import { createPager, Where, type Page } from './paged.js';

export interface CommitteeMeeting {
  meeting_url: string;
  level: Level;
  province_territory: string | null;
  source_system: string;
  date: string;
  first_spoken_at: string;
  last_spoken_at: string;
  speech_count: number;
}

export interface MeetingFilters {
  level?: Level;
  province_territory?: string;
  source_system?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

export function createCommitteeQueries(db: Database.Database) {
  const paged = createPager(db);
  return {
    meetings(f: MeetingFilters): Page<CommitteeMeeting> {
      const where = new Where()
        .when(f.level, 'level = ?')
        .when(f.province_territory, 'province_territory = ?')
        .when(f.source_system, 'source_system = ?')
        .when(f.from, 'date >= ?')
        .when(f.to, 'date <= ?');
      return paged<CommitteeMeeting>({
        select: 'meeting_url, level, province_territory, source_system, date, first_spoken_at, last_spoken_at, speech_count',
        from: 'committee_meetings',
        where,
        orderBy: 'date DESC, first_spoken_at DESC, meeting_url',
        page: f.page,
        limit: f.limit,
      });
    },
  };
}

export type CommitteeQueries = ReturnType<typeof createCommitteeQueries>;
