// One recorded division as printed: <Division DivisionNumber> with a <DivisionType vote-type="Yeas|
// Nays|Paired"> block per side, each listing members by surname (the riding in brackets when two
// members share it: "Falk (Provencher)") with their seat DbId, and a printed "<Total> -- 110"
// (a side with nobody prints <Nil>).
import type { Position } from '../../../src/core/domain/enums.js';
import { attr, child, childrenNamed, elements, flatText, type Element } from './document.js';
import { splitParens } from './speaker.js';

export interface Ballot {
  raw: string;
  lastName: string;
  constituency: string | null;
  dbId: string | null;
  position: Position;
}

export interface DivisionRead {
  number: number | null;
  ballots: Ballot[];
  /** Members listed per side (named or not) and the printed totals (null when none printed). */
  listed: Partial<Record<Position, number>>;
  printed: Partial<Record<Position, number | null>>;
  problems: Array<{ reason: string; detail: string }>;
}

function sideOf(voteType: string): Position | null {
  const t = voteType.trim().toLowerCase();
  if (/^(yeas?|pour)$/.test(t)) return 'yea';
  if (/^(nays?|contre)$/.test(t)) return 'nay';
  if (/^(paired|pair[ée]s?)$/.test(t)) return 'paired';
  return null;
}

export function readDivision(el: Element): DivisionRead {
  const numberAttr = attr(el, 'DivisionNumber');
  const printedNumber = /\d+/.exec(flatText(child(el, 'DivisionNumber')))?.[0];
  const n = Number((numberAttr && /^\d+$/.test(numberAttr.trim()) ? numberAttr : printedNumber) ?? NaN);
  const out: DivisionRead = { number: Number.isInteger(n) && n > 0 ? n : null, ballots: [], listed: {}, printed: {}, problems: [] };
  for (const block of childrenNamed(el, 'DivisionType')) {
    const raw = attr(block, 'vote-type') ?? flatText(child(block, 'Type'));
    const side = sideOf(raw);
    if (!side) {
      out.problems.push({ reason: 'division block of unknown side', detail: `vote-type ${JSON.stringify(raw)}` });
      continue;
    }
    const members = elements(block).filter((e) => e.name === 'Affiliation');
    out.listed[side] = (out.listed[side] ?? 0) + members.length;
    const total = child(block, 'Total');
    out.printed[side] = total ? Number(/\d+/.exec(flatText(total))?.[0] ?? NaN) : child(block, 'Nil') ? 0 : null;
    if (Number.isNaN(out.printed[side])) out.printed[side] = null;
    for (const m of members) {
      const printed = flatText(m);
      if (!printed) {
        out.problems.push({ reason: 'division member without a name', detail: `${side}, DbId ${attr(m, 'DbId') ?? 'none'}` });
        continue;
      }
      const [lastName, riding] = splitParens(printed);
      out.ballots.push({ raw: printed, lastName, constituency: riding, dbId: attr(m, 'DbId'), position: side });
    }
  }
  return out;
}
