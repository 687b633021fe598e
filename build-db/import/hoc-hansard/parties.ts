// Party abbreviations as Hansard prints them after a member's riding or title ("(Victoria, NDP)",
// "(Drummond, BQ)", French "(Hamilton-Centre, NPD)") → the caucus names every importer stores
// (people/federal-parties.ts), so party_at_time reads the same in both editions and the identity
// rule can narrow by party. Only a listed abbreviation makes the last part of the parentheses a party:
// a witness's "(Professor, McGill University)" must not read as one.
import { knownCaucus } from '../people/federal-parties.js';

const PRINTED = new Set([
  'lib.',
  'lib',
  'plc',
  'cpc',
  'pcc',
  'cons.',
  'ndp',
  'npd',
  'bq',
  'gp',
  'pv',
  'ind.',
  'ind',
  'cons. ind.',
  'ind. cons.',
  'fd',
  'sd',
  'ppc',
  'ca',
  'ref.',
  'pc',
]);

/** The caucus name for a printed abbreviation, or null when it is not a known party. */
export function partyOf(printed: string): string | null {
  const p = printed.trim().toLowerCase().replace(/\s+/g, ' ');
  return PRINTED.has(p) ? knownCaucus(p) : null;
}
