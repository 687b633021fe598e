// Federal parties and Senate groups under every name the sources print them — ParlInfo's full names
// ("Liberal Party of Canada", "Parti libéral du Canada"), the House roster's caucus names ("Liberal",
// "NDP"), Hansard's abbreviations ("Lib.", "CPC", French "PCC", "NPD"), EveryPolitician's group
// slugs ("bloc_québécois", "green_party") — → one caucus name per party, the one the House roster
// uses. Every importer writes `party` and `party_at_time` with it, so filters and the identity rule
// compare like with like, and the party records (`ca/party/<slug>`) are the same whoever emits them.
import { fold, slugify } from '../../../src/core/domain/text.js';
import type { SourceInput } from '../types.js';

interface Party {
  slug: string;
  name: string;
  caucus: string;
  forms: string[];
  short?: string;
}

const PARTIES: Party[] = [
  {
    slug: 'liberal',
    name: 'Liberal Party of Canada',
    caucus: 'Liberal',
    forms: ['liberal', 'lib', 'plc', 'parti liberal du canada', 'liberal party'],
  },
  {
    slug: 'conservative',
    name: 'Conservative Party of Canada',
    caucus: 'Conservative',
    forms: ['conservative', 'cpc', 'pcc', 'cons', 'parti conservateur du canada', 'conservateur'],
  },
  { slug: 'ndp', name: 'New Democratic Party', caucus: 'NDP', forms: ['ndp', 'npd', 'nouveau parti democratique', 'new democrat'] },
  { slug: 'bloc-quebecois', name: 'Bloc Québécois', caucus: 'Bloc Québécois', short: 'Bloc', forms: ['bq', 'bloc', 'bloc quebecois'] },
  {
    slug: 'green',
    name: 'Green Party of Canada',
    caucus: 'Green Party',
    short: 'Green',
    forms: ['green', 'gp', 'pv', 'green party', 'parti vert du canada', 'parti vert'],
  },
  {
    slug: 'independent',
    name: 'Independent',
    caucus: 'Independent',
    forms: ['ind', 'independant', 'independante', 'independent', 'no political alignment'],
  },
  {
    slug: 'conservative-independent',
    name: 'Conservative Independent',
    caucus: 'Conservative Independent',
    forms: ['cons ind', 'ind cons', 'independent conservative', 'independant conservateur'],
  },
  {
    slug: 'progressive-conservative',
    name: 'Progressive Conservative Party',
    caucus: 'Progressive Conservative',
    forms: ['pc', 'progressive conservative', 'parti progressiste conservateur'],
  },
  { slug: 'reform', name: 'Reform Party of Canada', caucus: 'Reform', forms: ['ref', 'reform', 'parti reformiste du canada'] },
  {
    slug: 'canadian-alliance',
    name: 'Canadian Reform Conservative Alliance',
    caucus: 'Canadian Alliance',
    forms: ['canadian alliance', 'ca', 'alliance', 'alliance reformiste conservatrice canadienne'],
  },
  {
    slug: 'strength-in-democracy',
    name: 'Strength in Democracy',
    caucus: 'Strength in Democracy',
    forms: ['sd', 'fd', 'forces et democratie'],
  },
  {
    slug: 'peoples-party',
    name: "People's Party of Canada",
    caucus: "People's Party",
    forms: ['ppc', 'peoples party', 'parti populaire du canada'],
  },
  {
    slug: 'non-affiliated',
    name: 'Non-affiliated',
    caucus: 'Non-affiliated',
    forms: ['non affiliated', 'non affilie', 'non affiliee', 'non affilie e'],
  },
  {
    slug: 'independent-senators-group',
    name: 'Independent Senators Group',
    caucus: 'Independent Senators Group',
    forms: ['isg', 'gsi', 'non affiliated independent senators group', 'groupe des senateurs independants'],
  },
  {
    slug: 'canadian-senators-group',
    name: 'Canadian Senators Group',
    caucus: 'Canadian Senators Group',
    forms: ['csg', 'gsc', 'groupe des senateurs canadiens'],
  },
  {
    slug: 'progressive-senate-group',
    name: 'Progressive Senate Group',
    caucus: 'Progressive Senate Group',
    forms: ['psg', 'gps', 'progressive senate group 2019 2019', 'groupe progressiste du senat'],
  },
];

/** Folded, punctuation-free form; "of Canada" and "party" tails dropped so "Liberal Party of Canada" = "liberal". */
function formOf(printed: string): string {
  return fold(printed)
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/ (?:party )?of canada$/, '')
    .replace(/^the /, '');
}

const BY_FORM = new Map<string, Party>();
for (const p of PARTIES)
  for (const f of [p.slug.replace(/-/g, ' '), formOf(p.name), formOf(p.caucus), ...p.forms]) BY_FORM.set(formOf(f), p);

/** The caucus name of a known party or group, or null when the printed form is not one. */
export function knownCaucus(printed: string): string | null {
  return BY_FORM.get(formOf(printed))?.caucus ?? null;
}

/** The caucus name to store: a known party's, else the printed name tidied (never invented). */
export function caucusName(printed: string): string {
  return knownCaucus(printed) ?? printed.replace(/\s+/g, ' ').trim();
}

/** The shared party record (`ca/party/<slug>`) of a caucus name. */
export function federalPartyRecord(printed: string): SourceInput<'parties'> {
  const known = BY_FORM.get(formOf(printed));
  if (known) return { key: `ca/party/${known.slug}`, name: known.name, short_name: known.short ?? known.caucus, level: 'federal' };
  const name = caucusName(printed);
  return { key: `ca/party/${slugify(name) || 'unknown'}`, name, level: 'federal' };
}
