// Ontario's Parliaments by the days they ran (first sitting to dissolution), for sources that date
// only a moment: a member list printed in a sitting's Hansard says who sat that day, and the member's
// term is taken to span the Parliament of that day (the list gives no seat dates).
export interface OntarioParliament {
  number: number;
  start: string;
  end: string | null;
}

export const ONTARIO_PARLIAMENTS: OntarioParliament[] = [
  { number: 41, start: '2014-07-02', end: '2018-05-08' },
  { number: 42, start: '2018-07-11', end: '2022-05-03' },
];

export const parliamentOn = (date: string): OntarioParliament | null =>
  ONTARIO_PARLIAMENTS.find((p) => p.start <= date && (p.end === null || date <= p.end)) ?? null;
