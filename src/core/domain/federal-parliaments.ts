// The federal Parliaments the data spans: the general election that opened each one and the date it
// was dissolved. No upstream file states these in one place: ParlInfo's candidacies give every
// general election date (and agree with this table), its caucus roles end on the dissolution dates
// (2015-08-02, 2011-03-26, 2004-05-23, …); the 43rd and 44th Parliaments ended after that file's 2020
// vintage. Used to cut a member's continuous seat into one term per Parliament and to close a term a
// source left open once a later Parliament is known to have begun.

export interface FederalParliament {
  number: number;
  /** Day of the general election that returned it. */
  elected: string;
  /** Day it was dissolved; null while it sits. */
  dissolved: string | null;
  /** Representation Order its ridings come from (the year the order was proclaimed). */
  ridings: number;
}

export const FEDERAL_PARLIAMENTS: readonly FederalParliament[] = [
  { number: 28, elected: '1968-06-25', dissolved: '1972-09-01', ridings: 1966 },
  { number: 29, elected: '1972-10-30', dissolved: '1974-05-09', ridings: 1966 },
  { number: 30, elected: '1974-07-08', dissolved: '1979-03-26', ridings: 1966 },
  { number: 31, elected: '1979-05-22', dissolved: '1979-12-14', ridings: 1976 },
  { number: 32, elected: '1980-02-18', dissolved: '1984-07-09', ridings: 1976 },
  { number: 33, elected: '1984-09-04', dissolved: '1988-10-01', ridings: 1976 },
  { number: 34, elected: '1988-11-21', dissolved: '1993-09-08', ridings: 1987 },
  { number: 35, elected: '1993-10-25', dissolved: '1997-04-27', ridings: 1987 },
  { number: 36, elected: '1997-06-02', dissolved: '2000-10-22', ridings: 1996 },
  { number: 37, elected: '2000-11-27', dissolved: '2004-05-23', ridings: 1996 },
  { number: 38, elected: '2004-06-28', dissolved: '2005-11-29', ridings: 2003 },
  { number: 39, elected: '2006-01-23', dissolved: '2008-09-07', ridings: 2003 },
  { number: 40, elected: '2008-10-14', dissolved: '2011-03-26', ridings: 2003 },
  { number: 41, elected: '2011-05-02', dissolved: '2015-08-02', ridings: 2003 },
  { number: 42, elected: '2015-10-19', dissolved: '2019-09-11', ridings: 2013 },
  { number: 43, elected: '2019-10-21', dissolved: '2021-08-15', ridings: 2013 },
  { number: 44, elected: '2021-09-20', dissolved: '2025-03-23', ridings: 2013 },
  { number: 45, elected: '2025-04-28', dissolved: null, ridings: 2023 },
];

const byNumber = new Map(FEDERAL_PARLIAMENTS.map((p) => [p.number, p]));

export const federalParliament = (n: number): FederalParliament | null => byNumber.get(n) ?? null;

/** The Parliament sitting or last elected on a date (YYYY-MM-DD): the latest elected on or before it. */
export function parliamentOn(date: string): FederalParliament | null {
  let found: FederalParliament | null = null;
  for (const p of FEDERAL_PARLIAMENTS) if (p.elected <= date.slice(0, 10)) found = p;
  return found;
}
