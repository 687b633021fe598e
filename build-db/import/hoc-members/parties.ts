// House caucus names ("Liberal", "NDP", "Green Party") → the federal party records every importer
// shares: key `ca/party/<slug>` with the slugs the importers agreed on, full and short names. A caucus
// not listed here still gets a party, keyed by the kebab-case of its name.
import { fold, slugify } from '../../../src/domain/text.js';
import type { SourceInput } from '../types.js';

interface Known { slug: string; name: string; short_name: string }

// Keyed by the folded caucus name as the House prints it (and the common variants of it).
const KNOWN: Record<string, Known> = {
  liberal: { slug: 'liberal', name: 'Liberal Party of Canada', short_name: 'Liberal' },
  conservative: { slug: 'conservative', name: 'Conservative Party of Canada', short_name: 'Conservative' },
  ndp: { slug: 'ndp', name: 'New Democratic Party', short_name: 'NDP' },
  'new democratic party': { slug: 'ndp', name: 'New Democratic Party', short_name: 'NDP' },
  'bloc quebecois': { slug: 'bloc-quebecois', name: 'Bloc Québécois', short_name: 'Bloc' },
  'green party': { slug: 'green', name: 'Green Party of Canada', short_name: 'Green' },
  green: { slug: 'green', name: 'Green Party of Canada', short_name: 'Green' },
  independent: { slug: 'independent', name: 'Independent', short_name: 'Independent' },
};

export const partyKey = (caucus: string): string => `ca/party/${(KNOWN[fold(caucus).trim()]?.slug ?? slugify(caucus)) || 'unknown'}`;

export function partyRecord(caucus: string): SourceInput<'parties'> {
  const known = KNOWN[fold(caucus).trim()];
  return known
    ? { key: `ca/party/${known.slug}`, name: known.name, short_name: known.short_name, level: 'federal' }
    : { key: partyKey(caucus), name: caucus.trim(), level: 'federal' };
}
