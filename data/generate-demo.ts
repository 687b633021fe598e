// Generates the demo source bundle (data/demo/): fictional Canadian political data that exercises
// every entity of docs/source-format.md and the edge cases listed in data/README.md.
//
//   node_modules/.bin/bun data/generate-demo.ts [OUT_DIR]      (default: data/demo beside this script)
//
// Deterministic: one seeded PRNG stream per entity, fixed dates, no clock, no Math.random(), so two
// runs write byte-identical files. Every name, place, bill and URL here is invented.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoBoundaries, type DemoBox, type DemoRiding } from './demo-boundaries.js';
import { demoPostcodes } from './demo-postcodes.js';
import type * as v from 'valibot';
import type {
  billSchema,
  jurisdictionSchema,
  manifestSchema,
  officeSchema,
  partySchema,
  politicianSchema,
  postSchema,
  sessionSchema,
  socialSchema,
  speechSchema,
  voteSchema,
  websiteSchema,
} from '../build-db/sources/schemas.js';

type Manifest = v.InferInput<typeof manifestSchema>;
type JurisdictionRec = v.InferInput<typeof jurisdictionSchema>;
type PartyRec = v.InferInput<typeof partySchema>;
type SessionRec = v.InferInput<typeof sessionSchema>;
type PoliticianRec = v.InferInput<typeof politicianSchema>;
type OfficeRec = v.InferInput<typeof officeSchema>;
type SocialRec = v.InferInput<typeof socialSchema>;
type PostRec = v.InferInput<typeof postSchema>;
type WebsiteRec = v.InferInput<typeof websiteSchema>;
type BillRec = v.InferInput<typeof billSchema>;
type VoteRec = v.InferInput<typeof voteSchema>;
type SpeechRec = v.InferInput<typeof speechSchema>;
type EventRec = NonNullable<BillRec['events']>[number];
type SponsorRec = NonNullable<BillRec['sponsors']>[number];
type PositionRec = NonNullable<VoteRec['positions']>[number];

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const SEED = 20261101;
const EXTRACTED_AT = '2026-11-01T00:00:00Z';
const TODAY = '2026-10-30'; // last day any generated activity may happen
const BASE = 'https://demo.canpol.example';

/**
 * Federal recorded divisions (besides the edge cases) carrying one position per sitting MP. Positions
 * dominate the bundle's size (~175 bytes each, ~340 per division: ~60 KB a division), so this is the
 * knob that keeps the bundle near 3.5 MB; with every federal vote a full division it would be ~10 MB.
 * The other federal votes (FEDERAL_VOTES in all per session) are voice votes, consensus and acclamations.
 */
const FEDERAL_DIVISIONS_WITH_POSITIONS = { '43-2': 2, '44-1': 2, '44-2': 3 };
const FEDERAL_VOTES = { '43-2': 14, '44-1': 48, '44-2': 58 };

// ---------------------------------------------------------------------------------------------
// Name lists (invented combinations of common first and last names)
// ---------------------------------------------------------------------------------------------

const EN_FIRST_M = [
  'James',
  'John',
  'Robert',
  'Michael',
  'William',
  'David',
  'Richard',
  'Daniel',
  'Matthew',
  'Andrew',
  'Ryan',
  'Kevin',
  'Brian',
  'Jason',
  'Mark',
  'Paul',
  'Steven',
  'Thomas',
  'Christopher',
  'Patrick',
  'Scott',
  'Gregory',
  'Adam',
  'Nathan',
  'Connor',
  'Liam',
  'Owen',
  'Ethan',
  'Graham',
  'Ian',
  'Colin',
  'Derek',
  'Trevor',
  'Darren',
  'Raj',
  'Arjun',
  'Amir',
  'Hassan',
  'Wei',
  'Kenji',
  'Diego',
  'Marco',
  'Samuel',
  'Victor',
  'Neil',
  'Malcolm',
  'Harpreet',
];
const EN_FIRST_F = [
  'Mary',
  'Sarah',
  'Jennifer',
  'Emily',
  'Jessica',
  'Laura',
  'Rachel',
  'Megan',
  'Karen',
  'Linda',
  'Susan',
  'Heather',
  'Amanda',
  'Nicole',
  'Rebecca',
  'Catherine',
  'Elizabeth',
  'Olivia',
  'Emma',
  'Hannah',
  'Grace',
  'Chloe',
  'Fiona',
  'Priya',
  'Anjali',
  'Fatima',
  'Aisha',
  'Mei',
  'Lin',
  'Sofia',
  'Ana',
  'Leah',
  'Naomi',
  'Joanne',
  'Colleen',
  'Shannon',
  'Kristen',
  'Bridget',
  'Maya',
  'Yasmin',
  'Gurleen',
  'Teresa',
  'Holly',
  'Paula',
  'Deborah',
];
const FR_FIRST_M = [
  'Jean',
  'Pierre',
  'Louis',
  'François',
  'Michel',
  'André',
  'Luc',
  'Marc',
  'Alain',
  'Denis',
  'Étienne',
  'Mathieu',
  'Sébastien',
  'Guillaume',
  'Olivier',
  'Jérôme',
  'Benoît',
  'Yves',
  'Gilles',
  'Réjean',
  'Gaétan',
  'Hugo',
  'Simon',
  'Philippe',
  'Maxime',
  'Félix',
  'Antoine',
  'Frédéric',
  'Raphaël',
  'Jean-François',
  'Pierre-Luc',
];
const FR_FIRST_F = [
  'Marie',
  'Julie',
  'Isabelle',
  'Nathalie',
  'Sophie',
  'Chantal',
  'Geneviève',
  'Mélanie',
  'Valérie',
  'Hélène',
  'Josée',
  'Sylvie',
  'Lucie',
  'Annie',
  'Élise',
  'Amélie',
  'Émilie',
  'Stéphanie',
  'Caroline',
  'Marie-Ève',
  'Marie-Claude',
  'Anne-Marie',
  'Joëlle',
  'Maude',
  'Noémie',
  'Océane',
  'Brigitte',
  'Manon',
];
const EN_LAST = [
  'Smith',
  'Brown',
  'Wilson',
  'Taylor',
  'Campbell',
  'Anderson',
  'MacDonald',
  'Stewart',
  'Thompson',
  'Robinson',
  'Clarke',
  'Walker',
  'Young',
  'Mitchell',
  'Morrison',
  'Fraser',
  'Reid',
  'Murray',
  'Henderson',
  'Hughes',
  'Grant',
  'Sinclair',
  'Patterson',
  'Bennett',
  'Armstrong',
  'Baker',
  'Chapman',
  'Dawson',
  'Ellis',
  'Fleming',
  'Gibson',
  'Hamilton',
  'Irving',
  'Jamieson',
  'Kennedy',
  'Lawson',
  'McLeod',
  'Nolan',
  "O'Brien",
  'Quinn',
  'Russell',
  'Sutherland',
  'Turner',
  'Vaughan',
  'Wallace',
  'Yates',
  'Singh',
  'Patel',
  'Chen',
  'Wong',
  'Nguyen',
  'Kim',
  'Ali',
  'Khan',
  'Sandhu',
  'Gill',
  'Dhillon',
  'Santos',
  'Rossi',
  'Kowalski',
  'Novak',
  'Schmidt',
  'Okafor',
  'Mensah',
  'Haddad',
  'Ferreira',
  'Lindqvist',
  'MacKenzie',
  'Cormier-Hale',
  'Whitford',
  'Ashdown',
  'Penner',
  'Friesen',
];
const FR_LAST = [
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bélanger',
  'Lévesque',
  'Bergeron',
  'Leblanc',
  'Paquette',
  'Girard',
  'Simard',
  'Boucher',
  'Caron',
  'Beaulieu',
  'Cloutier',
  'Dubé',
  'Poirier',
  'Fournier',
  'Lapointe',
  'Leclerc',
  'Lefebvre',
  'Poulin',
  'Thibault',
  'St-Pierre',
  'Desjardins',
  'Hébert',
  'Thériault',
  'Lachance',
  'Nadeau',
  'Dufour',
  'Bérubé',
  'Gosselin',
  'Mercier',
  'Bisson',
  'Charbonneau',
  'Vaillancourt',
  'Desrosiers',
  'Maltais',
  'Turcotte',
  'Rioux',
];

// Invented place names for ridings and towns.
const PLACE_STEMS = [
  'Cedar',
  'Maple',
  'Pine',
  'Birch',
  'Willow',
  'Oak',
  'Elm',
  'Spruce',
  'Aspen',
  'Juniper',
  'Fox',
  'Beaver',
  'Heron',
  'Loon',
  'Otter',
  'Elk',
  'Moose',
  'Caribou',
  'Raven',
  'Eagle',
  'Stone',
  'Silver',
  'Amber',
  'Copper',
  'Granite',
  'Clear',
  'Still',
  'High',
  'Long',
  'Deer',
  'Hawk',
  'Sparrow',
  'Thistle',
  'Bramble',
  'Alder',
];
const PLACE_SUFFIXES = [
  'Falls',
  'Ridge',
  'Creek',
  'Harbour',
  'Valley',
  'Bay',
  'Hills',
  'Lake',
  'River',
  'Point',
  'Crossing',
  'Meadows',
  'Landing',
  'Springs',
  'Grove',
  'Heights',
  'Shores',
  'Narrows',
  'Plains',
  'Cove',
];
const PLACE_PREFIXES = ['North', 'South', 'East', 'West', 'Upper', 'Lower', 'Central', 'Old'];
const FR_PLACE_HEADS = [
  'Saint-Ambroise',
  'Sainte-Agathe',
  'Saint-Rémi',
  'Sainte-Clotilde',
  'Saint-Hilarion',
  'Sainte-Perpétue',
  'Saint-Édouard',
  'Sainte-Mélanie',
  'Lac',
  'Rivière',
  'Mont',
  'Pointe',
  'Val',
  'Baie',
  'Cap',
  'Anse',
];
const FR_PLACE_TAILS = [
  'des-Érables',
  'aux-Pins',
  'du-Moulin',
  'des-Cèdres',
  'aux-Hérons',
  'du-Nord',
  'des-Bois',
  'Joli',
  'Clair',
  'Rouge',
  'des-Outardes',
  'aux-Sables',
  'du-Rocher',
  'des-Prés',
  'Vert',
  'aux-Loups',
  'des-Îles',
];

const TOPICS_EN = [
  'housing affordability',
  'rural broadband',
  'public transit',
  'wildfire preparedness',
  'small business support',
  'mental health services',
  'child care',
  'clean drinking water',
  "seniors' care",
  'agricultural exports',
  'ferry service',
  'road safety',
  'apprenticeships',
  'energy efficiency',
  'community safety',
  'emergency room wait times',
  'the cost of groceries',
  'flood mitigation',
  'tourism recovery',
  'local food banks',
];
const TOPICS_FR = [
  "l'accès au logement",
  "l'Internet haute vitesse en région",
  'le transport collectif',
  'la prévention des feux de forêt',
  'les petites entreprises',
  'les services en santé mentale',
  'les services de garde',
  "la qualité de l'eau potable",
  'les soins aux aînés',
  'les exportations agricoles',
  'la sécurité routière',
  "la formation d'apprentis",
  "l'efficacité énergétique",
  "l'attente aux urgences",
  "le coût de l'épicerie",
  'la protection contre les inondations',
  'la langue française',
  'les banques alimentaires',
];
const ORGS_EN = [
  'Legion branch',
  'volunteer fire department',
  'community food bank',
  'youth hockey association',
  'public library',
  'seniors centre',
  'farmers market',
  'literacy council',
  'search and rescue team',
];
const ORGS_FR = [
  "club de l'âge d'or",
  "service d'incendie volontaire",
  'comptoir alimentaire',
  'maison des jeunes',
  'bibliothèque municipale',
  'coopérative agricole',
  'troupe de théâtre',
  'équipe de recherche et sauvetage',
];

// ---------------------------------------------------------------------------------------------
// Seeded PRNG
// ---------------------------------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

class Rng {
  private readonly next: () => number;
  /** One independent stream per label, so changing one entity does not reshuffle the others. */
  constructor(label: string) {
    this.next = mulberry32(SEED ^ hashString(label));
  }
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1][0];
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, n);
  }
  /** n sentences of a pool, kept in pool order so a paragraph reads in sequence. */
  sentences(pool: readonly string[], min: number, max: number): string {
    const picked = this.sample(
      pool.map((_, i) => i),
      this.int(min, max),
    ).sort((a, b) => a - b);
    return picked.map((i) => pool[i]).join(' ');
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers: dates, slugs, formatting
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const dateMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const fmtDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fmtTs = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const addDays = (d: string, n: number) => fmtDate(dateMs(d) + n * DAY_MS);
const daysBetween = (a: string, b: string) => Math.round((dateMs(b) - dateMs(a)) / DAY_MS);
const minDate = (a: string, b: string) => (a < b ? a : b);
const isWeekday = (d: string) => {
  const w = new Date(dateMs(d)).getUTCDay();
  return w >= 1 && w <= 5;
};
function nextWeekday(d: string): string {
  let x = d;
  while (!isWeekday(x)) x = addDays(x, 1);
  return x;
}
const midnight = (d: string) => `${d}T00:00:00Z`;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const slugify = (s: string) =>
  fold(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
const ordinalFr = (n: number, feminine: boolean) => (n === 1 ? (feminine ? '1re' : '1er') : `${n}e`);

/** A timestamp for a local wall-clock time in a jurisdiction (fixed offsets, summer time Apr-Oct). */
function localTs(date: string, hhmm: string, jur: Jur): string {
  const info = JURS[jur];
  const month = +date.slice(5, 7);
  const summer = info.dst && month >= 4 && month <= 10;
  const offsetMin = (info.utcOffset + (summer ? 1 : 0)) * 60;
  const [h, m] = hhmm.split(':').map(Number);
  return fmtTs(dateMs(date) + (h * 60 + m - offsetMin) * 60_000);
}
const addMinutes = (ts: string, min: number) => fmtTs(Date.parse(ts) + min * 60_000);
/**
 * Drops null fields except those named in `keep`: optional fields default to null, and leaving them out
 * keeps the bundle small. Fields whose null means something (e.g. federal province_territory) stay.
 */
function withoutNulls<T extends object>(o: T, keep: readonly string[] = []): T {
  return Object.fromEntries(Object.entries(o).filter(([k, x]) => x !== null || keep.includes(k))) as T;
}

// ---------------------------------------------------------------------------------------------
// Jurisdictions
// ---------------------------------------------------------------------------------------------

type Prov = 'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT';
type Jur = 'federal' | Prov;
type Status = 'live' | 'partial' | 'blocked' | 'none';
const PROVS: Prov[] = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];

interface JurInfo {
  name: string;
  legislature: string;
  seats: number;
  office: string;
  setId: string;
  /** members generated for provinces; MPs generated in this province for federal */
  members: number;
  fedSeats: number;
  fedCode: number;
  /** share of French names */
  fr: number;
  capital: string;
  capLat: number;
  capLng: number;
  box: [number, number, number, number];
  areaCodes: string[];
  postal: string;
  capPostal: string;
  utcOffset: number;
  dst: boolean;
  elections: [string, string];
  parliament: number;
  status: { bills: Status; hansard: Status; votes: Status; committees: Status };
  parties: Array<[slug: string, name: string, short: string, weight: number]>;
  sourceSystem: string;
}

const STD_PARTIES_NONE: JurInfo['parties'] = [['independent', 'Independent', 'Ind.', 1]];

const JURS: Record<Jur, JurInfo> = {
  federal: {
    name: 'Canada',
    legislature: 'House of Commons of Canada',
    seats: 343,
    office: 'MP',
    setId: 'federal-electoral-districts-2023',
    members: 0,
    fedSeats: 0,
    fedCode: 0,
    fr: 0,
    capital: 'Ottawa',
    capLat: 45.4236,
    capLng: -75.7009,
    box: [45.3, 45.5, -75.8, -75.6],
    areaCodes: ['613'],
    postal: 'K',
    capPostal: 'K',
    utcOffset: -5,
    dst: true,
    elections: ['2019-10-21', '2021-09-20'],
    parliament: 44,
    status: { bills: 'live', hansard: 'live', votes: 'live', committees: 'live' },
    parties: [
      ['maple', 'Maple Party', 'Maple', 46],
      ['reform', 'Northern Reform Party', 'NRP', 35],
      ['bloc', 'Bloc Laurentien', 'BL', 0],
      ['sdp', 'Social Democratic Party', 'SDP', 10],
      ['green', 'Green Coalition', 'Green', 1],
      ['independent', 'Independent', 'Ind.', 0],
    ],
    sourceSystem: 'legisinfo',
  },
  AB: {
    name: 'Alberta',
    legislature: 'Legislative Assembly of Alberta',
    seats: 87,
    office: 'MLA',
    setId: 'alberta-electoral-divisions-2019',
    members: 35,
    fedSeats: 37,
    fedCode: 48,
    fr: 0.05,
    capital: 'Edmonton',
    capLat: 53.5333,
    capLng: -113.5066,
    box: [49.5, 55.0, -114.5, -111.0],
    areaCodes: ['780', '403'],
    postal: 'T',
    capPostal: 'T',
    utcOffset: -7,
    dst: true,
    elections: ['2019-04-16', '2023-05-29'],
    parliament: 31,
    status: { bills: 'partial', hansard: 'partial', votes: 'none', committees: 'blocked' },
    parties: [
      ['prairie-reform', 'Prairie Reform Party', 'PRP', 55],
      ['ab-sdp', 'Alberta Social Democrats', 'ASD', 42],
      ['independent', 'Independent', 'Ind.', 3],
    ],
    sourceSystem: 'assembly-ab',
  },
  BC: {
    name: 'British Columbia',
    legislature: 'Legislative Assembly of British Columbia',
    seats: 93,
    office: 'MLA',
    setId: 'bc-electoral-districts-2023',
    members: 40,
    fedSeats: 43,
    fedCode: 59,
    fr: 0.04,
    capital: 'Victoria',
    capLat: 48.4196,
    capLng: -123.3702,
    box: [48.6, 50.3, -124.8, -119.2],
    areaCodes: ['250', '604'],
    postal: 'V',
    capPostal: 'V',
    utcOffset: -8,
    dst: true,
    elections: ['2020-10-24', '2024-10-19'],
    parliament: 43,
    status: { bills: 'live', hansard: 'live', votes: 'live', committees: 'live' },
    parties: [
      ['pacific', 'Pacific Party', 'PP', 50],
      ['bc-reform', 'BC Reform Party', 'BCR', 43],
      ['coast-green', 'Coast Green Party', 'CGP', 7],
    ],
    sourceSystem: 'leg-bc',
  },
  MB: {
    name: 'Manitoba',
    legislature: 'Legislative Assembly of Manitoba',
    seats: 57,
    office: 'MLA',
    setId: 'manitoba-electoral-divisions-2018',
    members: 25,
    fedSeats: 14,
    fedCode: 46,
    fr: 0.12,
    capital: 'Winnipeg',
    capLat: 49.8844,
    capLng: -97.147,
    box: [49.2, 51.0, -100.5, -96.3],
    areaCodes: ['204'],
    postal: 'R',
    capPostal: 'R',
    utcOffset: -6,
    dst: true,
    elections: ['2019-09-10', '2023-10-03'],
    parliament: 43,
    status: { bills: 'partial', hansard: 'none', votes: 'none', committees: 'none' },
    parties: [
      ['red-river', 'Red River Party', 'RRP', 58],
      ['mb-reform', 'Manitoba Reform Party', 'MRP', 38],
      ['independent', 'Independent', 'Ind.', 4],
    ],
    sourceSystem: 'gov-mb',
  },
  NB: {
    name: 'New Brunswick',
    legislature: 'Legislative Assembly of New Brunswick',
    seats: 49,
    office: 'MLA',
    setId: 'nb-electoral-districts-2023',
    members: 20,
    fedSeats: 10,
    fedCode: 13,
    fr: 0.4,
    capital: 'Fredericton',
    capLat: 45.9573,
    capLng: -66.6383,
    box: [45.3, 47.6, -67.4, -64.6],
    areaCodes: ['506'],
    postal: 'E',
    capPostal: 'E',
    utcOffset: -4,
    dst: true,
    elections: ['2020-09-14', '2024-10-21'],
    parliament: 61,
    status: { bills: 'blocked', hansard: 'none', votes: 'none', committees: 'none' },
    parties: [
      ['fundy', 'Fundy Party', 'FP', 55],
      ['nb-reform', 'New Brunswick Reform Party', 'NBR', 40],
      ['independent', 'Independent', 'Ind.', 5],
    ],
    sourceSystem: 'legnb',
  },
  NL: {
    name: 'Newfoundland and Labrador',
    legislature: 'House of Assembly of Newfoundland and Labrador',
    seats: 40,
    office: 'MHA',
    setId: 'nl-electoral-districts-2015',
    members: 15,
    fedSeats: 7,
    fedCode: 10,
    fr: 0,
    capital: "St. John's",
    capLat: 47.5795,
    capLng: -52.7256,
    box: [47.2, 49.6, -58.3, -52.8],
    areaCodes: ['709'],
    postal: 'A',
    capPostal: 'A',
    utcOffset: -3.5,
    dst: true,
    elections: ['2019-05-16', '2021-03-25'],
    parliament: 50,
    status: { bills: 'blocked', hansard: 'blocked', votes: 'none', committees: 'none' },
    parties: [
      ['avalon', 'Avalon Party', 'AP', 55],
      ['nl-reform', 'Newfoundland Reform Party', 'NLR', 40],
      ['independent', 'Independent', 'Ind.', 5],
    ],
    sourceSystem: 'assembly-nl',
  },
  NS: {
    name: 'Nova Scotia',
    legislature: 'Nova Scotia House of Assembly',
    seats: 55,
    office: 'MLA',
    setId: 'ns-electoral-districts-2019',
    members: 22,
    fedSeats: 11,
    fedCode: 12,
    fr: 0.05,
    capital: 'Halifax',
    capLat: 44.6478,
    capLng: -63.5734,
    box: [43.9, 46.0, -66.0, -61.2],
    areaCodes: ['902', '782'],
    postal: 'B',
    capPostal: 'B',
    utcOffset: -4,
    dst: true,
    elections: ['2021-08-17', '2024-11-26'],
    parliament: 65,
    status: { bills: 'partial', hansard: 'blocked', votes: 'none', committees: 'none' },
    parties: [
      ['bluenose', 'Bluenose Party', 'BP', 60],
      ['ns-sdp', 'Nova Scotia Social Democrats', 'NSSD', 30],
      ['ns-reform', 'Atlantic Reform Party', 'ARP', 10],
    ],
    sourceSystem: 'nslegislature',
  },
  NT: {
    name: 'Northwest Territories',
    legislature: 'Legislative Assembly of the Northwest Territories',
    seats: 19,
    office: 'MLA',
    setId: 'nwt-electoral-districts-2023',
    members: 10,
    fedSeats: 1,
    fedCode: 61,
    fr: 0.05,
    capital: 'Yellowknife',
    capLat: 62.454,
    capLng: -114.3718,
    box: [60.8, 62.6, -117.0, -113.5],
    areaCodes: ['867'],
    postal: 'X',
    capPostal: 'X',
    utcOffset: -7,
    dst: true,
    elections: ['2019-10-01', '2023-11-14'],
    parliament: 20,
    status: { bills: 'none', hansard: 'none', votes: 'none', committees: 'none' },
    parties: STD_PARTIES_NONE,
    sourceSystem: 'ntassembly',
  },
  NU: {
    name: 'Nunavut',
    legislature: 'Legislative Assembly of Nunavut',
    seats: 22,
    office: 'MLA',
    setId: 'nunavut-constituencies-2021',
    members: 10,
    fedSeats: 1,
    fedCode: 62,
    fr: 0,
    capital: 'Iqaluit',
    capLat: 63.7467,
    capLng: -68.517,
    box: [61.0, 69.5, -96.0, -68.0],
    areaCodes: ['867'],
    postal: 'X',
    capPostal: 'X',
    utcOffset: -5,
    dst: true,
    elections: ['2017-10-30', '2021-10-25'],
    parliament: 6,
    status: { bills: 'none', hansard: 'none', votes: 'none', committees: 'none' },
    parties: STD_PARTIES_NONE,
    sourceSystem: 'assembly-nu',
  },
  ON: {
    name: 'Ontario',
    legislature: 'Legislative Assembly of Ontario',
    seats: 124,
    office: 'MPP',
    setId: 'ontario-electoral-districts-2022',
    members: 122,
    fedSeats: 122,
    fedCode: 35,
    fr: 0.1,
    capital: 'Toronto',
    capLat: 43.6629,
    capLng: -79.3957,
    box: [42.3, 46.5, -82.9, -74.8],
    areaCodes: ['416', '647', '905', '519', '613', '705', '807'],
    postal: 'KLMNP',
    capPostal: 'M',
    utcOffset: -5,
    dst: true,
    elections: ['2018-06-07', '2022-06-02'],
    parliament: 43,
    status: { bills: 'live', hansard: 'live', votes: 'live', committees: 'live' },
    parties: [
      ['trillium', 'Trillium Party', 'TP', 60],
      ['on-sdp', 'Ontario Social Democrats', 'OSD', 25],
      ['on-reform', 'Ontario Reform Party', 'ORP', 10],
      ['on-green', 'Green Coalition of Ontario', 'GCO', 3],
      ['independent', 'Independent', 'Ind.', 2],
    ],
    sourceSystem: 'ola',
  },
  PE: {
    name: 'Prince Edward Island',
    legislature: 'Legislative Assembly of Prince Edward Island',
    seats: 27,
    office: 'MLA',
    setId: 'pei-electoral-districts-2017',
    members: 12,
    fedSeats: 4,
    fedCode: 11,
    fr: 0.08,
    capital: 'Charlottetown',
    capLat: 46.2352,
    capLng: -63.1262,
    box: [46.0, 46.9, -64.3, -62.1],
    areaCodes: ['902'],
    postal: 'C',
    capPostal: 'C',
    utcOffset: -4,
    dst: true,
    elections: ['2019-04-23', '2023-04-03'],
    parliament: 67,
    status: { bills: 'none', hansard: 'none', votes: 'none', committees: 'none' },
    parties: [
      ['island', 'Island Party', 'IP', 60],
      ['island-green', 'Island Greens', 'IG', 40],
    ],
    sourceSystem: 'assembly-pe',
  },
  QC: {
    name: 'Québec',
    legislature: 'Assemblée nationale du Québec',
    seats: 125,
    office: 'MNA',
    setId: 'quebec-circonscriptions-2022',
    members: 40,
    fedSeats: 78,
    fedCode: 24,
    fr: 0.9,
    capital: 'Québec',
    capLat: 46.8088,
    capLng: -71.2143,
    box: [45.1, 48.6, -75.5, -70.0],
    areaCodes: ['418', '514', '450', '819'],
    postal: 'GHJ',
    capPostal: 'G',
    utcOffset: -5,
    dst: true,
    elections: ['2018-10-01', '2022-10-03'],
    parliament: 43,
    status: { bills: 'live', hansard: 'live', votes: 'live', committees: 'live' },
    parties: [
      ['laurentien', 'Parti laurentien', 'PL', 60],
      ['rassemblement', 'Rassemblement citoyen', 'RC', 20],
      ['mouvement', 'Mouvement progressiste', 'MP', 12],
      ['regions', 'Parti des régions', 'PDR', 8],
    ],
    sourceSystem: 'assnat',
  },
  SK: {
    name: 'Saskatchewan',
    legislature: 'Legislative Assembly of Saskatchewan',
    seats: 61,
    office: 'MLA',
    setId: 'saskatchewan-constituencies-2022',
    members: 25,
    fedSeats: 14,
    fedCode: 47,
    fr: 0.03,
    capital: 'Regina',
    capLat: 50.4327,
    capLng: -104.6151,
    box: [49.3, 53.5, -109.5, -102.0],
    areaCodes: ['306', '639'],
    postal: 'S',
    capPostal: 'S',
    utcOffset: -6,
    dst: false,
    elections: ['2020-10-26', '2024-10-28'],
    parliament: 30,
    status: { bills: 'partial', hansard: 'none', votes: 'none', committees: 'none' },
    parties: [
      ['sk-reform', 'Saskatchewan Reform Party', 'SRP', 55],
      ['prairie-sdp', 'Prairie Social Democrats', 'PSD', 45],
    ],
    sourceSystem: 'legassembly-sk',
  },
  YT: {
    name: 'Yukon',
    legislature: 'Yukon Legislative Assembly',
    seats: 21,
    office: 'MLA',
    setId: 'yukon-electoral-districts-2021',
    members: 12,
    fedSeats: 1,
    fedCode: 60,
    fr: 0.05,
    capital: 'Whitehorse',
    capLat: 60.7212,
    capLng: -135.0568,
    box: [60.1, 64.0, -139.0, -129.0],
    areaCodes: ['867'],
    postal: 'Y',
    capPostal: 'Y',
    utcOffset: -7,
    dst: false,
    elections: ['2016-11-07', '2021-04-12'],
    parliament: 35,
    status: { bills: 'none', hansard: 'none', votes: 'none', committees: 'none' },
    parties: [
      ['klondike', 'Klondike Party', 'KP', 45],
      ['yt-sdp', 'Yukon Social Democrats', 'YSD', 35],
      ['independent', 'Independent', 'Ind.', 20],
    ],
    sourceSystem: 'yukonassembly',
  },
};

/** Federal ridings per province (343 in all); three are vacant (their MPs resigned, see former MPs). */
const FEDERAL_VACANCIES: Prov[] = ['ON', 'QC', 'BC'];
const isFrenchJur = (jur: Jur) => jur === 'QC';

// ---------------------------------------------------------------------------------------------
// People model (internal), built once and turned into records by the entity functions
// ---------------------------------------------------------------------------------------------

interface Riding {
  id: string;
  name: string;
  town: string;
  prov: Prov;
}
interface Term {
  start: string;
  end: string | null;
  party: string;
  office: string;
  ridingId: string;
}
interface Person {
  key: string;
  name: string;
  first: string;
  last: string;
  prefix: string | null;
  honorific: string | null;
  level: 'federal' | 'provincial' | 'municipal';
  prov: Prov | null;
  jur: Jur;
  office: string;
  party: string;
  riding: Riding;
  terms: Term[];
  active: boolean;
  deceased: boolean;
  french: boolean;
  female: boolean;
  portfolio: string | null;
  city: string | null;
}

const people: Person[] = [];
const byKey = new Map<string, Person>();
const usedNames = new Set<string>();
const usedRidingNames = new Set<string>();

function partyName(jur: Jur, slug: string): string {
  const p = JURS[jur].parties.find(([s]) => s === slug);
  if (!p) throw new Error(`no party ${slug} in ${jur}`);
  return p[1];
}

function inventName(rng: Rng, french: boolean): { first: string; last: string; female: boolean } {
  for (;;) {
    const female = rng.chance(0.47);
    const first = french ? rng.pick(female ? FR_FIRST_F : FR_FIRST_M) : rng.pick(female ? EN_FIRST_F : EN_FIRST_M);
    const last = french ? rng.pick(FR_LAST) : rng.pick(EN_LAST);
    const folded = slugify(`${first} ${last}`);
    if (!usedNames.has(folded)) {
      usedNames.add(folded);
      return { first, last, female };
    }
  }
}

function inventPlace(rng: Rng, french: boolean): { name: string; town: string } {
  for (;;) {
    let name: string;
    let town: string;
    if (french) {
      town = `${rng.pick(FR_PLACE_HEADS)}-${rng.pick(FR_PLACE_TAILS)}`;
      name = rng.chance(0.25) ? `${town}—${rng.pick(FR_PLACE_HEADS)}-${rng.pick(FR_PLACE_TAILS)}` : town;
    } else {
      town = `${rng.pick(PLACE_STEMS)} ${rng.pick(PLACE_SUFFIXES)}`;
      const r = rng.float();
      name =
        r < 0.2 ? `${rng.pick(PLACE_PREFIXES)} ${town}` : r < 0.4 ? `${town}—${rng.pick(PLACE_STEMS)} ${rng.pick(PLACE_SUFFIXES)}` : town;
    }
    if (!usedRidingNames.has(slugify(name))) {
      usedRidingNames.add(slugify(name));
      return { name, town };
    }
  }
}

function prefixFor(rng: Rng, female: boolean, isMinister: boolean): string | null {
  if (isMinister) return 'Hon.';
  const r = rng.float();
  if (r < 0.06) return 'Dr.';
  if (r < 0.24) return female ? rng.pick(['Ms.', 'Ms.', 'Mrs.']) : 'Mr.';
  return null;
}

function addPerson(p: Person): Person {
  if (byKey.has(p.key)) throw new Error(`duplicate key ${p.key}`);
  people.push(p);
  byKey.set(p.key, p);
  return p;
}

const MINISTRIES_EN = [
  'Finance',
  'Health',
  'Housing',
  'Transport',
  'Environment',
  'Justice',
  'Agriculture',
  'Labour',
  'Public Safety',
  'Indigenous Services',
  'Innovation',
  'Natural Resources',
  'Fisheries',
  'Immigration',
  'Families',
  'Veterans Affairs',
  'Official Languages',
  'Seniors',
  'Small Business',
  'Tourism',
  'Infrastructure',
  'Employment',
  'International Trade',
  'Defence',
  'Foreign Affairs',
  'Northern Affairs',
  'Rural Economic Development',
  'Digital Government',
  'Emergency Preparedness',
  'Sport',
  'Mental Health',
  'Women and Gender Equality',
  'Canadian Heritage',
  'Diversity',
  'Energy',
];
const MINISTRIES_FR = [
  'Finances',
  'Santé',
  'Habitation',
  'Transports',
  'Environnement',
  'Justice',
  'Agriculture',
  'Travail',
  'Sécurité publique',
  'Éducation',
  'Économie',
  'Ressources naturelles',
  'Famille',
  'Immigration',
  'Langue française',
  'Aînés',
  'Culture',
  'Tourisme',
  'Affaires municipales',
  'Enseignement supérieur',
];
const ministerTitle = (jur: Jur, i: number) =>
  isFrenchJur(jur) ? `Ministre — ${MINISTRIES_FR[i % MINISTRIES_FR.length]}` : `Minister of ${MINISTRIES_EN[i % MINISTRIES_EN.length]}`;

function federalParty(rng: Rng, prov: Prov): string {
  if (prov === 'QC')
    return rng.weighted([
      ['maple', 40],
      ['bloc', 42],
      ['reform', 12],
      ['sdp', 5],
      ['independent', 1],
    ] as const);
  if (prov === 'AB' || prov === 'SK')
    return rng.weighted([
      ['reform', 80],
      ['maple', 10],
      ['sdp', 9],
      ['independent', 1],
    ] as const);
  if (prov === 'BC')
    return rng.weighted([
      ['maple', 35],
      ['reform', 37],
      ['sdp', 22],
      ['green', 6],
    ] as const);
  return rng.weighted([
    ['maple', 52],
    ['reform', 36],
    ['sdp', 10],
    ['independent', 2],
  ] as const);
}

/** Sitting federal MPs: one per riding except the vacant ones. */
function buildFederalMps(): void {
  const rng = new Rng('federal-mps');
  const ridingOrder: Prov[] = ['NL', 'PE', 'NS', 'NB', 'QC', 'ON', 'MB', 'SK', 'AB', 'BC', 'YT', 'NT', 'NU'];
  let ministers = 0;
  for (const prov of ridingOrder) {
    const info = JURS[prov];
    for (let i = 1; i <= info.fedSeats; i++) {
      const frenchRiding = prov === 'QC' ? rng.chance(0.9) : rng.chance(info.fr * 0.6);
      const place = inventPlace(rng, frenchRiding);
      const riding: Riding = { id: `${JURS.federal.setId}/${info.fedCode}${pad(i, 3)}`, name: place.name, town: place.town, prov };
      ridings.federal.push(riding);
      if (FEDERAL_VACANCIES.includes(prov) && i === info.fedSeats) continue; // vacant seat, see buildFormers()
      const french = prov === 'QC' ? rng.chance(0.82) : rng.chance(info.fr);
      const { first, last, female } = inventName(rng, french);
      const partySlug = federalParty(rng, prov);
      const party = partyName('federal', partySlug);
      const isMinister = partySlug === 'maple' && ministers < 36 && rng.chance(0.3);
      const prefix = prefixFor(rng, female, isMinister);
      const veteran = rng.chance(0.62);
      const terms: Term[] = veteran
        ? [
            { start: '2019-10-21', end: '2021-09-20', party, office: 'MP', ridingId: riding.id },
            { start: '2021-09-20', end: null, party, office: 'MP', ridingId: riding.id },
          ]
        : [{ start: '2021-09-20', end: null, party, office: 'MP', ridingId: riding.id }];
      addPerson({
        key: `demo/mp/${info.fedCode}${pad(i, 3)}`,
        name: [prefix, first, last].filter(Boolean).join(' '),
        first,
        last,
        prefix,
        honorific: null,
        level: 'federal',
        prov: null,
        jur: 'federal',
        office: 'MP',
        party,
        riding,
        terms,
        active: true,
        deceased: false,
        french,
        female,
        portfolio: isMinister ? ministerTitle('federal', ministers++) : null,
        city: null,
      });
    }
  }
}

const ridings: Record<Jur, Riding[]> = Object.fromEntries((['federal', ...PROVS] as Jur[]).map((j) => [j, []])) as unknown as Record<
  Jur,
  Riding[]
>;

/** Sitting provincial and territorial members. */
function buildProvincialMembers(): void {
  for (const prov of PROVS) {
    const rng = new Rng(`members-${prov}`);
    const info = JURS[prov];
    let ministers = 0;
    for (let i = 1; i <= info.members; i++) {
      const frenchRiding = rng.chance(info.fr);
      const place = inventPlace(rng, frenchRiding);
      const riding: Riding = { id: `${info.setId}/${slugify(place.name)}`, name: place.name, town: place.town, prov };
      ridings[prov].push(riding);
      const french = frenchRiding || rng.chance(info.fr * 0.3);
      const { first, last, female } = inventName(rng, french);
      const partySlug = rng.weighted(info.parties.map(([s, , , w]) => [s, w] as const));
      const party = partyName(prov, partySlug);
      const isMinister = partySlug === info.parties[0][0] && ministers < Math.ceil(info.members / 5) && rng.chance(0.35);
      const prefix = prefixFor(rng, female, isMinister);
      const [prev, last_] = info.elections;
      const veteran = rng.chance(0.55);
      const terms: Term[] = veteran
        ? [
            { start: prev, end: last_, party, office: info.office, ridingId: riding.id },
            { start: last_, end: null, party, office: info.office, ridingId: riding.id },
          ]
        : [{ start: last_, end: null, party, office: info.office, ridingId: riding.id }];
      addPerson({
        key: `demo/${prov.toLowerCase()}/${pad(i, 3)}`,
        name: [prefix, first, last].filter(Boolean).join(' '),
        first,
        last,
        prefix,
        honorific: null,
        level: 'provincial',
        prov,
        jur: prov,
        office: info.office,
        party,
        riding,
        terms,
        active: true,
        deceased: false,
        french,
        female,
        portfolio: isMinister ? ministerTitle(prov, ministers++) : null,
        city: null,
      });
    }
  }
}

/** A mayor and councillors for two cities. */
function buildMunicipal(): void {
  const cities = [
    {
      slug: 'toronto',
      city: 'Toronto',
      prov: 'ON' as Prov,
      set: 'toronto-wards-2022',
      citySet: 'toronto-city-2022',
      start: '2022-11-15',
      french: false,
      parties: ['Independent'],
      wardName: (n: number) => `Ward ${n} ${rng.pick(PLACE_STEMS)} ${rng.pick(PLACE_SUFFIXES)}`,
    },
    {
      slug: 'montreal',
      city: 'Montréal',
      prov: 'QC' as Prov,
      set: 'montreal-districts-2021',
      citySet: 'montreal-city-2021',
      start: '2021-11-15',
      french: true,
      parties: ['Équipe Mont-Royal', 'Alliance Saint-Laurent'],
      wardName: (n: number) => `District ${rng.pick(FR_PLACE_HEADS)}-${rng.pick(FR_PLACE_TAILS)} ${n}`,
    },
  ];
  const rng = new Rng('municipal');
  for (const c of cities) {
    for (let n = 0; n <= 10; n++) {
      const mayor = n === 0;
      const name = mayor ? c.city : c.wardName(n);
      const riding: Riding = mayor
        ? { id: `${c.citySet}/${c.slug}`, name: c.city, town: c.city, prov: c.prov }
        : { id: `${c.set}/${c.slug === 'toronto' ? `ward-${n}` : `district-${n}`}`, name, town: c.city, prov: c.prov };
      const { first, last, female } = inventName(rng, c.french ? rng.chance(0.85) : rng.chance(0.05));
      const party = rng.pick(c.parties);
      const office = mayor ? 'Mayor' : 'Councillor';
      const prefix = rng.chance(0.2) ? (female ? 'Ms.' : 'Mr.') : null;
      addPerson({
        key: `demo/${c.slug}/${mayor ? 'mayor' : `${c.slug === 'toronto' ? 'ward' : 'district'}-${n}`}`,
        name: [prefix, first, last].filter(Boolean).join(' '),
        first,
        last,
        prefix,
        honorific: null,
        level: 'municipal',
        prov: c.prov,
        jur: c.prov,
        office,
        party,
        riding,
        terms: [{ start: c.start, end: null, party, office, ridingId: riding.id }],
        active: true,
        deceased: false,
        french: c.french,
        female,
        portfolio: null,
        city: c.city,
      });
    }
  }
}

/** Renames regular records into memorable edge-case keys and adds the former politicians. */
function buildEdgeCases(): void {
  const rename = (oldKey: string, newKey: string, patch: Partial<Person> = {}) => {
    const p = byKey.get(oldKey);
    if (!p) throw new Error(`no ${oldKey}`);
    byKey.delete(oldKey);
    Object.assign(p, patch, { key: newKey });
    byKey.set(newKey, p);
    return p;
  };
  rename('demo/mp/35005', 'demo/edge/phone-from-office');
  rename('demo/mp/59003', 'demo/edge/no-offices');
  rename('demo/mp/24004', 'demo/edge/duplicate-office');
  rename('demo/mp/35010', 'demo/edge/prolific-poster');
  rename('demo/mp/48002', 'demo/edge/only-dead-social');
  rename('demo/on/007', 'demo/edge/two-constituency-offices');
  rename('demo/on/009', 'demo/edge/multiline-address');
  const explicit = rename('demo/mp/12002', 'demo/edge/explicit-honorific');
  explicit.honorific = 'Dr.';
  explicit.prefix = null;
  explicit.name = `${explicit.first} ${explicit.last}`;
  const accented = rename('demo/qc/003', 'demo/edge/accented-name');
  usedNames.add(slugify('Hélène Bélanger'));
  Object.assign(accented, { first: 'Hélène', last: 'Bélanger', prefix: null, name: 'Hélène Bélanger', female: true, french: true });
  // A floor-crosser: elected for the Northern Reform Party in 2019, Maple Party since 2021.
  const switcher = rename(
    people.find((p) => p.jur === 'federal' && p.terms.length === 2 && p.party === 'Maple Party' && p.riding.prov === 'MB')!.key,
    'demo/edge/party-switcher',
  );
  switcher.terms[0].party = 'Northern Reform Party';

  const rng = new Rng('formers');
  const fedRiding = (prov: Prov, last: boolean) => {
    const list = ridings.federal.filter((r) => r.prov === prov);
    return last ? list[list.length - 1] : list[Math.floor(list.length / 2)];
  };
  const former = (
    key: string,
    jur: Jur,
    riding: Riding,
    terms: Array<[string, string]>,
    partySlug: string,
    extra: Partial<Person> = {},
  ) => {
    const level = jur === 'federal' ? 'federal' : 'provincial';
    const office = JURS[jur].office;
    const french = extra.french ?? (riding.prov === 'QC' || rng.chance(JURS[riding.prov].fr));
    const { first, last, female } = inventName(rng, french);
    const prefix = rng.chance(0.35) ? (female ? 'Ms.' : 'Mr.') : null;
    const party = partyName(jur, partySlug);
    return addPerson({
      key,
      name: [prefix, first, last].filter(Boolean).join(' '),
      first,
      last,
      prefix,
      honorific: null,
      level,
      prov: level === 'federal' ? null : riding.prov,
      jur,
      office,
      party,
      riding,
      terms: terms.map(([start, end]) => ({ start, end, party, office, ridingId: riding.id })),
      active: false,
      deceased: false,
      french,
      female,
      portfolio: null,
      city: null,
      ...extra,
    });
  };
  former(
    'demo/edge/former-mp',
    'federal',
    fedRiding('ON', false),
    [
      ['2015-10-19', '2019-10-21'],
      ['2019-10-21', '2021-09-20'],
    ],
    'reform',
  );
  former(
    'demo/edge/deceased-mp',
    'federal',
    fedRiding('QC', false),
    [
      ['2019-10-21', '2021-09-20'],
      ['2021-09-20', '2023-03-14'],
    ],
    'bloc',
    { deceased: true, french: true },
  );
  former('demo/edge/former-mp-resigned-on', 'federal', fedRiding('ON', true), [['2021-09-20', '2025-08-29']], 'maple');
  former(
    'demo/edge/former-mp-resigned-qc',
    'federal',
    fedRiding('QC', true),
    [
      ['2019-10-21', '2021-09-20'],
      ['2021-09-20', '2026-06-30'],
    ],
    'bloc',
    { french: true },
  );
  former('demo/edge/former-mp-resigned-bc', 'federal', fedRiding('BC', true), [['2021-09-20', '2026-02-13']], 'sdp');
  const prov = (p: Prov, i: number) => ridings[p][i];
  former('demo/edge/former-mpp-on', 'ON', prov('ON', 20), [['2018-06-07', '2022-06-02']], 'on-sdp');
  former(
    'demo/edge/former-mpp-on-2',
    'ON',
    prov('ON', 33),
    [
      ['2014-06-12', '2018-06-07'],
      ['2018-06-07', '2022-06-02'],
    ],
    'trillium',
  );
  former('demo/edge/former-mna-qc', 'QC', prov('QC', 5), [['2018-10-01', '2022-10-03']], 'rassemblement', { french: true });
  former('demo/edge/former-mla-bc', 'BC', prov('BC', 8), [['2020-10-24', '2024-10-19']], 'bc-reform');
  former('demo/edge/former-mla-ab', 'AB', prov('AB', 4), [['2019-04-16', '2023-05-29']], 'ab-sdp');
  former('demo/edge/former-mla-mb', 'MB', prov('MB', 3), [['2019-09-10', '2023-10-03']], 'mb-reform');
  former('demo/edge/former-mla-ns', 'NS', prov('NS', 2), [['2021-08-17', '2024-11-26']], 'ns-sdp');
  former('demo/edge/former-mha-nl', 'NL', prov('NL', 1), [['2019-05-16', '2021-03-25']], 'avalon');
  former('demo/edge/former-mla-yt', 'YT', prov('YT', 2), [['2016-11-07', '2021-04-12']], 'klondike');
  const toronto = byKey.get('demo/toronto/ward-3')!;
  addPerson({
    ...toronto,
    key: 'demo/edge/former-councillor-toronto',
    ...(() => {
      const n = inventName(rng, false);
      return { first: n.first, last: n.last, female: n.female, name: `${n.first} ${n.last}`, prefix: null };
    })(),
    terms: [{ start: '2018-12-01', end: '2022-11-15', party: 'Independent', office: 'Councillor', ridingId: toronto.riding.id }],
    active: false,
  });
  // The deceased MP's seat was filled at a by-election.
  const byElection = people.find(
    (p) => p.key !== 'demo/edge/deceased-mp' && p.riding.id === byKey.get('demo/edge/deceased-mp')!.riding.id && p.active,
  )!;
  rename(byElection.key, 'demo/edge/by-election-mp');
  byElection.terms = [{ start: '2023-06-19', end: null, party: byElection.party, office: 'MP', ridingId: byElection.riding.id }];
  // The former MP was defeated in 2021 by the current member, whose only term starts then.
  const successor = people.find((p) => p.active && p.riding.id === byKey.get('demo/edge/former-mp')!.riding.id)!;
  successor.terms = [{ start: '2021-09-20', end: null, party: successor.party, office: 'MP', ridingId: successor.riding.id }];
}

/** Who held a seat of a jurisdiction at a moment (by terms), in stable order. */
function sittingAt(jur: Jur, date: string, level: 'federal' | 'provincial' = jur === 'federal' ? 'federal' : 'provincial'): Person[] {
  return people.filter(
    (p) => p.jur === jur && p.level === level && p.terms.some((t) => t.start <= date && (t.end === null || t.end > date)),
  );
}
const termAt = (p: Person, date: string) =>
  p.terms.find((t) => t.start <= date && (t.end === null || t.end > date)) ?? p.terms[p.terms.length - 1];

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

interface Session {
  key: string;
  jur: Jur;
  parliament: number;
  number: number;
  start: string;
  end: string | null;
  name: string;
}
const sessions: Session[] = [];

function sessionName(jur: Jur, parliament: number, n: number): string {
  if (jur === 'QC') return `${parliament}e législature, ${ordinalFr(n, true)} session`;
  if (jur === 'federal') return `${ordinal(parliament)} Parliament, ${ordinal(n)} Session`;
  return `${ordinal(parliament)} Legislature, ${ordinal(n)} Session`;
}

function buildSessions(): void {
  const add = (jur: Jur, parliament: number, n: number, start: string, end: string | null) =>
    sessions.push({
      key: `demo/${jur === 'federal' ? 'federal' : jur.toLowerCase()}/${parliament}-${n}`,
      jur,
      parliament,
      number: n,
      start,
      end,
      name: sessionName(jur, parliament, n),
    });
  add('federal', 43, 2, '2020-09-23', '2021-08-15');
  add('federal', 44, 1, '2021-11-22', '2024-09-13');
  add('federal', 44, 2, '2024-09-16', null);
  for (const prov of PROVS) {
    const info = JURS[prov];
    const start = nextWeekday(addDays(info.elections[1], 56));
    if (daysBetween(start, '2026-06-01') > 760) {
      const end = addDays(start, 700);
      add(prov, info.parliament, 1, start, end);
      add(prov, info.parliament, 2, nextWeekday(addDays(end, 17)), null);
    } else {
      add(prov, info.parliament, 1, start, null);
    }
  }
}

const sessionsOf = (jur: Jur) => sessions.filter((s) => s.jur === jur);
const sessionEnd = (s: Session) => s.end ?? TODAY;
const sessionAt = (jur: Jur, date: string) => sessionsOf(jur).find((s) => s.start <= date && sessionEnd(s) >= date) ?? null;

// ---------------------------------------------------------------------------------------------
// Records: manifest, jurisdictions, parties, sessions
// ---------------------------------------------------------------------------------------------

function manifest(): Manifest {
  return {
    format_version: 1,
    name: 'canpol demo data',
    demo: true,
    extracted_at: EXTRACTED_AT,
    description:
      'Fictional demo data: every person, place, party, bill, vote, speech and URL in this bundle is invented ' +
      'by data/generate-demo.ts for tests and demos. None of it describes real people or real proceedings.',
    sources: [
      {
        id: 'canpol-demo-generator',
        version: '1',
        url: `${BASE}/generator`,
        retrieved_at: EXTRACTED_AT,
        licence: 'CC0-1.0 (fictional data)',
      },
    ],
  };
}

function jurisdictionRecords(): JurisdictionRec[] {
  return (['federal', ...PROVS] as Jur[]).map((jur) => {
    const info = JURS[jur];
    const slug = jur.toLowerCase();
    const source_urls: Record<string, string> = { members: `${BASE}/sources/${slug}/members` };
    if (info.status.bills !== 'none') source_urls.bills = `${BASE}/sources/${slug}/bills`;
    const covered = Object.entries(info.status)
      .filter(([, s]) => s !== 'none')
      .map(([k, s]) => `${k} ${s}`);
    return {
      jurisdiction: jur,
      legislature_name: info.legislature,
      seats: info.seats,
      bills_status: info.status.bills,
      hansard_status: info.status.hansard,
      votes_status: info.status.votes,
      committees_status: info.status.committees,
      last_verified_at: '2026-10-30T06:00:00Z',
      source_urls,
      notes: `Demo data: fictional coverage for ${info.name}${covered.length ? ` (${covered.join(', ')})` : ' (members only)'}.`,
    };
  });
}

function partyRecords(): PartyRec[] {
  const out: PartyRec[] = [];
  for (const jur of ['federal', ...PROVS] as Jur[]) {
    for (const [slug, name, short] of JURS[jur].parties) {
      out.push({
        key: `demo/party/${jur === 'federal' ? 'federal' : jur.toLowerCase()}/${slug}`,
        name,
        short_name: short,
        level: jur === 'federal' ? 'federal' : 'provincial',
        province_territory: jur === 'federal' ? null : jur,
      });
    }
  }
  out.push({
    key: 'demo/party/toronto/independent',
    name: 'Independent',
    short_name: 'Ind.',
    level: 'municipal',
    province_territory: 'ON',
  });
  out.push({
    key: 'demo/party/montreal/equipe-mont-royal',
    name: 'Équipe Mont-Royal',
    short_name: 'EMR',
    level: 'municipal',
    province_territory: 'QC',
  });
  out.push({
    key: 'demo/party/montreal/alliance-saint-laurent',
    name: 'Alliance Saint-Laurent',
    short_name: 'ASL',
    level: 'municipal',
    province_territory: 'QC',
  });
  return out;
}

function sessionRecords(): SessionRec[] {
  return sessions.map((s) => ({
    key: s.key,
    level: s.jur === 'federal' ? 'federal' : 'provincial',
    province_territory: s.jur === 'federal' ? null : s.jur,
    parliament_number: s.parliament,
    session_number: s.number,
    name: s.name,
    start_date: s.start,
    end_date: s.end,
  }));
}

// ---------------------------------------------------------------------------------------------
// Politicians and offices
// ---------------------------------------------------------------------------------------------

interface OfficePlan {
  phone: string | null;
  constituency: OfficeRec[];
  legislature: OfficeRec | null;
}
const officePlans = new Map<string, OfficePlan>();

function phoneFor(rng: Rng, prov: Prov | null): string {
  const area = rng.pick(JURS[prov ?? 'ON'].areaCodes);
  return `${area}-555-01${pad(rng.int(0, 99), 2)}`;
}

function postalFor(rng: Rng, prov: Jur, first?: string): string {
  const L = 'ABCEGHJKLMNPRSTVXY';
  return `${first ?? rng.pick(JURS[prov].postal.split(''))}${rng.int(0, 9)}${rng.pick(L.split(''))} ${rng.int(0, 9)}${rng.pick(L.split(''))}${rng.int(0, 9)}`;
}

const STREETS = [
  'Main Street',
  'King Street',
  'Queen Street',
  'Church Street',
  'Water Street',
  'Railway Avenue',
  'Lakeshore Road',
  'Centre Street',
  'Victoria Avenue',
  'Mill Road',
  'Park Avenue',
  'Bridge Street',
];
const RUES = ['rue Principale', 'rue Saint-Jean', 'boulevard des Érables', 'rue du Moulin', 'chemin du Lac', 'avenue de la Gare'];

function constituencyOffice(rng: Rng, p: Person, phone: string | null): OfficeRec {
  const prov = p.riding.prov;
  const [lat0, lat1, lng0, lng1] = JURS[prov].box;
  const french = p.french && (prov === 'QC' || prov === 'NB');
  const address = french
    ? `${rng.int(10, 2999)}, ${rng.pick(RUES)}, bureau ${rng.int(100, 400)}`
    : `${rng.int(10, 2999)} ${rng.pick(STREETS)}, Suite ${rng.int(100, 400)}`;
  return {
    politician_key: p.key,
    kind: 'constituency',
    address,
    city: p.city ?? p.riding.town,
    province_territory: prov,
    postal_code: postalFor(rng, prov),
    phone,
    fax: rng.chance(0.3) ? phoneFor(rng, prov) : null,
    email: null,
    hours: rng.chance(0.5) ? (french ? 'Lun–ven 9 h à 16 h 30' : 'Mon–Fri 9:00–16:30') : null,
    lat: round(lat0 + rng.float() * (lat1 - lat0), 4),
    lng: round(lng0 + rng.float() * (lng1 - lng0), 4),
    source: 'demo',
  };
}

function legislatureOffice(rng: Rng, p: Person): OfficeRec {
  const jur: Jur = p.level === 'federal' ? 'federal' : p.riding.prov;
  const info = JURS[jur];
  const prov: Prov = jur === 'federal' ? 'ON' : jur;
  const building =
    p.level === 'municipal'
      ? `City Hall, ${p.city}`
      : jur === 'federal'
        ? 'House of Commons'
        : jur === 'QC'
          ? 'Hôtel du Parlement'
          : 'Legislative Building';
  const cityLat = p.level === 'municipal' ? (p.city === 'Toronto' ? 43.6534 : 45.5088) : info.capLat;
  const cityLng = p.level === 'municipal' ? (p.city === 'Toronto' ? -79.3841 : -73.5543) : info.capLng;
  return {
    politician_key: p.key,
    kind: p.level === 'municipal' ? 'other' : 'legislature',
    address: `Room ${rng.int(100, 999)}, ${building}`,
    city: p.level === 'municipal' ? p.city : info.capital,
    province_territory: prov,
    postal_code: postalFor(rng, prov, p.level === 'municipal' ? (p.city === 'Toronto' ? 'M' : 'H') : info.capPostal),
    phone: `${p.level === 'municipal' ? (p.city === 'Toronto' ? '416' : '514') : info.areaCodes[0]}-555-01${pad(rng.int(0, 99), 2)}`,
    fax: null,
    email: null,
    hours: null,
    lat: round(cityLat + (rng.float() - 0.5) * 0.004, 4),
    lng: round(cityLng + (rng.float() - 0.5) * 0.004, 4),
    source: 'demo',
  };
}

function planOffices(): void {
  const rng = new Rng('offices');
  for (const p of people) {
    if (!p.active) {
      officePlans.set(p.key, { phone: null, constituency: [], legislature: null });
      continue;
    }
    const phone = phoneFor(rng, p.riding.prov);
    const plan: OfficePlan = { phone, constituency: [constituencyOffice(rng, p, phone)], legislature: legislatureOffice(rng, p) };
    if (p.key === 'demo/edge/no-offices') {
      plan.constituency = [];
      plan.legislature = null;
      plan.phone = null;
    }
    if (p.key === 'demo/edge/phone-from-office') plan.phone = null; // the build falls back to the constituency office's phone
    if (p.key === 'demo/edge/two-constituency-offices') {
      const second = constituencyOffice(rng, p, null);
      second.phone = plan.constituency[0].phone === '705-555-0188' ? '705-555-0189' : '705-555-0188';
      second.city = `${rng.pick(PLACE_PREFIXES)} ${p.riding.town}`;
      plan.constituency.push(second);
    }
    if (p.key === 'demo/edge/duplicate-office') plan.constituency.push({ ...plan.constituency[0] }); // exact duplicate row
    if (p.key === 'demo/edge/multiline-address' && plan.legislature) {
      plan.legislature.address = `Room 281, Legislative Building\nQueen's Park\nToronto ON ${plan.legislature.postal_code}`;
    }
    officePlans.set(p.key, plan);
  }
}

const oneLine = (o: OfficeRec | undefined | null) => (o ? `${o.address}, ${o.city} ${o.province_territory} ${o.postal_code}` : null);

function politicianRecords(): PoliticianRec[] {
  return people.map((p) => {
    const plan = officePlans.get(p.key)!;
    const folded = slugify(`${p.first} ${p.last}`);
    const jurSlug = p.level === 'federal' ? 'federal' : p.level === 'municipal' ? slugify(p.city ?? '') : p.riding.prov.toLowerCase();
    const leg = plan.legislature;
    return withoutNulls<PoliticianRec>(
      {
        key: p.key,
        name: p.name,
        first_name: p.first,
        last_name: p.last,
        honorific: p.honorific,
        party: p.party,
        elected_office: p.office,
        level: p.level,
        province_territory: p.level === 'federal' ? null : p.riding.prov,
        constituency_id: p.riding.id,
        constituency_name: p.riding.name,
        email: p.active && p.key !== 'demo/edge/no-offices' ? `${folded.replace(/-/g, '.')}@${jurSlug}.demo.canpol.example` : null,
        phone: plan.phone,
        fax: plan.constituency[0]?.fax ?? null,
        constituency_office_address: oneLine(plan.constituency[0]),
        legislature_office_address: leg ? (leg.address!.includes('\n') ? leg.address : oneLine(leg)) : null,
        photo_url: p.active ? `${BASE}/photos/${p.key.replace(/^demo\//, '').replace(/\//g, '-')}.jpg` : null,
        personal_url: personalSites.has(p.key) ? personalSites.get(p.key)! : null,
        official_url: `${BASE}/members/${jurSlug}/${folded}`,
        is_active: p.active,
        deceased: p.deceased,
        external_parliament_slug: p.level === 'federal' ? folded : null,
        ab_assembly_mid:
          p.level === 'provincial' && p.riding.prov === 'AB'
            ? String(900 + people.filter((q) => q.level === 'provincial' && q.riding.prov === 'AB').indexOf(p))
            : null,
        ...(p.active ? {} : { updated_at: '2026-09-15T12:00:00Z' }),
        // Term fields that repeat the politician's own office, seat and party are left out.
        terms: p.terms.map((t) =>
          withoutNulls(
            {
              start_at: midnight(t.start),
              end_at: t.end ? midnight(t.end) : null,
              elected_office: t.office === p.office ? null : t.office,
              constituency_id: t.ridingId === p.riding.id ? null : t.ridingId,
              party: t.party === p.party ? null : t.party,
            },
            ['end_at'],
          ),
        ),
      },
      ['honorific', 'province_territory', 'phone'],
    );
  });
}

function officeRecords(): OfficeRec[] {
  const out: OfficeRec[] = [];
  for (const p of people) {
    const plan = officePlans.get(p.key)!;
    out.push(...plan.constituency.map((o) => withoutNulls(o)));
    if (plan.legislature) out.push(withoutNulls(plan.legislature));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Socials, posts, websites
// ---------------------------------------------------------------------------------------------

type Platform = 'twitter' | 'bluesky' | 'mastodon' | 'instagram' | 'facebook' | 'youtube' | 'tiktok' | 'linkedin' | 'threads';
interface Handle {
  person: Person;
  platform: Platform;
  handle: string;
  url: string;
  live: boolean;
}
const handles: Handle[] = [];

function handleUrl(platform: Platform, handle: string): string {
  const bare = handle.replace(/^@/, '').replace(/@.*$/, '');
  return `https://${platform}.social.demo.canpol.example/${platform === 'mastodon' || platform === 'tiktok' || platform === 'threads' ? '@' : ''}${bare}`;
}

function planSocials(): void {
  const rng = new Rng('socials');
  const platforms: Array<readonly [Platform, number]> = [
    ['twitter', 30],
    ['facebook', 25],
    ['instagram', 15],
    ['bluesky', 12],
    ['youtube', 5],
    ['mastodon', 4],
    ['linkedin', 4],
    ['threads', 3],
    ['tiktok', 2],
  ];
  for (const p of people) {
    const base = `${fold(p.first).replace(/[^A-Za-z]/g, '')}${fold(p.last).replace(/[^A-Za-z]/g, '')}`;
    let chosen: Platform[] = [];
    if (p.key === 'demo/edge/prolific-poster') chosen = ['twitter', 'bluesky', 'facebook'];
    else if (p.key === 'demo/edge/only-dead-social') chosen = ['twitter'];
    else if (p.key === 'demo/edge/no-offices') chosen = [];
    else if (rng.chance(p.active ? 0.4 : 0.3)) {
      const n = rng.weighted([
        [1, 6],
        [2, 3],
        [3, 1],
      ] as const);
      while (chosen.length < n) {
        const x = rng.weighted(platforms);
        if (!chosen.includes(x)) chosen.push(x);
      }
    }
    for (const platform of chosen) {
      const suffix = p.level === 'federal' ? 'MP' : p.level === 'municipal' ? '' : p.office;
      const handle =
        platform === 'bluesky'
          ? `${base.toLowerCase()}.bsky.demo.canpol.example`
          : platform === 'mastodon'
            ? `@${base.toLowerCase()}@mastodon.demo.canpol.example`
            : platform === 'facebook' || platform === 'linkedin' || platform === 'youtube'
              ? `${base}${suffix}`
              : `${base}${suffix}`.slice(0, 15);
      const live =
        p.key === 'demo/edge/only-dead-social'
          ? false
          : p.key === 'demo/edge/prolific-poster'
            ? true
            : p.active
              ? rng.chance(0.93)
              : rng.chance(0.3);
      handles.push({ person: p, platform, handle, url: handleUrl(platform, handle), live });
    }
  }
}

function socialRecords(): SocialRec[] {
  const rng = new Rng('social-records');
  return handles.map((h) => {
    const lastPost = h.live ? addDays(TODAY, -rng.int(0, 40)) : addDays('2024-06-01', -rng.int(0, 600));
    return {
      politician_key: h.person.key,
      platform: h.platform,
      handle: h.handle,
      url: h.url,
      follower_count: h.live ? Math.round(40 + rng.float() ** 3 * 60_000) : null,
      lifetime_post_count: h.live ? rng.int(10, 9000) : null,
      last_post_at: localTs(lastPost, `${pad(rng.int(8, 21), 2)}:${pad(rng.int(0, 59), 2)}`, h.person.riding.prov),
      last_profile_check_at: h.live ? '2026-10-29T04:00:00Z' : '2026-10-29T04:05:00Z',
      last_verified_at: h.live ? '2026-10-29T04:00:00Z' : '2024-07-01T04:00:00Z',
      is_live: h.live,
    };
  });
}

const POST_TEMPLATES_EN = [
  'Great to meet with the {org} in {town} today to talk about {topic}.',
  'Thank you to everyone who came out to our town hall on {topic} in {town}!',
  'Our office in {town} is open all week. Drop by with your questions about {topic}.',
  'Proud to stand up for {riding} on {topic} in the House today.',
  'Happy to announce new funding for the {org} in {town}.',
  'Spent the morning with volunteers at the {org}. {town} is lucky to have them.',
  'Reminder: the deadline for the {topic} survey is Friday. Have your say!',
];
const POST_TEMPLATES_FR = [
  'Belle rencontre avec le {org} de {town} aujourd’hui au sujet de {topic}.',
  'Merci à toutes les personnes présentes à notre assemblée publique sur {topic} à {town}!',
  'Fier de défendre {riding} sur la question de {topic} aujourd’hui.',
  'Bonne nouvelle pour le {org} de {town} : un nouveau financement est confirmé.',
];

function fill(template: string, p: Person, rng: Rng, french: boolean): string {
  return template
    .replaceAll('{org}', rng.pick(french ? ORGS_FR : ORGS_EN))
    .replaceAll('{town}', p.riding.town)
    .replaceAll('{topic}', rng.pick(french ? TOPICS_FR : TOPICS_EN))
    .replaceAll('{riding}', p.riding.name);
}

function postRecords(): PostRec[] {
  const rng = new Rng('posts');
  const withLive = [...new Set(handles.filter((h) => h.live).map((h) => h.person))].filter((p) => p.key !== 'demo/edge/prolific-poster');
  const posters = [byKey.get('demo/edge/prolific-poster')!, ...rng.sample(withLive, 29)];
  const out: PostRec[] = [];
  let counter = 1;
  for (const p of posters) {
    const mine = handles.filter((h) => h.person === p && h.live);
    const n = p.key === 'demo/edge/prolific-poster' ? 72 : rng.int(4, 12);
    for (let i = 0; i < n; i++) {
      const h = p.key === 'demo/edge/prolific-poster' ? mine[i % mine.length] : rng.pick(mine);
      const n0 = counter++;
      const postId =
        h.platform === 'twitter'
          ? `18${pad(n0 * 7919, 17)}`
          : h.platform === 'bluesky'
            ? `3l${n0.toString(36).padStart(11, 'a')}`
            : h.platform === 'facebook'
              ? `10${pad(n0, 13)}_${pad(n0 * 31, 9)}`
              : `${h.platform.slice(0, 2)}${pad(n0, 10)}`;
      const day = addDays(TODAY, -rng.int(0, 420));
      const postedAt = localTs(day, `${pad(rng.int(7, 22), 2)}:${pad(rng.int(0, 59), 2)}`, p.riding.prov);
      const french = p.french && (p.riding.prov === 'QC' || rng.chance(0.5));
      const paid = h.platform === 'facebook' && rng.chance(0.12);
      const media = rng.int(0, 4) - 2; // mostly none
      out.push({
        politician_key: p.key,
        platform: h.platform,
        post_id: postId,
        posted_at: postedAt,
        text: fill(rng.pick(french ? POST_TEMPLATES_FR : POST_TEMPLATES_EN), p, rng, french),
        url: `${h.url}/posts/${postId}`,
        media_urls: Array.from({ length: Math.max(0, media) }, (_, k) => `${BASE}/media/${h.platform}/${postId}-${k + 1}.jpg`),
        engagement: {
          likes: Math.round(rng.float() ** 2 * 2500),
          reposts: Math.round(rng.float() ** 3 * 400),
          replies: Math.round(rng.float() ** 3 * 150),
        },
        scraped_at: fmtTs(Math.min(Date.parse(postedAt) + rng.int(1, 72) * 3_600_000, Date.parse('2026-10-31T12:00:00Z'))),
        funded_by: paid ? `Authorized by the official agent for ${p.first} ${p.last}` : null,
        funded_by_url: paid ? `${BASE}/ad-library/${postId}` : null,
      });
    }
  }
  return out;
}

const personalSites = new Map<string, string>();
interface SitePlan {
  person: Person;
  url: string;
  label: string;
  active: boolean;
  created: string;
}
const sitePlans: SitePlan[] = [];

function planWebsites(): void {
  const rng = new Rng('websites');
  const candidates = rng.sample(
    people.filter((p) => p.level !== 'municipal' && p.key !== 'demo/edge/no-offices'),
    44,
  );
  for (const p of candidates) {
    const slug = slugify(`${p.first} ${p.last}`);
    const url = `https://${slug}.demo.canpol.example/`;
    sitePlans.push({
      person: p,
      url,
      label: p.french ? 'Site officiel' : 'Official website',
      active: p.active,
      created: addDays('2019-01-15', rng.int(0, 1500)),
    });
    if (p.active) personalSites.set(p.key, url);
    if (rng.chance(0.18)) {
      sitePlans.push({
        person: p,
        url: `https://www.${slug}-campaign.example.ca/`,
        label: p.french ? 'Campagne' : 'Campaign site',
        active: false,
        created: addDays('2018-03-01', rng.int(0, 700)),
      });
    }
  }
}

const HOSTS = [
  { provider: 'Maple Hosting Co-op', country: 'CA', city: 'Montréal', lat: 45.5019, lng: -73.5674, tier: 1 },
  { provider: 'Northern Data Centres', country: 'CA', city: 'Toronto', lat: 43.6532, lng: -79.3832, tier: 2 },
  { provider: 'Prairie Cloud', country: 'CA', city: 'Calgary', lat: 51.0447, lng: -114.0719, tier: 2 },
  { provider: 'Globex Cloud (Canada region)', country: 'CA', city: 'Toronto', lat: 43.6426, lng: -79.3871, tier: 3 },
  { provider: 'Globex Cloud', country: 'US', city: 'Ashburn', lat: 39.0438, lng: -77.4874, tier: 4 },
  { provider: 'Demo Site Builder Inc.', country: 'US', city: 'San Jose', lat: 37.3382, lng: -121.8863, tier: 5 },
  { provider: 'Offshore Pages Ltd.', country: 'NL', city: 'Amsterdam', lat: 52.3676, lng: 4.9041, tier: 6 },
];

function websiteRecords(): WebsiteRec[] {
  const rng = new Rng('website-records');
  return sitePlans.map((s) => {
    const scans = Array.from({ length: rng.int(0, 3) }, () => 0).map((_, i, all) => {
      const host = rng.pick(HOSTS);
      return {
        scanned_at: localTs(addDays('2026-10-25', -(all.length - 1 - i) * rng.int(60, 150)), '03:00', 'ON'),
        ip_country: host.country,
        ip_city: host.city,
        ip_latitude: host.lat,
        ip_longitude: host.lng,
        hosting_provider: host.provider,
        hosting_country: host.country,
        sovereignty_tier: host.tier,
        cdn_detected: host.tier >= 3 && rng.chance(0.5) ? 'Demo CDN' : null,
        cms_detected: rng.pick(['WordPress', 'Drupal', 'Squarespace', 'Wix', null]),
      };
    });
    return {
      politician_key: s.person.key,
      url: s.url,
      label: s.label,
      is_active: s.active,
      created_at: midnight(s.created),
      updated_at: scans.length ? scans[scans.length - 1].scanned_at : midnight(s.created),
      scans,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Bills
// ---------------------------------------------------------------------------------------------

interface Bill {
  rec: BillRec;
  session: Session;
  events: EventRec[];
  sponsor: Person | null;
}
const bills: Bill[] = [];

const ACTS_EN = [
  'Income Tax Act',
  'Criminal Code',
  'Employment Insurance Act',
  'Canada Labour Code',
  'Fisheries Act',
  'Excise Tax Act',
  'Food and Drugs Act',
  'Privacy Act',
  'Canada Elections Act',
  'Broadcasting Act',
  'Navigation Protection Act',
];
const PROV_ACTS_EN = [
  'Employment Standards Act',
  'Highway Traffic Act',
  'Residential Tenancies Act',
  'Municipal Act',
  'Education Act',
  'Health Protection Act',
  'Environmental Protection Act',
  'Liquor Licence Act',
  'Planning Act',
  'Mining Act',
];
const SUBJECTS_EN = [
  'affordable rental housing',
  'rural broadband access',
  'wildfire response',
  'consumer protection in online sales',
  'the right to repair',
  'pharmacare',
  'school nutrition',
  'firefighter cancer screening',
  'protected wetlands',
  'fair ticket resale',
  'pay transparency',
  'short-term rental registration',
  'organ donation',
  'drinking water on reserve',
  'accessible transit',
  'a national day of remembrance for volunteers',
  'seasonal agricultural workers',
  'French-language services',
];
const COMMITTEES_FED = [
  'Standing Committee on Finance',
  'Standing Committee on Health',
  'Standing Committee on Justice and Human Rights',
  'Standing Committee on Transport, Infrastructure and Communities',
  'Standing Committee on Environment and Sustainable Development',
  'Standing Committee on Human Resources, Skills and Social Development',
];
const COMMITTEES_SENATE = [
  'Standing Senate Committee on National Finance',
  'Standing Senate Committee on Legal and Constitutional Affairs',
  'Standing Senate Committee on Social Affairs, Science and Technology',
];
const QC_TITLES = [
  'Loi modifiant la Charte de la langue française',
  'Loi visant à améliorer l’accès au logement abordable',
  'Loi concernant la protection des milieux humides',
  'Loi modifiant la Loi sur la qualité de l’environnement',
  'Loi visant à réduire l’attente aux urgences',
  'Loi sur la transparence salariale',
  'Loi modifiant le Code de la sécurité routière',
  'Loi visant à soutenir les proches aidants',
  'Loi concernant l’Internet haute vitesse en région',
  'Loi sur les services de garde éducatifs',
  'Loi visant à protéger les consommateurs dans la vente en ligne',
  'Loi modifiant la Loi sur les normes du travail',
  'Loi concernant la revente de billets de spectacle',
  'Loi visant à encadrer la location à court terme',
  'Loi sur le don d’organes',
  'Loi modifiant la Loi sur l’instruction publique',
  'Loi visant la sécurité alimentaire dans les écoles',
  'Loi concernant les pompiers volontaires',
  'Loi visant à valoriser les régions',
  'Loi modifiant la Loi sur les mines',
  'Loi concernant le transport adapté',
  'Loi visant la réparabilité des biens',
  'Loi sur la journée des bénévoles',
  'Loi modifiant la Loi électorale',
  'Loi sur les travailleurs agricoles saisonniers',
];
const COMMISSIONS_QC = [
  'Commission des finances publiques',
  'Commission de la culture et de l’éducation',
  'Commission des relations avec les citoyens',
  'Commission de l’économie et du travail',
  'Commission des institutions',
];
const COMMITTEES_PROV = [
  'Standing Committee on Finance and Economic Affairs',
  'Standing Committee on Social Policy',
  'Standing Committee on Justice Policy',
  'Standing Committee on General Government',
];

const STATUS_WORDS: Record<string, string[]> = {
  introduced: ['Introduced', 'Tabled'],
  first_reading: ['First Reading', '1st Reading', 'Introduced and read a first time'],
  second_reading: ['Second Reading', '2nd Reading', 'At second reading'],
  committee: ['In Committee', 'Consideration in committee', 'Referred to Committee'],
  third_reading: ['Third Reading', '3rd Reading', 'Passed third reading'],
  royal_assent: ['Royal Assent', 'Royal Assent Received', 'Assented to'],
  withdrawn: ['Withdrawn'],
};
const STATUS_WORDS_QC: Record<string, string[]> = {
  introduced: ['Présenté', 'Présentation'],
  first_reading: ['Présenté'],
  second_reading: ['Adoption du principe', 'Deuxième lecture'],
  committee: ['Étude détaillée en commission', 'En commission'],
  third_reading: ['Adopté', 'Adoption'],
  royal_assent: ['Sanctionné', 'Sanction'],
  withdrawn: ['Retiré'],
};
const STAGE_LABELS_QC: Record<string, string> = {
  introduced: 'Présentation',
  second_reading: 'Adoption du principe',
  committee: 'Étude détaillée en commission',
  third_reading: 'Adoption',
  royal_assent: 'Sanction',
  withdrawn: 'Retrait',
};

function federalTitle(rng: Rng, kind: 'gov' | 'pmb' | 'senate'): { title: string; short: string | null } {
  const subject = rng.pick(SUBJECTS_EN);
  const r = rng.float();
  if (kind === 'gov' && r < 0.2) {
    return {
      title: 'An Act to implement certain provisions of the budget tabled in Parliament and other measures',
      short: rng.pick(['Budget Implementation Act', 'Budget Implementation Act, No. 2', 'Fall Economic Statement Implementation Act']),
    };
  }
  if (r < 0.55) return { title: `An Act to amend the ${rng.pick(ACTS_EN)} (${subject})`, short: null };
  if (r < 0.8) return { title: `An Act respecting ${subject}`, short: `${titleCase(subject)} Act` };
  return { title: `An Act to enact the ${titleCase(subject)} Act and to make related amendments to other Acts`, short: null };
}

/** Stage walk for one bill. Returns the events in order; stops at session end / TODAY. */
function billEvents(
  rng: Rng,
  jur: Jur,
  start: string,
  last: string,
  houseFirst: 'House' | 'Senate' | null,
  depth: number,
  billUrl: string,
): EventRec[] {
  const events: EventRec[] = [];
  let d = start;
  const qc = jur === 'QC';
  const push = (stage: EventRec['stage'], label: string, eventType: string | null, outcome: string | null, committee: string | null) => {
    if (d > last) return false;
    events.push(
      withoutNulls({
        stage,
        stage_label: label,
        event_type: eventType,
        outcome,
        committee_name: committee,
        event_date: d,
        source_url: jur === 'QC' ? `${billUrl}#${stage}` : null,
      }),
    );
    return true;
  };
  const step = (min: number, max: number) => {
    d = nextWeekday(addDays(d, rng.int(min, max)));
  };
  const chamber = (type: string | null, committees: string[], stagesLeft: number, introStage: 'first_reading' | 'introduced') => {
    if (
      !push(
        introStage,
        qc ? (STAGE_LABELS_QC[introStage] ?? 'Présentation') : introStage === 'introduced' ? 'Introduced' : 'First Reading',
        type,
        null,
        null,
      )
    )
      return false;
    if (stagesLeft < 2) return false;
    step(5, 40);
    if (!push('second_reading', qc ? STAGE_LABELS_QC.second_reading : 'Second Reading', type, qc ? 'Adopté' : 'Agreed to', null))
      return false;
    if (stagesLeft < 3) return false;
    const committee = rng.pick(committees);
    if (!push('committee', qc ? `Renvoyé à la ${committee}` : `Referred to the ${committee}`, type, null, committee)) return false;
    step(14, 60);
    if (
      !push(
        'committee',
        qc ? 'Rapport de la commission déposé' : 'Committee report presented',
        type,
        rng.chance(0.4) ? (qc ? 'Avec amendements' : 'Reported with amendments') : qc ? 'Sans amendement' : 'Reported without amendment',
        committee,
      )
    )
      return false;
    if (stagesLeft < 4) return false;
    step(3, 20);
    return push('third_reading', qc ? STAGE_LABELS_QC.third_reading : 'Third Reading', type, qc ? 'Adopté' : 'Passed', null);
  };
  const houseCommittees = jur === 'federal' ? COMMITTEES_FED : qc ? COMMISSIONS_QC : COMMITTEES_PROV;
  if (jur === 'federal') {
    const first = houseFirst === 'Senate' ? COMMITTEES_SENATE : houseCommittees;
    const second = houseFirst === 'Senate' ? houseCommittees : COMMITTEES_SENATE;
    const other = houseFirst === 'Senate' ? 'House' : 'Senate';
    if (!chamber(houseFirst, first, depth, 'first_reading') || depth < 5) return events;
    step(2, 15);
    if (!chamber(other, second, depth - 4, 'first_reading') || depth < 8) return events;
  } else {
    if (!chamber(null, houseCommittees, depth, qc ? 'introduced' : 'first_reading') || depth < 5) return events;
  }
  step(1, 10);
  push('royal_assent', qc ? STAGE_LABELS_QC.royal_assent : 'Royal Assent', null, null, null);
  return events;
}

function statusFor(rng: Rng, jur: Jur, events: EventRec[], senateFederal: boolean): string | null {
  if (!events.length) return null;
  const lastEv = events[events.length - 1];
  const words = jur === 'QC' ? STATUS_WORDS_QC : STATUS_WORDS;
  const base = rng.pick(words[lastEv.stage]);
  if (jur === 'federal' && lastEv.stage !== 'royal_assent' && lastEv.stage !== 'withdrawn' && senateFederal && rng.chance(0.5)) {
    return `${base} (${lastEv.event_type === 'Senate' ? 'Senate' : 'House of Commons'})`;
  }
  return base;
}

function makeBill(
  rng: Rng,
  session: Session,
  num: string,
  type: string,
  title: string,
  short: string | null,
  sponsor: Person | null,
  sponsorRaw: string | null,
  coSponsors: Person[],
  introduced: string,
  depth: number,
  houseFirst: 'House' | 'Senate' | null,
  opts: { noIntroducedDate?: boolean; noEvents?: boolean } = {},
): Bill {
  const jurSlug = session.jur === 'federal' ? 'federal' : session.jur.toLowerCase();
  const url = `${BASE}/bills/${jurSlug}/${session.parliament}-${session.number}/${slugify(num)}`;
  const last = minDate(sessionEnd(session), TODAY);
  const events = opts.noEvents ? [] : billEvents(rng, session.jur, introduced, last, houseFirst, depth, url);
  const sponsors: SponsorRec[] = [];
  if (sponsor || sponsorRaw)
    sponsors.push({ politician_key: sponsor?.key ?? null, sponsor_name_raw: sponsorRaw ?? sponsor!.name, role: 'sponsor', ordering: 0 });
  coSponsors.forEach((c, i) => sponsors.push({ politician_key: c.key, sponsor_name_raw: c.name, role: 'co_sponsor', ordering: i + 1 }));
  const status = statusFor(rng, session.jur, events, houseFirst !== null);
  const lastDate = events.length ? events[events.length - 1].event_date : null;
  const rec: BillRec = {
    session_key: session.key,
    bill_number: num,
    title,
    short_title: short,
    bill_type: type,
    status,
    status_changed_at: lastDate ? localTs(lastDate, '17:00', session.jur) : null,
    introduced_date: opts.noIntroducedDate ? null : introduced,
    source_system: JURS[session.jur].sourceSystem,
    source_url: url,
    source_id: `${jurSlug}-${session.parliament}-${session.number}-${slugify(num)}`,
    first_seen_at: localTs(addDays(introduced, 1), '06:00', session.jur),
    updated_at: lastDate ? localTs(minDate(addDays(lastDate, 1), TODAY), '06:00', session.jur) : null,
    events,
    sponsors,
  };
  const bill = { rec, session, events, sponsor };
  bills.push(bill);
  return bill;
}

function introducedDates(rng: Rng, s: Session, n: number): string[] {
  const last = minDate(sessionEnd(s), TODAY);
  const span = daysBetween(s.start, last) - 10;
  return Array.from({ length: n }, () => nextWeekday(addDays(s.start, 2 + Math.floor(rng.float() ** 1.3 * span)))).sort();
}

/** Federal bill numbers kept free for the edge-case bills of 44-2 (C-77, C-79, C-298, C-301). */
const RESERVED = new Set([77, 79, 298, 301]);

/** Some private members' bills are defeated at second reading. */
function maybeDefeat(rng: Rng, b: Bill): void {
  const lastEv = b.events[b.events.length - 1];
  if (lastEv?.stage !== 'second_reading' || !rng.chance(0.4)) return;
  lastEv.outcome = 'Negatived';
  b.rec.status = rng.pick(['Defeated at Second Reading', 'Defeated', 'Negatived at 2nd reading']);
}

function buildFederalBills(): void {
  const rng = new Rng('federal-bills');
  const plan: Record<string, { gov: number; pmb: number; senate: number }> = {
    '43-2': { gov: 12, pmb: 5, senate: 3 },
    '44-1': { gov: 34, pmb: 14, senate: 10 },
    '44-2': { gov: 40, pmb: 17, senate: 15 },
  };
  for (const s of sessionsOf('federal')) {
    const p = plan[`${s.parliament}-${s.number}`];
    const govNumbers = rng
      .sample(
        Array.from({ length: 79 }, (_, i) => i + 2).filter((n) => !RESERVED.has(n)),
        p.gov,
      )
      .sort((a, b) => a - b);
    const pmbNumbers = rng
      .sample(
        Array.from({ length: 120 }, (_, i) => i + 201).filter((n) => !RESERVED.has(n)),
        p.pmb,
      )
      .sort((a, b) => a - b);
    const senNumbers = rng
      .sample(
        Array.from({ length: 30 }, (_, i) => i + 201),
        p.senate,
      )
      .sort((a, b) => a - b);
    const govDates = introducedDates(rng, s, p.gov);
    const pmbDates = introducedDates(rng, s, p.pmb);
    const senDates = introducedDates(rng, s, p.senate);
    govNumbers.forEach((n, i) => {
      const date = govDates[i];
      const ministers = sittingAt('federal', date).filter((m) => m.portfolio);
      const sponsor = rng.pick(ministers);
      const { title, short } = federalTitle(rng, 'gov');
      makeBill(rng, s, `C-${n}`, 'Government Bill', title, short, sponsor, null, [], date, rng.int(1, 9), 'House');
    });
    pmbNumbers.forEach((n, i) => {
      const date = pmbDates[i];
      const sponsor = rng.pick(sittingAt('federal', date).filter((m) => !m.portfolio));
      const co = rng.chance(0.3)
        ? rng.sample(
            sittingAt('federal', date).filter((m) => m !== sponsor && !m.portfolio),
            rng.int(1, 2),
          )
        : [];
      const { title, short } = federalTitle(rng, 'pmb');
      maybeDefeat(
        rng,
        makeBill(
          rng,
          s,
          `C-${n}`,
          "Private Member's Bill",
          title,
          short,
          sponsor,
          null,
          co,
          date,
          rng.weighted([
            [1, 5],
            [2, 3],
            [3, 2],
            [4, 1],
            [9, 1],
          ] as const),
          'House',
        ),
      );
    });
    senNumbers.forEach((n, i) => {
      const { first, last } = inventName(rng, rng.chance(0.3));
      const { title, short } = federalTitle(rng, 'senate');
      makeBill(
        rng,
        s,
        `S-${n}`,
        'Senate Public Bill',
        title,
        short,
        null,
        `Sen. ${first} ${last}`,
        [],
        senDates[i],
        rng.int(1, 9),
        'Senate',
      );
    });
  }
  // Edge cases, all in the current session 44-2.
  const s = sessionsOf('federal').find((x) => x.parliament === 44 && x.number === 2)!;
  const sitting = sittingAt('federal', '2026-03-02');
  const minister = sitting.filter((m) => m.portfolio)[3];
  makeBill(
    rng,
    s,
    'C-79',
    'Government Bill',
    'An Act respecting the modernization of federal demo data (no events recorded yet)',
    null,
    minister,
    null,
    [],
    '2026-10-27',
    1,
    'House',
    { noEvents: true },
  );
  const unmatched = sitting.filter((m) => !m.portfolio && m.party === 'Northern Reform Party')[5];
  makeBill(
    rng,
    s,
    'C-298',
    "Private Member's Bill",
    'An Act to amend the Criminal Code (theft of catalytic converters)',
    null,
    null,
    `${unmatched.first[0]}. ${unmatched.last} (${unmatched.riding.name})`,
    [],
    '2025-02-10',
    2,
    'House',
  );
  const coSponsors = sitting.filter((m) => !m.portfolio && m.party !== 'Maple Party').slice(10, 15);
  makeBill(
    rng,
    s,
    'C-301',
    "Private Member's Bill",
    'An Act respecting a national framework for community food banks',
    'Community Food Banks Act',
    sitting.filter((m) => !m.portfolio)[40],
    null,
    coSponsors,
    '2025-03-17',
    4,
    'House',
  );
  const w = makeBill(
    rng,
    s,
    'C-77',
    'Government Bill',
    'An Act to amend the Excise Tax Act (temporary relief on home heating)',
    null,
    sitting.filter((m) => m.portfolio)[0],
    null,
    [],
    '2025-11-03',
    1,
    'House',
  );
  w.events.push({
    stage: 'withdrawn',
    stage_label: 'Order for second reading discharged and bill withdrawn',
    event_type: 'House',
    outcome: 'Withdrawn',
    event_date: '2026-01-29',
  });
  w.rec.status = 'Withdrawn';
  w.rec.status_changed_at = localTs('2026-01-29', '15:30', 'federal');
  w.rec.updated_at = localTs('2026-01-30', '06:00', 'federal');
}

const titleCase = (s: string) =>
  s
    .replace(/^(a |the )/, '')
    .replace(/(^|\s)([a-z])/g, (_, sp: string, c: string) => sp + c.toUpperCase())
    .replace(/\b(In|On|Of|For|And|To)\b/g, (w) => w.toLowerCase());

function provincialTitle(rng: Rng, jur: Prov, i: number, year: string): { title: string; short: string | null } {
  if (jur === 'QC') return { title: QC_TITLES[i % QC_TITLES.length], short: null };
  const subject = rng.pick(SUBJECTS_EN);
  const r = rng.float();
  if (r < 0.4) return { title: `An Act to amend the ${rng.pick(PROV_ACTS_EN)} with respect to ${subject}`, short: null };
  if (r < 0.75) return { title: `${titleCase(subject)} Act, ${year}`, short: null };
  return { title: `An Act respecting ${subject}`, short: `${titleCase(subject)} Act` };
}

function buildProvincialBills(): void {
  const perProvince: Array<[Prov, number]> = [
    ['ON', 30],
    ['QC', 25],
    ['BC', 20],
    ['AB', 18],
    ['MB', 15],
    ['NS', 15],
    ['SK', 15],
  ];
  for (const [prov, total] of perProvince) {
    const rng = new Rng(`bills-${prov}`);
    const ss = sessionsOf(prov);
    const partial = JURS[prov].status.bills === 'partial';
    let titleIndex = 0;
    ss.forEach((s, si) => {
      const n = si === ss.length - 1 ? total - Math.floor(total / ss.length) * (ss.length - 1) : Math.floor(total / ss.length);
      const nGov = Math.ceil(n * 0.6);
      const dates = introducedDates(rng, s, n);
      for (let i = 0; i < n; i++) {
        const gov = i < nGov;
        const date = dates[i];
        const members = sittingAt(prov, date);
        const govParty = partyName(prov, JURS[prov].parties[0][0]);
        const sponsor = gov
          ? rng.pick(
              members.filter((m) => m.portfolio).length ? members.filter((m) => m.portfolio) : members.filter((m) => m.party === govParty),
            )
          : rng.pick(members.filter((m) => !m.portfolio));
        const co =
          !gov && prov === 'ON' && rng.chance(0.5)
            ? rng.sample(
                members.filter((m) => m !== sponsor && m.party !== sponsor.party),
                rng.int(1, 3),
              )
            : [];
        const num = gov
          ? String(i + 1 + (si === 0 ? 0 : 0))
          : prov === 'BC'
            ? `M ${201 + i - nGov}`
            : String((prov === 'QC' ? 190 : 100) + i - nGov + 1);
        const type =
          prov === 'QC'
            ? gov
              ? 'Projet de loi du gouvernement'
              : 'Projet de loi d’un député'
            : gov
              ? 'Government Bill'
              : "Private Member's Public Bill";
        const { title, short } = provincialTitle(rng, prov, titleIndex++, date.slice(0, 4));
        makeBill(rng, s, num, type, title, short, sponsor, null, co, date, partial ? rng.int(1, 3) : rng.int(1, 6), null, {
          noIntroducedDate: partial ? rng.chance(0.45) : rng.chance(0.05),
        });
      }
    });
  }
  // Edge case: an Ontario private member's bill with four co-sponsors from three parties.
  const s = sessionsOf('ON')[sessionsOf('ON').length - 1];
  const date = addDays(s.start, 40);
  const members = sittingAt('ON', date).filter((m) => !m.portfolio);
  const rng = new Rng('bills-edge-on');
  const sponsor = members.find((m) => m.party === 'Ontario Social Democrats')!;
  const co = [
    members.find((m) => m.party === 'Trillium Party')!,
    members.filter((m) => m.party === 'Ontario Reform Party')[0],
    members.filter((m) => m.party === 'Ontario Social Democrats')[3],
    members.find((m) => m.party === 'Green Coalition of Ontario') ?? members[12],
  ];
  makeBill(
    rng,
    s,
    '150',
    "Private Member's Public Bill",
    'Firefighter Cancer Screening Act, 2025',
    null,
    sponsor,
    null,
    co,
    nextWeekday(date),
    6,
    null,
  );
}

// ---------------------------------------------------------------------------------------------
// Votes
// ---------------------------------------------------------------------------------------------

type Pos = 'yea' | 'nay' | 'abstain' | 'paired' | 'absent';
const votesOut: VoteRec[] = [];
const BOUNDARY_DATES = new Set(['2024-05-01', '2024-05-02']);

function positionsFor(rng: Rng, jur: Jur, date: string, partyLine: (party: string) => Pos, members: Person[]): PositionRec[] {
  const out: PositionRec[] = [];
  const pairs = rng.int(0, 2);
  let paired = 0;
  for (const m of members) {
    const t = termAt(m, date);
    const line = partyLine(t.party);
    let pos: Pos = line;
    const r = rng.float();
    if (r < 0.07) pos = 'absent';
    else if (r < 0.085) pos = line === 'yea' ? 'nay' : 'yea';
    else if (r < 0.09) pos = 'abstain';
    else if (paired < pairs * 2 && r < 0.1) {
      pos = 'paired';
      paired++;
    }
    const riding = ridings[jur === 'federal' ? 'federal' : m.riding.prov].find((x) => x.id === t.ridingId) ?? m.riding;
    out.push({
      politician_key: m.key,
      politician_name_raw: m.name,
      party_at_time: t.party,
      constituency_at_time: riding.name,
      position: pos,
    });
  }
  return out;
}

function tally(positions: PositionRec[]) {
  const c = (p: Pos) => positions.filter((x) => x.position === p).length;
  const ayes = c('yea');
  const nays = c('nay');
  const abstentions = c('abstain');
  return { ayes, nays, abstentions, result: (ayes > nays ? 'passed' : ayes < nays ? 'defeated' : 'tied') as VoteRec['result'] };
}

const MOTIONS_EN = [
  'That, in the opinion of the House, the government should table a plan on {topic} within 90 days.',
  'That the House call on the government to fund {topic} in the next budget.',
  'That the report of the committee on {topic} be concurred in.',
  'That the debate on {topic} be now adjourned.',
  'That this House recognize the importance of {topic} for rural communities.',
];
const MOTIONS_FR = [
  'Que l’Assemblée demande au gouvernement de déposer un plan sur {topic}.',
  'Que l’Assemblée reconnaisse l’importance de {topic} pour les régions.',
  'Que le rapport de la commission sur {topic} soit adopté.',
];

/** Which way each party votes so that the motion (government or opposition) passes or fails. */
function partyLines(jur: Jur, government: boolean, pass: boolean): (party: string) => Pos {
  const gov = jur === 'federal' ? 'Maple Party' : partyName(jur, JURS[jur].parties[0][0]);
  const partner = jur === 'federal' ? new Set(['Social Democratic Party', 'Bloc Laurentien']) : new Set<string>();
  return (party) => {
    if (government) return party === gov || (pass && partner.has(party)) ? 'yea' : 'nay';
    return party === gov || (!pass && partner.has(party)) ? 'nay' : 'yea';
  };
}

function buildVotes(jur: Jur, perSession: (s: Session) => { total: number; withPositions: number }): void {
  const rng = new Rng(`votes-${jur}`);
  const jurSlug = jur === 'federal' ? 'federal' : jur.toLowerCase();
  const french = isFrenchJur(jur);
  for (const s of sessionsOf(jur)) {
    const { total, withPositions } = perSession(s);
    if (!total) continue;
    // Bill readings with a recorded vote, then other motions on sitting days.
    const readings = bills
      .filter((b) => b.session === s)
      .flatMap((b) =>
        b.events
          .filter((e) => (e.stage === 'second_reading' || e.stage === 'third_reading') && (jur !== 'federal' || e.event_type === 'House'))
          .map((e) => ({ bill: b, event: e })),
      );
    const chosen = rng.sample(readings, Math.min(readings.length, Math.floor(total * 0.45)));
    const items: Array<{ date: string; bill: Bill | null; stage: string | null; outcome?: string | null }> = chosen.map((c) => ({
      date: c.event.event_date,
      bill: c.bill,
      stage: c.event.stage,
      outcome: c.event.outcome,
    }));
    const last = minDate(sessionEnd(s), TODAY);
    while (items.length < total) {
      const d = nextWeekday(addDays(s.start, rng.int(1, daysBetween(s.start, last) - 3)));
      if (d <= last) items.push({ date: d, bill: null, stage: null });
    }
    const usable = items.filter((it) => !BOUNDARY_DATES.has(it.date));
    usable.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const withPos = new Set(
      rng.sample(
        usable.map((_, i) => i),
        withPositions,
      ),
    );
    usable.forEach((it, i) => {
      const hh = rng.pick(['15:15', '17:30', '18:45', '21:00']);
      const occurred = addMinutes(localTs(it.date, hh, jur), i % 3);
      const topic = rng.pick(french ? TOPICS_FR : TOPICS_EN);
      const motion = it.bill
        ? french
          ? `Que le projet de loi ${it.bill.rec.bill_number}, ${it.bill.rec.title}, soit ${it.stage === 'second_reading' ? 'adopté dans son principe' : 'adopté'}.`
          : `That Bill ${it.bill.rec.bill_number}, ${it.bill.rec.title}, be now read a ${it.stage === 'second_reading' ? 'second time and referred to a committee' : 'third time and do pass'}.`
        : rng.pick(french ? MOTIONS_FR : MOTIONS_EN).replace('{topic}', topic);
      const base = {
        key: `demo/${jurSlug}/${s.parliament}-${s.number}/vote/${i + 1}`,
        session_key: s.key,
        bill_number: it.bill?.rec.bill_number ?? null,
        occurred_at: occurred,
        motion_text: motion,
        source_system: jur === 'federal' ? 'hoc-votes' : `${JURS[jur].sourceSystem}-votes`,
        source_url: `${BASE}/votes/${jurSlug}/${s.parliament}-${s.number}/${i + 1}`,
      };
      if (withPos.has(i)) {
        const government = it.bill ? /government|gouvernement/i.test(it.bill.rec.bill_type) : rng.chance(0.3);
        const pass = it.bill ? it.outcome !== 'Negatived' : rng.chance(0.45);
        const positions = positionsFor(rng, jur, it.date, partyLines(jur, government, pass), sittingAt(jur, it.date));
        const t = tally(positions);
        votesOut.push({
          ...base,
          vote_type: 'division',
          result: t.result,
          ayes: t.ayes,
          nays: t.nays,
          abstentions: t.abstentions,
          positions,
        });
      } else {
        const type = it.bill
          ? rng.pick(['voice', 'consensus'] as const)
          : rng.weighted([
              ['voice', 5],
              ['consensus', 3],
              ['acclamation', 1],
            ] as const);
        const result = it.bill ? (it.outcome === 'Negatived' ? 'defeated' : 'passed') : rng.chance(0.9) ? 'passed' : 'defeated';
        votesOut.push({ ...base, vote_type: type, result, ayes: null, nays: null, abstentions: null, positions: [] });
      }
    });
  }
}

function buildEdgeVotes(): void {
  const rng = new Rng('votes-edge');
  const s441 = sessionsOf('federal').find((s) => s.parliament === 44 && s.number === 1)!;
  const s442 = sessionsOf('federal').find((s) => s.parliament === 44 && s.number === 2)!;
  const base = (key: string, s: Session, occurred: string, motion: string) => ({
    key,
    session_key: s.key,
    bill_number: null as string | null,
    occurred_at: occurred,
    motion_text: motion,
    source_system: 'hoc-votes',
    source_url: `${BASE}/votes/federal/${key.replace(/^demo\/edge\//, '')}`,
  });
  const division = (date: string, government: boolean, pass: boolean) =>
    positionsFor(rng, 'federal', date, partyLines('federal', government, pass), sittingAt('federal', date));

  // Date-range boundary: one minute before and exactly at midnight UTC between 1 and 2 May 2024 (both are
  // the evening of 1 May in Ottawa). The first is a recorded division, the second a voice vote.
  {
    const positions = division('2024-05-01', false, false);
    const t = tally(positions);
    votesOut.push({
      ...base(
        'demo/edge/vote-2024-05-01-2359',
        s441,
        '2024-05-01T23:59:00Z',
        `That, in the opinion of the House, the government should report on ${rng.pick(TOPICS_EN)} by June.`,
      ),
      vote_type: 'division',
      result: t.result,
      ayes: t.ayes,
      nays: t.nays,
      abstentions: t.abstentions,
      positions,
    });
    votesOut.push({
      ...base('demo/edge/vote-2024-05-02-0000', s441, '2024-05-02T00:00:00Z', 'That the House do now adjourn.'),
      vote_type: 'voice',
      result: 'passed',
      ayes: null,
      nays: null,
      abstentions: null,
      positions: [],
    });
  }
  // A tied division: move yeas (or nays) to absent until the counts match.
  {
    const positions = division('2025-05-14', true, true);
    let diff = tally(positions).ayes - tally(positions).nays;
    for (const p of positions) {
      if (diff === 0) break;
      if (diff > 0 && p.position === 'yea') {
        p.position = 'absent';
        diff--;
      } else if (diff < 0 && p.position === 'nay') {
        p.position = 'absent';
        diff++;
      }
    }
    const t = tally(positions);
    votesOut.push({
      ...base(
        'demo/edge/vote-tied',
        s442,
        localTs('2025-05-14', '18:30', 'federal'),
        'That the debate on the motion concerning ferry service be now adjourned.',
      ),
      vote_type: 'division',
      result: 'tied',
      ayes: t.ayes,
      nays: t.nays,
      abstentions: t.abstentions,
      positions,
    });
  }
  // One position whose member could not be matched to a politician.
  {
    const positions = division('2025-10-22', false, true);
    const i = 17;
    const who = byKey.get(positions[i].politician_key!)!;
    positions[i] = {
      politician_key: null,
      politician_name_raw: `${who.first.slice(0, 1)}. ${who.last}-Smythe`,
      party_at_time: positions[i].party_at_time,
      constituency_at_time: positions[i].constituency_at_time,
      position: positions[i].position,
    };
    const t = tally(positions);
    votesOut.push({
      ...base(
        'demo/edge/vote-unmatched-position',
        s442,
        localTs('2025-10-22', '17:45', 'federal'),
        `That the House call on the government to fund ${rng.pick(TOPICS_EN)} in the next budget.`,
      ),
      vote_type: 'division',
      result: t.result,
      ayes: t.ayes,
      nays: t.nays,
      abstentions: t.abstentions,
      positions,
    });
  }
  const noPositions = { ayes: null, nays: null, abstentions: null, positions: [] };
  votesOut.push({
    ...base('demo/edge/vote-voice-no-positions', s442, localTs('2025-06-18', '16:10', 'federal'), 'That the House do now adjourn.'),
    vote_type: 'voice',
    result: 'passed',
    ...noPositions,
  });
  votesOut.push({
    ...base(
      'demo/edge/vote-deferred',
      s442,
      localTs('2026-04-22', '17:30', 'federal'),
      'That the motion concerning road safety be now put. The recorded division is deferred until the next sitting day.',
    ),
    vote_type: 'division',
    result: 'deferred',
    ...noPositions,
  });
  votesOut.push({
    ...base(
      'demo/edge/vote-acclamation',
      s442,
      localTs('2024-09-16', '11:00', 'federal'),
      'Election of the Speaker: a single candidate was nominated and declared elected by acclamation.',
    ),
    vote_type: 'acclamation',
    result: 'passed',
    ...noPositions,
  });
  const withdrawn = bills.find((b) => b.rec.session_key === s442.key && b.rec.bill_number === 'C-77')!;
  votesOut.push({
    ...base(
      'demo/edge/vote-withdrawn',
      s442,
      localTs('2026-01-29', '15:20', 'federal'),
      `That the order for second reading of Bill C-77, ${withdrawn.rec.title}, be discharged and the bill withdrawn.`,
    ),
    bill_number: 'C-77',
    vote_type: 'consensus',
    result: 'withdrawn',
    ...noPositions,
  });
}

function voteRecords(): VoteRec[] {
  buildVotes('federal', (s) => {
    const k = `${s.parliament}-${s.number}` as keyof typeof FEDERAL_VOTES;
    return { total: FEDERAL_VOTES[k], withPositions: FEDERAL_DIVISIONS_WITH_POSITIONS[k] };
  });
  buildVotes('ON', () => ({ total: 8, withPositions: 2 }));
  buildVotes('QC', () => ({ total: 8, withPositions: 2 }));
  buildVotes('BC', () => ({ total: 10, withPositions: 3 }));
  buildEdgeVotes();
  return votesOut;
}

// ---------------------------------------------------------------------------------------------
// Speeches
// ---------------------------------------------------------------------------------------------

const speeches: SpeechRec[] = [];

const SPEECH_EN = {
  statement: [
    'This week I visited {town} in my riding of {riding}, where volunteers are leading the way on {topic}.',
    'I rise today to recognize the {org} of {town}, which marks its {n}th anniversary this month.',
    'Constituents in {riding} have told me that {topic} is their top concern.',
    'Their work shows what a community can do when it comes together.',
    'I invite all members to join me in thanking them.',
  ],
  question: [
    'Families in {riding} are struggling with {topic}. When will the government act?',
    'The minister promised action on {topic} months ago. Where is the plan?',
    'Will the minister commit today to a clear timeline on {topic}?',
    'People in {town} cannot wait any longer.',
  ],
  answer: [
    'Our government has invested in {topic} across the country, including in {town}.',
    'We will keep working with our partners on {topic}.',
    'I thank the member for the question and I would be happy to meet with the mayor of {town}.',
    'The numbers show our plan is working.',
  ],
  floor: [
    'I am pleased to speak to Bill {bill}.',
    'This bill would change how we approach {topic}.',
    'I have heard from residents of {riding} who want this legislation passed quickly.',
    'However, the committee must look closely at the costs involved.',
    'The people of {town} deserve better than half measures on {topic}.',
    'I will be supporting this bill at second reading.',
  ],
  presiding: [
    'Order, please. It being 2 p.m., we will now proceed to statements by members.',
    'Order. The time for oral questions has expired.',
    'Is it the pleasure of the House to adopt the motion?',
    'Order. The honourable member will have five minutes left when debate resumes.',
  ],
  chairOpen: [
    'Good afternoon. I call this meeting of the {committee} to order.',
    'Today we continue our study of {topic}.',
    'Each witness will have five minutes for opening remarks.',
  ],
  chairClose: ['Thank you to our witnesses.', 'The meeting is adjourned.'],
  member: [
    'Thank you, Chair. My question is for the witnesses: how would this affect communities like {town}?',
    'Can you tell the committee what the data show about {topic}?',
    'I would like to follow up on the question about costs.',
  ],
  witness: [
    'Thank you for the question. Our research shows that {topic} needs sustained, long-term funding.',
    'In our experience, small communities face the greatest barriers.',
    'We would be happy to send the committee a written brief.',
  ],
};
const SPEECH_FR = {
  statement: [
    'Cette semaine, j’ai visité {town}, dans ma circonscription de {riding}, où des bénévoles se mobilisent pour {topic}.',
    'Je souligne aujourd’hui le travail du {org} de {town}.',
    'Les citoyens de {riding} me parlent surtout de {topic}.',
    'Je remercie chaleureusement toutes ces personnes engagées.',
  ],
  question: [
    'Les familles de {riding} sont inquiètes pour {topic}. Quand le gouvernement va-t-il agir?',
    'Le ministre a promis d’agir sur {topic}. Où est le plan?',
    'Les gens de {town} ne peuvent plus attendre.',
  ],
  answer: [
    'Notre gouvernement investit dans {topic} partout, y compris à {town}.',
    'Nous continuons de travailler avec nos partenaires sur {topic}.',
    'Je remercie le collègue pour sa question.',
  ],
  floor: [
    'Je suis heureux de prendre la parole sur le projet de loi {bill}.',
    'Ce projet de loi change notre façon d’aborder {topic}.',
    'Les citoyens de {riding} souhaitent son adoption rapide.',
    'La commission devra toutefois examiner les coûts de près.',
  ],
  presiding: [
    'À l’ordre, s’il vous plaît. Nous passons aux déclarations de députés.',
    'À l’ordre. La période de questions est terminée.',
    'Cette motion est-elle adoptée?',
    'Nous suspendons nos travaux quelques instants.',
  ],
  chairOpen: [
    'Bonjour à tous. Je déclare la séance de la {committee} ouverte.',
    'Nous poursuivons l’étude de {topic}.',
    'Chaque témoin dispose de dix minutes pour sa présentation.',
  ],
  chairClose: ['Merci aux témoins.', 'La séance est levée.'],
  member: [
    'Merci, M. le Président. Ma question s’adresse aux témoins : quel serait l’effet pour une communauté comme {town}?',
    'Que disent les données sur {topic}?',
    'J’aimerais revenir sur la question des coûts.',
  ],
  witness: [
    'Merci pour la question. Nos travaux montrent que {topic} exige un financement stable.',
    'Les petites communautés font face aux plus grands obstacles.',
    'Nous ferons parvenir un mémoire à la commission.',
  ],
};

type SpeechKind = keyof typeof SPEECH_EN;

function speechText(
  rng: Rng,
  kind: SpeechKind,
  french: boolean,
  ctx: { town: string; riding: string; bill?: string; committee?: string },
  min = 1,
  max = 4,
): string {
  const pool = (french ? SPEECH_FR : SPEECH_EN)[kind];
  if (kind === 'chairOpen') return fillSpeech(rng, [pool[0], rng.sentences(pool.slice(1), 1, 2)].join(' '), french, ctx);
  const salutation =
    kind === 'presiding' || kind === 'chairClose' || kind === 'member' || kind === 'witness'
      ? ''
      : french
        ? rng.pick(['Merci, M. le Président. ', 'Merci, Mme la Présidente. ', ''])
        : rng.pick(['Thank you, Mr. Speaker. ', 'Thank you, Madam Speaker. ', '']);
  return salutation + fillSpeech(rng, rng.sentences(pool, Math.min(min, pool.length), Math.min(max, pool.length)), french, ctx);
}

function fillSpeech(
  rng: Rng,
  text: string,
  french: boolean,
  ctx: { town: string; riding: string; bill?: string; committee?: string },
): string {
  return text
    .replaceAll('{town}', ctx.town)
    .replaceAll('{riding}', ctx.riding)
    .replaceAll('{bill}', ctx.bill ?? 'C-1')
    .replaceAll('{committee}', ctx.committee ?? '')
    .replaceAll('{topic}', rng.pick(french ? TOPICS_FR : TOPICS_EN))
    .replaceAll('{org}', rng.pick(french ? ORGS_FR : ORGS_EN))
    .replaceAll('{n}', String(rng.int(2, 12) * 10));
}

const HANSARD_SYSTEMS: Partial<Record<Jur, string>> = {
  federal: 'hoc-hansard',
  ON: 'ola-hansard',
  QC: 'assnat-journal',
  BC: 'leg-bc-hansard',
  AB: 'assembly-ab-hansard',
};
const COMMITTEE_SYSTEMS: Partial<Record<Jur, string>> = {
  federal: 'hoc-committees',
  ON: 'ola-committees',
  QC: 'assnat-committees',
  BC: 'leg-bc-committees',
};
const SPEAKER_ROLE: Partial<Record<Jur, string>> = {
  federal: 'The Speaker',
  ON: 'The Speaker',
  QC: 'Le Président',
  BC: 'The Speaker',
  AB: 'The Speaker',
};

let speechCounter = 0;
function pushSpeech(
  jur: Jur,
  s: Session | null,
  who: Person | null,
  raw: string,
  role: string | null,
  at: string,
  french: boolean,
  type: SpeechRec['speech_type'],
  presiding: boolean,
  text: string,
  sourceUrl: string,
  system: string,
  meetingUrl: string | null,
): void {
  speechCounter++;
  speeches.push(
    withoutNulls<SpeechRec>(
      {
        key: `demo/speech/${jur === 'federal' ? 'federal' : jur.toLowerCase()}/${pad(speechCounter, 5)}`,
        session_key: s?.key ?? null,
        politician_key: who?.key ?? null,
        speaker_name_raw: raw,
        speaker_role: role,
        party_at_time: who ? termAt(who, at.slice(0, 10)).party : null,
        spoken_at: at,
        language: french ? 'fr' : 'en',
        level: jur === 'federal' ? 'federal' : 'provincial',
        province_territory: jur === 'federal' ? null : jur,
        speech_type: type,
        is_presiding: presiding,
        text,
        source_url: sourceUrl,
        source_anchor: `s-${speechCounter}`,
        source_system: system,
        meeting_url: meetingUrl,
      },
      ['politician_key', 'province_territory'],
    ),
  );
  if (!presiding) delete speeches[speeches.length - 1].is_presiding; // default false
}

function speaksFrench(rng: Rng, jur: Jur, p: Person | null): boolean {
  if (jur === 'QC') return rng.chance(0.96);
  if (!p) return false;
  return p.french ? rng.chance(jur === 'federal' ? 0.7 : 0.4) : rng.chance(0.02);
}

const rawName = (p: Person) => `${p.name} (${p.riding.name})`;

function sittingDay(rng: Rng, jur: Jur, date: string, presidingOfficer: Person): void {
  const s = sessionAt(jur, date)!;
  const members = sittingAt(jur, date).filter((m) => m !== presidingOfficer);
  const ministers = members.filter((m) => m.portfolio);
  const govParty = jur === 'federal' ? 'Maple Party' : partyName(jur, JURS[jur].parties[0][0]);
  const opposition = members.filter((m) => m.party !== govParty);
  const url = `${BASE}/hansard/${jur === 'federal' ? 'federal' : jur.toLowerCase()}/${date}`;
  const system = HANSARD_SYSTEMS[jur]!;
  let t = localTs(date, jur === 'QC' ? '09:40' : '14:00', jur);
  const next = (min: number, max: number) => {
    t = addMinutes(t, rng.int(min, max));
    return t;
  };
  const fr = (p: Person | null) => speaksFrench(rng, jur, p);
  const ctx = (p: Person) => ({ town: p.riding.town, riding: p.riding.name });
  const role = jur === 'QC' && presidingOfficer.female ? 'La Présidente' : SPEAKER_ROLE[jur]!;
  const preside = (f: boolean) =>
    pushSpeech(
      jur,
      s,
      presidingOfficer,
      `${role} (${presidingOfficer.name})`,
      role,
      next(1, 3),
      f,
      'presiding',
      true,
      speechText(rng, 'presiding', f, ctx(presidingOfficer), 1, 1),
      url,
      system,
      null,
    );

  preside(jur === 'QC');
  for (let i = rng.int(3, 5); i > 0; i--) {
    const m = rng.pick(members);
    const f = fr(m);
    pushSpeech(
      jur,
      s,
      m,
      rawName(m),
      null,
      next(1, 2),
      f,
      'statement',
      false,
      speechText(rng, 'statement', f, ctx(m), 1, 3),
      url,
      system,
      null,
    );
  }
  for (let i = rng.int(3, 5); i > 0; i--) {
    const q = rng.pick(opposition.length ? opposition : members);
    const a = rng.pick(ministers.length ? ministers : members);
    const fq = fr(q);
    pushSpeech(
      jur,
      s,
      q,
      rawName(q),
      null,
      next(1, 3),
      fq,
      'question_period',
      false,
      speechText(rng, 'question', fq, ctx(q), 1, 3),
      url,
      system,
      null,
    );
    const fa = jur === 'QC' || (fq && a.french) || fr(a);
    pushSpeech(
      jur,
      s,
      a,
      rawName(a),
      a.portfolio,
      next(1, 2),
      fa,
      'question_period',
      false,
      speechText(rng, 'answer', fa, ctx(q), 1, 3),
      url,
      system,
      null,
    );
    if (rng.chance(0.2)) {
      pushSpeech(
        jur,
        s,
        null,
        jur === 'QC' ? 'Des voix' : 'Some hon. members',
        null,
        next(0, 1),
        jur === 'QC',
        'procedural',
        false,
        jur === 'QC' ? 'Bravo!' : 'Hear, hear!',
        url,
        system,
        null,
      );
    }
  }
  preside(jur === 'QC');
  const sessionBills = bills.filter((b) => b.session === s && b.rec.introduced_date && b.rec.introduced_date <= date);
  const bill = sessionBills.length ? rng.pick(sessionBills).rec.bill_number : null;
  for (let i = rng.int(3, 6); i > 0; i--) {
    const m = rng.pick(members);
    const f = fr(m);
    pushSpeech(
      jur,
      s,
      m,
      rawName(m),
      m.portfolio,
      next(8, 20),
      f,
      'floor',
      false,
      speechText(rng, 'floor', f, { ...ctx(m), bill: bill ?? (jur === 'federal' ? 'C-2' : '2') }, 1, 4),
      url,
      system,
      null,
    );
  }
  if (rng.chance(0.5)) {
    // An acting presiding officer the importer could not resolve to a member.
    const deputy = inventName(new Rng(`deputy-${jur}`), jur === 'QC');
    pushSpeech(
      jur,
      s,
      null,
      jur === 'QC'
        ? `La vice-présidente (Mme ${deputy.first} ${deputy.last})`
        : `The Assistant Deputy Speaker (${deputy.first} ${deputy.last})`,
      jur === 'QC' ? 'Vice-présidente' : 'Assistant Deputy Speaker',
      next(1, 2),
      jur === 'QC',
      'presiding',
      true,
      speechText(rng, 'presiding', jur === 'QC', ctx(presidingOfficer), 1, 1),
      url,
      system,
      null,
    );
  }
  if (rng.chance(0.3)) {
    pushSpeech(
      jur,
      s,
      null,
      jur === 'QC' ? 'Une voix' : 'An hon. member',
      null,
      next(0, 1),
      jur === 'QC',
      'other',
      false,
      jur === 'QC' ? 'Question de règlement!' : 'Point of order!',
      url,
      system,
      null,
    );
  }
}

const COMMITTEES: Partial<Record<Jur, Array<[code: string, name: string]>>> = {
  federal: [
    ['fina', 'Standing Committee on Finance'],
    ['hesa', 'Standing Committee on Health'],
    ['tran', 'Standing Committee on Transport, Infrastructure and Communities'],
    ['envi', 'Standing Committee on Environment and Sustainable Development'],
    ['ollo', 'Standing Committee on Official Languages'],
  ],
  ON: [
    ['fea', 'Standing Committee on Finance and Economic Affairs'],
    ['sp', 'Standing Committee on Social Policy'],
    ['jp', 'Standing Committee on Justice Policy'],
  ],
  QC: [
    ['cfp', 'Commission des finances publiques'],
    ['cce', 'Commission de la culture et de l’éducation'],
    ['csss', 'Commission de la santé et des services sociaux'],
  ],
  BC: [
    ['fgs', 'Select Standing Committee on Finance and Government Services'],
    ['cyf', 'Select Standing Committee on Children and Youth'],
  ],
};

function committeeMeeting(rng: Rng, jur: Jur, date: string, n: number): void {
  const s = sessionAt(jur, date)!;
  const [code, name] = rng.pick(COMMITTEES[jur]!);
  const members = rng.sample(sittingAt(jur, date), 6);
  const chair = members[0];
  const french = jur === 'QC';
  const jurSlug = jur === 'federal' ? 'federal' : jur.toLowerCase();
  const meetingUrl = `${BASE}/committees/${jurSlug}/${code}/meeting-${n}`;
  const system = COMMITTEE_SYSTEMS[jur]!;
  const witnessNames = Array.from({ length: rng.int(1, 2) }, () => {
    const w = inventName(rng, french);
    return `${rng.pick(['Dr.', 'Ms.', 'Mr.', 'Prof.'])} ${w.first} ${w.last} (${rng.pick(french ? ['Institut démo des politiques publiques', 'Fédération démo des municipalités'] : ['Demo Institute for Public Policy', 'Association of Demo Municipalities', 'Demo Health Coalition'])})`;
  });
  let t = localTs(date, rng.pick(['09:00', '15:30', '11:00']), jur);
  const ctx = { town: chair.riding.town, riding: chair.riding.name, committee: name };
  const chairRole = french ? 'Président' : 'Chair';
  const say = (who: Person | null, raw: string, role: string | null, kind: SpeechKind, presiding: boolean, min = 1) => {
    t = addMinutes(t, rng.int(6, 18));
    const f = french || (who !== null && who.french && rng.chance(0.4));
    pushSpeech(
      jur,
      s,
      who,
      raw,
      role,
      t,
      f,
      'committee',
      presiding,
      speechText(rng, kind, f, who ? { ...ctx, town: who.riding.town, riding: who.riding.name } : ctx, min, 3),
      meetingUrl,
      system,
      meetingUrl,
    );
  };
  say(chair, `${chairRole} (${chair.name})`, chairRole, 'chairOpen', true, 1);
  for (let round = rng.int(2, 4); round > 0; round--) {
    const m = rng.pick(members.slice(1));
    say(m, rawName(m), 'Member', 'member', false);
    say(null, rng.pick(witnessNames), french ? 'Témoin' : 'Witness', 'witness', false);
  }
  say(chair, `${chairRole} (${chair.name})`, chairRole, 'chairClose', true, 2);
}

function buildSpeeches(): void {
  const plan: Array<{ jur: Jur; days: number; meetings: number }> = [
    { jur: 'federal', days: 26, meetings: 16 },
    { jur: 'ON', days: 11, meetings: 9 },
    { jur: 'QC', days: 10, meetings: 8 },
    { jur: 'BC', days: 7, meetings: 7 },
    { jur: 'AB', days: 6, meetings: 0 },
  ];
  for (const { jur, days, meetings } of plan) {
    const rng = new Rng(`speeches-${jur}`);
    const ss = sessionsOf(jur);
    const pickDates = (n: number, label: string) => {
      const out = new Set<string>();
      const r = new Rng(`${label}-${jur}`);
      while (out.size < n) {
        const s = ss[ss.length === 1 ? 0 : r.weighted(ss.map((_, i) => [i, i === ss.length - 1 ? 3 : 1] as const))];
        const last = minDate(sessionEnd(s), TODAY);
        const d = nextWeekday(addDays(s.start, r.int(1, daysBetween(s.start, last) - 3)));
        if (d <= last) out.add(d);
      }
      return [...out].sort();
    };
    for (const date of pickDates(days, 'sitting-days')) {
      const speaker = sittingAt(jur, date).filter((m) => (jur === 'federal' ? m.party === 'Maple Party' : true) && !m.portfolio)[1];
      sittingDay(rng, jur, date, speaker);
    }
    pickDates(meetings, 'meeting-days').forEach((date, i) => committeeMeeting(rng, jur, date, i + 1));
  }
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** One synthetic polygon per riding anyone sits for (data/demo-boundaries.ts). */
function boundaryRecords(): unknown[] {
  const ridingsById = new Map<string, DemoRiding>();
  for (const p of people) ridingsById.set(p.riding.id, { id: p.riding.id, name: p.riding.name, prov: p.riding.prov, level: p.level });
  const boxes = Object.fromEntries(PROVS.map((p) => [p, JURS[p].box]));
  // Small boxes around the two cities' halls, inside their provinces' boxes.
  const cities: Record<string, DemoBox> = { ON: [43.58, 43.86, -79.64, -79.12], QC: [45.41, 45.7, -73.97, -73.48] };
  return demoBoundaries([...ridingsById.values()], boxes, cities);
}

/** Postcode points inside the demo boundaries (data/demo-postcodes.ts). */
function postcodeFiles(out: string): Record<string, number> {
  const { points, overrides, fsaPoints } = demoPostcodes(boundaryRecords() as Parameters<typeof demoPostcodes>[0]);
  return {
    'postcode_points.jsonl': writeJsonl(out, 'postcode_points.jsonl', points),
    'postcode_overrides.jsonl': writeJsonl(out, 'postcode_overrides.jsonl', overrides),
    'fsa_points.jsonl': writeJsonl(out, 'fsa_points.jsonl', fsaPoints),
  };
}

function writeJsonl(dir: string, file: string, records: unknown[]): number {
  writeFileSync(join(dir, file), `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return records.length;
}

function main(): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const out = resolve(process.argv[2] ?? join(here, 'demo'));
  mkdirSync(out, { recursive: true });

  buildFederalMps();
  buildProvincialMembers();
  buildMunicipal();
  buildEdgeCases();
  buildSessions();
  planOffices();
  planSocials();
  planWebsites();
  buildFederalBills();
  buildProvincialBills();
  const votes = voteRecords();
  buildSpeeches();

  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest(), null, 2)}\n`);
  const counts: Record<string, number> = {
    'jurisdictions.jsonl': writeJsonl(out, 'jurisdictions.jsonl', jurisdictionRecords()),
    'parties.jsonl': writeJsonl(out, 'parties.jsonl', partyRecords()),
    'sessions.jsonl': writeJsonl(out, 'sessions.jsonl', sessionRecords()),
    'politicians.jsonl': writeJsonl(out, 'politicians.jsonl', politicianRecords()),
    'offices.jsonl': writeJsonl(out, 'offices.jsonl', officeRecords()),
    'socials.jsonl': writeJsonl(out, 'socials.jsonl', socialRecords()),
    'posts.jsonl': writeJsonl(out, 'posts.jsonl', postRecords()),
    'websites.jsonl': writeJsonl(out, 'websites.jsonl', websiteRecords()),
    'bills.jsonl': writeJsonl(
      out,
      'bills.jsonl',
      bills.map((b) => b.rec),
    ),
    'votes.jsonl': writeJsonl(out, 'votes.jsonl', votes),
    'speeches.jsonl': writeJsonl(out, 'speeches.jsonl', speeches),
    'boundaries.jsonl': writeJsonl(out, 'boundaries.jsonl', boundaryRecords()),
    ...postcodeFiles(out),
  };
  for (const [file, n] of Object.entries(counts)) console.log(`${file.padEnd(20)} ${n}`);
  console.log(`wrote ${out}`);
}

main();
