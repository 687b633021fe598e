// A recorded division → a vote record with every member's position. Voters are looked up by what
// the list prints (surname, bracketed riding) plus what their seat DbId carries from speaker labels
// of the same Parliament (full name, riding) — never by the DbId itself, which is not a PersonId.
// The question: the motion as last printed in the subject ("The House resumed … consideration of the
// motion that Bill C-21 … be read the third time and passed, and of the amendment.") and the
// division line ("(The House divided on the amendment, which was negatived …)").
import type { VoteResult } from '../../../src/core/domain/enums.js';
import { personName, unlinkedReason } from '../identity.js';
import type { ImportContext, Skip, SourceInput } from '../types.js';
import type { HansardMembers } from './hansard-members.js';
import { ottawaTimestamp } from './clock.js';
import { readDivision } from './division.js';
import type { DocMeta } from './metadata.js';
import { houseMember, SOURCE_SYSTEM, type Lookup } from './speeches.js';
import type { DivisionAt } from './walk.js';

export const VOTERS = 'hoc-hansard voters';
const MOTION_MAX = 2000;
const BILL = /\b(?:bill|projet de loi)\s+([CS]-\d+)\b/i;

/** "…which was agreed to…" / "…negatived…" (French "adoptée" / "rejetée"). */
export function resultOf(divided: string | null): VoteResult | null {
  if (!divided) return null;
  if (/\bnegatived\b|\brejet[ée]e?s?\b/i.test(divided)) return 'defeated';
  if (/\bagreed to\b|\badopt[ée]e?s?\b/i.test(divided)) return 'passed';
  return null;
}

const byCount = (yeas: number, nays: number): VoteResult => (yeas > nays ? 'passed' : yeas < nays ? 'defeated' : 'tied');
const cut = (s: string) => (s.length > MOTION_MAX ? `${s.slice(0, MOTION_MAX - 1).trimEnd()}…` : s);

export interface VoteOutput {
  vote: SourceInput<'votes'> | null;
  listed: number;
  resolved: number;
  totalsDiffer: boolean;
}

export function voteRecord(
  meta: DocMeta,
  file: string,
  at: DivisionAt,
  lookup: Lookup,
  sessionKey: string | null,
  ctx: ImportContext,
  members?: HansardMembers,
): VoteOutput {
  const read = readDivision(at.el);
  const record = `Division ${read.number ?? '(no number)'}`;
  for (const p of read.problems) ctx.skip({ file, record, ...p });
  const none: VoteOutput = { vote: null, listed: read.ballots.length, resolved: 0, totalsDiffer: false };
  if (read.number === null) {
    ctx.skip({ file, record, reason: 'division without a number' });
    return none;
  }
  const key = `ca-hoc/vote/${meta.parliament}-${meta.session}/${read.number}`;
  if (!sessionKey) {
    ctx.skip({
      file,
      record,
      reason: 'division in a session with no session record',
      detail: `${key}: a vote needs its session (see the session skip)`,
    });
    return none;
  }
  if (at.place.minutes === null) {
    ctx.skip({ file, record, reason: 'division before any clock stamp' });
    return none;
  }

  const yeas = read.listed.yea ?? 0,
    nays = read.listed.nay ?? 0;
  let totalsDiffer = false;
  for (const side of ['yea', 'nay', 'paired'] as const) {
    const printed = read.printed[side];
    if (printed !== undefined && printed !== null && printed !== (read.listed[side] ?? 0)) {
      totalsDiffer = true;
      ctx.log(`${file} ${record}: ${side} printed total ${printed}, ${read.listed[side] ?? 0} members listed (the listed count is used)`);
    }
  }
  const stated = resultOf(at.divided);
  const result = stated ?? byCount(yeas, nays);
  if (stated && stated !== byCount(yeas, nays)) ctx.log(`${file} ${record}: printed result ${stated} but ${yeas} yeas / ${nays} nays`);

  const positions: NonNullable<SourceInput<'votes'>['positions']> = [];
  const keys = new Set<string>(),
    raws = new Set<string>();
  let resolved = 0;
  for (const b of read.ballots) {
    const same = (k: ReturnType<Lookup['inDocument']>) => (k && personName(k.name).endsWith(personName(b.lastName)) ? k : null);
    const seat = same(lookup.inParliament(b.dbId));
    const doc = same(lookup.inDocument(b.dbId));
    const printed = b.constituency ?? seat?.constituency ?? null;
    const constituency = printed && lookup.english(printed);
    const r = ctx.identity.resolve(VOTERS, {
      name: seat?.name ?? null,
      lastName: b.lastName,
      constituency,
      party: doc?.party ?? null,
      ...houseMember(meta.date),
    });
    let sighting: Skip | null = null;
    if (r.key === null) {
      const skip: Skip = {
        file,
        record: `${record}: ${b.raw}`,
        reason: unlinkedReason('voter', r.reason),
        detail: `${seat?.name ?? b.lastName} on ${meta.date}${r.detail ? `: ${r.detail}` : ''}`,
      };
      // The seat DbId carries a full label of this Parliament: a sighting of that member (hansard-members.ts).
      if (members && r.reason === 'no_candidate' && seat && constituency) sighting = skip;
      else ctx.skip(skip);
    }
    let politicianKey = r.key;
    if (politicianKey && keys.has(politicianKey)) {
      ctx.skip({
        file,
        record: `${record}: ${b.raw}`,
        reason: 'two ballots matched to one politician: the second left unlinked',
        detail: politicianKey,
      });
      politicianKey = null;
    }
    if (!politicianKey && raws.has(b.raw)) {
      ctx.skip({ file, record: `${record}: ${b.raw}`, reason: 'division member listed twice' });
      continue;
    }
    if (politicianKey) {
      keys.add(politicianKey);
      resolved++;
    } else raws.add(b.raw);
    // The party and riding of that day: as printed, else the linked member's term on the date.
    const term = politicianKey ? ctx.identity.termOn(politicianKey, meta.date, 'MP') : null;
    const position: NonNullable<SourceInput<'votes'>['positions']>[number] = {
      politician_key: politicianKey,
      politician_name_raw: b.raw,
      party_at_time: doc?.party ?? term?.party ?? null,
      constituency_at_time: printed ?? term?.constituency_name ?? null,
      position: b.position,
    };
    positions.push(position);
    if (sighting && members && seat && constituency) {
      members.sight({
        name: seat.name,
        riding: constituency,
        party: seat.party,
        date: meta.date,
        parliament: meta.parliament,
        source: VOTERS,
        skip: sighting,
        link: (k) => {
          position.politician_key = k;
          position.party_at_time ??= seat.party;
        },
      });
    }
  }

  const motion = [at.motion ?? at.place.subject, at.divided].filter(Boolean).join('\n\n');
  const bill = [at.motion, at.billCaption, at.place.subject].map((t) => BILL.exec(t ?? '')?.[1]).find(Boolean) ?? null;
  return {
    vote: {
      key,
      session_key: sessionKey,
      bill_number: bill ? bill.toUpperCase() : null,
      vote_type: 'division',
      occurred_at: ottawaTimestamp(meta.date, at.place.minutes),
      result,
      ayes: yeas,
      nays,
      motion_text: motion ? cut(motion) : null,
      source_system: SOURCE_SYSTEM,
      source_url: meta.sourceUrl,
      positions,
    },
    listed: read.ballots.length,
    resolved,
    totalsDiffer,
  };
}
