// One row of the Nova Scotia open-data dataset "Bills introduced in the Nova Scotia Legislature"
// (data.novascotia.ca, Socrata id iz5x-dzyf), as the SODA API serves it (`/resource/iz5x-dzyf.json`:
// a JSON array of rows, URL columns as `{ "url": … }`, dates as floating timestamps
// "2025-10-03T00:00:00.000"). A row gives the bill's latest status and its date, not its history.
import type { BillStage } from '../../../src/core/domain/enums.js';

export interface NsBillRow {
  assembly: number;
  session: number;
  number: string;
  title: string;
  status: string | null;
  statusDate: string | null;
  url: string | null;
  firstReadingText: string | null;
  thirdReadingText: string | null;
}

/** The statuses the Legislature prints, as the spec's stages; a status not listed is kept as the bill's status only. */
const STAGES: Record<string, BillStage> = {
  'first reading': 'first_reading',
  'second reading': 'second_reading',
  'committee of the whole house': 'committee',
  'law amendments committee': 'committee',
  'private and local bills committee': 'committee',
  'private and local bills': 'committee',
  'third reading': 'third_reading',
  'royal assent': 'royal_assent',
  withdrawn: 'withdrawn',
};
export const nsStage = (status: string): BillStage | null => STAGES[status.trim().toLowerCase()] ?? null;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.replace(/\s+/g, ' ').trim() : null);
const link = (v: unknown) => text((v as { url?: unknown } | null)?.url);

/** A row → the bill, or the field that is missing or unreadable. */
export function readNsBillRow(row: unknown): NsBillRow | { problem: string; field: string } {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return { problem: 'row is not an object', field: '(row)' };
  const r = row as Record<string, unknown>;
  const session = /^assembly-(\d+)-session-(\d+)$/.exec(text(r.assembly_and_session) ?? '');
  if (!session)
    return { problem: `not "assembly-N-session-N": ${JSON.stringify(r.assembly_and_session ?? null)}`, field: 'assembly_and_session' };
  const number = text(r.bill_number);
  if (!number || !/^\d+[A-Z]?$/.test(number))
    return { problem: `not a bill number: ${JSON.stringify(r.bill_number ?? null)}`, field: 'bill_number' };
  // "Bill 127 - Protecting Nova Scotians Act": the number is the row's own, the rest the title.
  const title = text(r.title)?.replace(/^Bill\s+\d+[A-Z]?\s*[-–—:]\s*/i, '');
  if (!title) return { problem: 'no title', field: 'title' };
  const changed = text(r.date_status_changed);
  const statusDate = changed && /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+)?$/.test(changed) ? changed.slice(0, 10) : null;
  if (changed && !statusDate) return { problem: `not a date: ${JSON.stringify(changed)}`, field: 'date_status_changed' };
  return {
    assembly: Number(session[1]),
    session: Number(session[2]),
    number,
    title,
    status: text(r.description),
    statusDate,
    url: link(r.link),
    firstReadingText: link(r._1st_reading_bill),
    thirdReadingText: link(r._3rd_reading_bill),
  };
}
