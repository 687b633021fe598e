// The chairs of the current session's committees (pcms, GET
// https://api.lims.leg.bc.ca/pcms/committees/membership): `currentParliament` (`parliamentNumber`,
// `sessionNumber`) and the committees grouped `standing`, `special`, `statutory`, each with
// `committeeByCommitteeId.name` and the office holders `committeeChair`, `committeeDeputyChair`,
// `committeeConvener` (before a chair is elected), each `{ memberByMemberId: { id, firstName, lastName } }`
// where `id` is the LIMS member id. Layout learned from adminatthebunker/CanadianPoliticalData
// (bc_committees.py, ingest_bc_committee_membership); not seen live from here. It names the current
// holders only, so it is applied to meetings of the session it names and to no other.
import { memberKey } from '../bc-lims/index.js';
import type { ListingProblem } from './listing.js';

export const MEMBERSHIP_URL = 'https://api.lims.leg.bc.ca/pcms/committees/membership';

export interface OfficeHolder {
  key: string;
  name: string;
}

export interface Chairs {
  chair: OfficeHolder | null;
  deputy: OfficeHolder | null;
}

export interface Membership {
  parliament: number;
  session: number;
  /** By the committee's name as printed (`committeeByCommitteeId.name`). */
  committees: Map<string, Chairs>;
  problems: ListingProblem[];
}

type Slot = { memberByMemberId?: { id?: unknown; firstName?: unknown; lastName?: unknown } | null } | null | undefined;

const asNumber = (x: unknown) => (typeof x === 'number' || (typeof x === 'string' && /^\d+$/.test(x)) ? Number(x) : null);

function holder(slot: Slot, record: string, field: string, problems: ListingProblem[]): OfficeHolder | null {
  if (!slot) return null;
  const m = slot.memberByMemberId;
  const name = [m?.firstName, m?.lastName].filter((x) => typeof x === 'string' && x.trim()).join(' ');
  if (!Number.isInteger(m?.id) || !name) {
    problems.push({ record, field: `${field}.memberByMemberId`, message: 'no member id and name' });
    return null;
  }
  return { key: memberKey(m!.id as number), name };
}

/** The membership answer, or the field that makes it unreadable as a whole. */
export function readMembership(text: string): { membership: Membership; error: null } | { membership: null; error: ListingProblem } {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { membership: null, error: { record: 'whole file', field: '(JSON)', message: `not JSON: ${(e as Error).message}` } };
  }
  const current = (doc?.currentParliament ?? null) as { parliamentNumber?: unknown; sessionNumber?: unknown } | null;
  const parliament = asNumber(current?.parliamentNumber);
  const session = asNumber(current?.sessionNumber);
  if (!parliament || !session)
    return {
      membership: null,
      error: { record: 'whole file', field: 'currentParliament.parliamentNumber/sessionNumber', message: 'not numbers' },
    };
  const problems: ListingProblem[] = [];
  const committees = new Map<string, Chairs>();
  for (const group of ['standing', 'special', 'statutory'] as const) {
    const entries = doc[group];
    if (entries === undefined || entries === null) continue;
    if (!Array.isArray(entries)) {
      problems.push({ record: group, field: group, message: 'not an array' });
      continue;
    }
    entries.forEach((e: Record<string, Slot & { name?: unknown }>, i) => {
      const record = `${group}[${i}]`;
      const name = typeof e?.committeeByCommitteeId?.name === 'string' ? e.committeeByCommitteeId.name.trim() : '';
      if (!name) {
        problems.push({ record, field: 'committeeByCommitteeId.name', message: 'missing' });
        return;
      }
      committees.set(name, {
        chair:
          holder(e.committeeChair, record, 'committeeChair', problems) ??
          holder(e.committeeConvener, record, 'committeeConvener', problems),
        deputy: holder(e.committeeDeputyChair, record, 'committeeDeputyChair', problems),
      });
    });
  }
  return { membership: { parliament, session, committees, problems }, error: null };
}
