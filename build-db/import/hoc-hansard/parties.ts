// Party abbreviations as Hansard prints them after a member's riding or title ("(Victoria, NDP)",
// "(Drummond, BQ)", French "(Hamilton-Centre, NPD)") → the caucus names the hoc-members importer
// gives politicians ("Liberal", "Conservative", "NDP", "Bloc Québécois", "Green Party",
// "Independent"), so party_at_time reads the same in both editions and the identity rule can narrow
// by party. Only a listed abbreviation makes the last part of the parentheses a party.
const PARTIES: Record<string, string> = {
  'lib.': 'Liberal', lib: 'Liberal', plc: 'Liberal',
  cpc: 'Conservative', pcc: 'Conservative', 'cons.': 'Conservative',
  ndp: 'NDP', npd: 'NDP',
  bq: 'Bloc Québécois',
  gp: 'Green Party', pv: 'Green Party',
  'ind.': 'Independent', ind: 'Independent',
  'cons. ind.': 'Conservative Independent', 'ind. cons.': 'Conservative Independent',
  fd: 'Forces et Démocratie', sd: 'Strength in Democracy',
  ppc: "People's Party",
};

/** The caucus name for a printed abbreviation, or null when it is not a known party. */
export function partyOf(printed: string): string | null {
  return PARTIES[printed.trim().toLowerCase().replace(/\s+/g, ' ')] ?? null;
}
