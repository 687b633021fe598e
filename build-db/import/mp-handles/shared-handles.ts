// The list is kept by hand, and a handle pasted into a second MP's row is a real error in it (one
// 2022 row gives an MP the handle of the MP listed just before). A handle listed for several people
// is kept only for the one row whose handle contains that person's last or first name, when exactly
// one row does; otherwise for none of them. Either way the other rows are reported, not linked.
import { fold } from '../../../src/core/domain/text.js';
import type { HandleRow } from './read-csv.js';

const letters = (s: string) => fold(s).replace(/[^a-z0-9]/g, '');

const namesHandle = (row: HandleRow, handle: string) => {
  const h = letters(handle);
  return [row.lastName, row.firstName].some((n) => letters(n).length >= 3 && h.includes(letters(n)));
};

export interface SharedVerdict {
  keep: boolean;
  others: number;
}

/** For each row of `rows` (all with a valid handle), whether its handle is its own to keep. */
export function judgeSharedHandles(rows: Array<{ row: HandleRow; handle: string }>): Map<HandleRow, SharedVerdict> {
  const byHandle = new Map<string, Array<{ row: HandleRow; handle: string }>>();
  for (const r of rows) byHandle.set(r.handle.toLowerCase(), [...(byHandle.get(r.handle.toLowerCase()) ?? []), r]);
  const verdicts = new Map<HandleRow, SharedVerdict>();
  for (const group of byHandle.values()) {
    // The same person listed twice with one handle is not a conflict.
    const people = new Set(group.map((g) => letters(g.row.name)));
    if (people.size === 1) {
      group.forEach((g, i) => verdicts.set(g.row, { keep: i === 0, others: 0 }));
      continue;
    }
    const naming = group.filter((g) => namesHandle(g.row, g.handle));
    for (const g of group) verdicts.set(g.row, { keep: naming.length === 1 && naming[0] === g, others: group.length - 1 });
  }
  return verdicts;
}
