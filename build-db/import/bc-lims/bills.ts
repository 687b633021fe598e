// LIMS progress-of-bills JSON (one file per session id) → bills with their readings as events and
// the member who introduced them as sponsor. LIMS answers an unknown session id with another
// session's bills, so every bill's reading files must name the session folder asked for.
import type { SourceInput } from '../types.js';
import { sessionFolder, sessionKey, type LimsSession } from './sessions.js';

export interface LimsBill {
  billId?: number;
  billNumber?: number;
  title?: string;
  billTypeId?: number;
  memberId?: number | null;
  memberAlias?: string | null;
  firstReading?: string | null;
  secondReading?: string | null;
  committeeReading?: string | null;
  reportReading?: string | null;
  amendedReading?: string | null;
  thirdReading?: string | null;
  royalAssent?: string | null;
  chapterNumber?: number | null;
  reinstated?: boolean;
  ruledOutOfOrder?: boolean;
  files?: { nodes?: Array<{ readingTypeName?: string; readingDate?: string; path?: string }> };
}

// billTypeId as LIMS numbers them (1 government, 2 member's); another id is reported, not guessed.
const BILL_TYPES: Record<number, string> = { 1: 'Government Bill', 2: "Member's Bill" };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Stage = SourceInput<'bills'>['events'] extends Array<infer E> | undefined ? (E extends { stage: infer S } ? S : never) : never;
// Each dated LIMS field, in the order a bill passes them, with the stage it maps to.
// The last is the `readingTypeName` of the text printed at that stage, when LIMS publishes one.
const READINGS: Array<[keyof LimsBill, Stage, string, string | null]> = [
  ['firstReading', 'first_reading', 'First reading', '1st Reading'],
  ['secondReading', 'second_reading', 'Second reading', '2nd Reading'],
  ['committeeReading', 'committee', 'Committee of the Whole', null],
  ['reportReading', 'committee', 'Report', null],
  ['amendedReading', 'committee', 'Amended', null],
  ['thirdReading', 'third_reading', 'Third reading', '3rd Reading'],
  ['royalAssent', 'royal_assent', 'Royal Assent', null],
];

export type MappedBill = { ok: true; bill: SourceInput<'bills'>; memberId: number | null } | { ok: false; reason: string; detail: string };

export function mapBill(raw: LimsBill, session: LimsSession, sponsorKey: string | null): MappedBill {
  if (!Number.isInteger(raw.billNumber))
    return { ok: false, reason: 'bill without a number', detail: JSON.stringify(raw.billNumber ?? null) };
  if (!raw.title?.trim()) return { ok: false, reason: 'bill without a title', detail: `bill ${raw.billNumber}` };
  const type = BILL_TYPES[raw.billTypeId ?? -1];
  if (!type) return { ok: false, reason: 'unknown bill type id', detail: `bill ${raw.billNumber}: billTypeId ${raw.billTypeId}` };
  const folder = sessionFolder(session);
  const paths = (raw.files?.nodes ?? []).map((f) => f.path ?? '');
  const foreign = paths.find((p) => !p.startsWith(`/ldp/${folder}/`));
  if (foreign)
    return { ok: false, reason: "bill's files are of another session", detail: `bill ${raw.billNumber}: ${foreign} (asked for ${folder})` };
  const events: NonNullable<SourceInput<'bills'>['events']> = [];
  for (const [field, stage, label, printed] of READINGS) {
    const when = raw[field];
    if (typeof when !== 'string' || !DATE.test(when)) continue;
    const file = printed ? (raw.files?.nodes ?? []).find((f) => f.readingTypeName === printed && f.path) : undefined;
    events.push({
      // Committee, report and amendment all map to the `committee` stage, often on one day: the
      // event type keeps them apart (the build refuses two events of one stage, date and type).
      event_type: label,
      stage,
      stage_label: field === 'royalAssent' && raw.chapterNumber ? `${label} (chapter ${raw.chapterNumber})` : label,
      event_date: when,
      source_url: file ? `https://lims.leg.bc.ca/pdms${file.path}` : null,
    });
  }
  const last = events.at(-1);
  const latestFile = paths.filter(Boolean).at(-1);
  return {
    ok: true,
    memberId: raw.memberId ?? null,
    bill: {
      session_key: sessionKey(session),
      bill_number: String(raw.billNumber),
      title: raw.title.trim(),
      bill_type: type,
      status: raw.ruledOutOfOrder ? 'Ruled out of order' : last ? last.stage_label : null,
      introduced_date: raw.firstReading && DATE.test(raw.firstReading) ? raw.firstReading : null,
      source_system: 'bc-lims',
      source_url: latestFile ? `https://lims.leg.bc.ca/pdms${latestFile}` : null,
      source_id: raw.billId !== undefined ? String(raw.billId) : null,
      events,
      sponsors: raw.memberAlias ? [{ politician_key: sponsorKey, sponsor_name_raw: raw.memberAlias, role: 'sponsor', ordering: 1 }] : [],
    },
  };
}
