// The bill's own fields. Titles are the English long title (`title`) and short title, and the French
// ones (`title_fr`, `short_title_fr`; also paired with the English as parallel_texts, see title-pairs.ts). bill_type and status
// are the upstream English labels as published ("House Government Bill", "At second reading in the
// Senate"). source_url is the bill's LEGISinfo page for its session and number.
import type { SourceInput } from '../types.js';
import { ottawaTimestamp, readLocal } from './ottawa-time.js';
import type { RawBill } from './read-bill.js';
import { sessionKey } from './map-session.js';

export type BillFields = Omit<SourceInput<'bills'>, 'events' | 'sponsors'>;
export interface BillIdentity {
  parliament: number;
  session: number;
  number: string;
}
export type Identified = { ok: true; id: BillIdentity } | { ok: false; reason: string; detail: string };

const NUMBER = /^[CS]-\d+[A-Z]?$/;
const SESSION = /^(\d{1,3})-(\d{1,2})$/;

/**
 * The bill's session and number, from the XML, checked against the line's wrapper (which names
 * them too): a disagreement, or a value that is not a parliament-session / C-n / S-n, is reported.
 */
export function identify(raw: RawBill, wrapper: { session: string | null; bill: string | null }): Identified {
  const xmlSession = raw.parliament && raw.session ? `${raw.parliament}-${raw.session}` : null;
  const session = xmlSession ?? wrapper.session;
  if (!session)
    return { ok: false, reason: 'bill without a session', detail: 'neither ParliamentNumber/SessionNumber nor the line names one' };
  if (xmlSession && wrapper.session && xmlSession !== wrapper.session)
    return { ok: false, reason: 'session differs between line and XML', detail: `line ${wrapper.session}, XML ${xmlSession}` };
  const m = SESSION.exec(session);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
    return { ok: false, reason: 'bill without a session', detail: `unreadable session ${JSON.stringify(session)}` };
  const number = raw.number ?? wrapper.bill;
  if (!number) return { ok: false, reason: 'bill without a number', detail: 'no NumberCode' };
  if (raw.number && wrapper.bill && raw.number !== wrapper.bill)
    return { ok: false, reason: 'bill number differs between line and XML', detail: `line ${wrapper.bill}, XML ${raw.number}` };
  if (!NUMBER.test(number)) return { ok: false, reason: 'bill number not C-n or S-n', detail: number };
  return { ok: true, id: { parliament: Number(m[1]), session: Number(m[2]), number } };
}

/** https://www.parl.ca/legisinfo/en/bill/44-1/c-11 */
export const billUrl = (id: BillIdentity) =>
  `https://www.parl.ca/legisinfo/en/bill/${id.parliament}-${id.session}/${id.number.toLowerCase()}`;

export type MappedBill = { ok: true; bill: BillFields; notes: string[] } | { ok: false; reason: string; detail: string };

/**
 * `introducedDate`: the originating chamber's first reading (or reinstatement) in the stage log;
 * failing that, the bill's own "Passed…FirstReadingDateTime" for that chamber.
 */
export function mapBill(raw: RawBill, id: BillIdentity, introducedDate: string | null): MappedBill {
  if (!raw.longTitle)
    return {
      ok: false,
      reason: 'bill without an English long title',
      detail: raw.shortTitle ? `short title: ${raw.shortTitle}` : 'no English title at all',
    };
  if (!raw.type) return { ok: false, reason: 'bill without a bill type', detail: 'no BillDocumentTypeNameEn' };
  const notes: string[] = [];
  let introduced = introducedDate;
  if (!introduced && raw.originatingChamber) {
    const r = readLocal(
      raw.summary[raw.originatingChamber === 'House' ? 'PassedHouseFirstReadingDateTime' : 'PassedSenateFirstReadingDateTime'],
    );
    if ('problem' in r) notes.push(`first reading: ${r.problem}`);
    introduced = r.value?.date ?? null;
  }
  const changed = readLocal(raw.statusAt);
  if ('problem' in changed) notes.push(`status date: ${changed.problem}`);
  return {
    ok: true,
    notes,
    bill: {
      session_key: sessionKey(id.parliament, id.session),
      bill_number: id.number,
      title: raw.longTitle,
      short_title: raw.shortTitle,
      title_fr: raw.longTitleFr,
      short_title_fr: raw.shortTitleFr,
      bill_type: raw.type,
      status: raw.status,
      status_changed_at: changed.value ? ottawaTimestamp(changed.value) : null,
      introduced_date: introduced,
      source_system: 'legisinfo',
      source_url: billUrl(id),
      source_id: raw.id,
    },
  };
}
