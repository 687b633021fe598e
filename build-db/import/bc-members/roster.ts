// One LIMS GraphQL answer `allMemberParliaments(condition: {parliamentId: N})`: a node per member who
// sat in that parliament, with the party and riding LIMS holds for them in it (one of each per
// parliament, undated: a member who left their caucus shows the new party for the whole parliament),
// `active` (still sitting when the answer was made), and the member's election and resignation dates.
// LIMS lists an empty seat as a member named "Vacant Seat" of the party "Vacant": not a person.
// Layout: a real saved answer (docs/importers.md, bc-members).

export interface RosterNode {
  memberId: number;
  active: boolean;
  firstName: string;
  lastName: string;
  middleName: string | null;
  party: string | null;
  riding: string | null;
  elections: string[];
  resignations: string[];
}

export type RosterRow = RosterNode | { problem: string; record: string; vacant?: boolean };

/** A node as LIMS sends it, every field unchecked. */
interface RawNode {
  memberId?: unknown;
  active?: unknown;
  partyByPartyId?: { name?: unknown } | null;
  constituencyByConstituencyId?: { name?: unknown } | null;
  memberByMemberId?: {
    id?: unknown;
    firstName?: unknown;
    lastName?: unknown;
    middleName?: unknown;
    memberResignationsByMemberId?: { nodes?: unknown } | null;
    memberElectionsByMemberId?: { nodes?: unknown } | null;
  } | null;
}

const DAY = /^(\d{4}-\d{2}-\d{2})/;
const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() ? x.trim() : null);
const dates = (nodes: unknown, field: string): string[] =>
  (Array.isArray(nodes) ? nodes : [])
    .map((n) => DAY.exec(String((n as Record<string, unknown>)?.[field] ?? ''))?.[1])
    .filter((d): d is string => !!d)
    .sort();

/** The rows of an answer, or null when it is not an allMemberParliaments answer at all. */
export function readRoster(json: unknown): RosterRow[] | null {
  const nodes = (json as { data?: { allMemberParliaments?: { nodes?: unknown } } })?.data?.allMemberParliaments?.nodes;
  if (!Array.isArray(nodes)) return null;
  return nodes.map((raw, i): RosterRow => {
    const n = (raw ?? {}) as RawNode;
    const m = n.memberByMemberId ?? {};
    const id = (Number.isInteger(n.memberId) ? n.memberId : m.id) as number;
    const record = Number.isInteger(id) ? `member ${id}` : `node ${i + 1}`;
    const first = text(m.firstName);
    const last = text(m.lastName);
    const party = text(n.partyByPartyId?.name);
    if (party === 'Vacant' || (first === 'Vacant' && last === 'Seat'))
      return { problem: `vacant seat of ${text(n.constituencyByConstituencyId?.name) ?? '?'}`, record, vacant: true };
    if (!Number.isInteger(id)) return { problem: 'no memberId', record };
    if (Number.isInteger(m.id) && m.id !== id) return { problem: `memberId ${id} but memberByMemberId.id ${m.id}`, record };
    if (!first || !last) return { problem: 'member without a first and last name', record };
    if (typeof n.active !== 'boolean') return { problem: 'active is not true or false', record };
    return {
      memberId: id,
      active: n.active,
      firstName: first,
      lastName: last,
      middleName: text(m.middleName),
      party,
      riding: text(n.constituencyByConstituencyId?.name),
      elections: dates(m.memberElectionsByMemberId?.nodes, 'electionDate'),
      resignations: dates(m.memberResignationsByMemberId?.nodes, 'resignationDate'),
    };
  });
}

/** Names a BC transcript or division list may print for a member: LIMS writes an Indigenous name and
 *  an English one as "Qwulti'stunaat - Debra" in `firstName`; Hansard prints "Debra Toporowski". */
export function namesOf(n: Pick<RosterNode, 'firstName' | 'middleName' | 'lastName'>): { name: string; other: string[] } {
  const parts = n.firstName
    .split(/\s+-\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const given = parts.at(-1)!;
  const name = `${given} ${n.lastName}`;
  const other = new Set<string>();
  if (parts.length > 1) {
    other.add(`${n.firstName} ${n.lastName}`);
    for (const p of parts.slice(0, -1)) other.add(`${p} ${n.lastName}`);
  }
  if (n.middleName) other.add(`${given} ${n.middleName} ${n.lastName}`);
  other.delete(name);
  return { name, other: [...other] };
}
