// The parliaments an `allSessions` answer names, with the dates LIMS gives them. LIMS dates a
// running parliament's end in advance (the 43rd's 2026-09-22 was listed in a copy saved months
// before), so only a parliament that another one followed is taken as ended.
export interface LimsParliament {
  id: number;
  number: number;
  start: string;
  /** The end date, when a later parliament in the list shows this one is over; null while it runs. */
  end: string | null;
  /** The end LIMS prints, planned or past. */
  printedEnd: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readParliaments(json: unknown): LimsParliament[] {
  const nodes = (json as { data?: { allSessions?: { nodes?: unknown } } })?.data?.allSessions?.nodes;
  const byNumber = new Map<number, LimsParliament>();
  for (const s of Array.isArray(nodes) ? nodes : []) {
    const p = (s as { parliamentByParliamentId?: Record<string, unknown> })?.parliamentByParliamentId;
    if (!p || !Number.isInteger(p.number) || !Number.isInteger(p.id) || typeof p.startDate !== 'string' || !DATE.test(p.startDate))
      continue;
    const printedEnd = typeof p.endDate === 'string' && DATE.test(p.endDate) ? p.endDate : null;
    byNumber.set(p.number as number, { id: p.id as number, number: p.number as number, start: p.startDate, end: null, printedEnd });
  }
  const list = [...byNumber.values()].sort((a, b) => a.number - b.number);
  for (const [i, p] of list.entries()) if (i < list.length - 1) p.end = p.printedEnd ?? list[i + 1].start;
  return list;
}
