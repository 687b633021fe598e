// Open North Represent's JSON API in miniature, written by hand in its documented shape
// (`{ objects, meta: { next, total_count, limit, offset } }`), with answers known by construction:
//
//   sets (2 pages): ontario-legislature (boundary set ontario-electoral-districts-2022),
//     wardville-city-council (boundary set "wardville-wards": ours is wardville-wards-2022, a 2018
//     map superseded), nowhere-town-council (boundary set not in the bundle), house-of-commons (left
//     to hoc-members).
//   ontario-legislature (2 pages): Lucille Collard "Ottawa-Vanier" (hyphen; ours "Ottawa—Vanier"),
//     Élise Tremblay-Côté "Mississauga–Érin Mills" (en dash, accent; Represent's URL slug
//     "mississaugaerin-mills" is not ours: only the name joins), Ted Example "Kingston and the
//     Islands", Ann Atlantis "Atlantis Centre" (no such district: unmatched).
//   wardville-city-council (3 pages; 2 on the second fetch): Maria Mayor (Mayor, district
//     "Wardville"), Wendy Ward (Ward 1), Carl Gone (Ward 2; gone on the second fetch), Dora Double
//     (district "Ward 3" but boundary URL ward-2: matches two), Alex Atlarge (Councillor at large).
//   cityburg-council (1 page): Cy Burgher (Mayor; URL census-subdivisions/3599001, a boundary the
//     bundle has, so joined to it), Nina North (ward North).
//   nowhere-town-council (2 pages; the set listed without last_updated): Nora Nowhere, Ward A, office in Nova Scotia; Pat Placeless (no
//     province to be had: skipped); Lou Longtitle (office title too long for the format: skipped).
//
// Geometry (degrees): ON districts: ottawa-vanier [-76,-75]x[45,46], mississauga-erin-mills
// [-80,-79]x[43,44], kingston-and-the-islands [-77,-76]x[44,45]; Wardville wards 2022: ward-1
// [-75.8,-75.5]x[45.6,45.9], ward-2 [-75.5,-75.2]x[45.6,45.9], ward-3 [-75.8,-75.2]x[45.3,45.6];
// federal fed-x/35001 [-76,-74]x[45,46] with MP Fiona Federal.
//   K1L1A1 (45.7,-75.6) → Fiona Federal, Lucille Collard, Maria Mayor, Wendy Ward.
//   K1L2B2 (45.7,-75.3) → Fiona Federal, Lucille Collard, Maria Mayor, Carl Gone (first fetch only).
//   L5L1A1 (43.7,-79.7) → Élise Tremblay-Côté, Cy Burgher (census-subdivisions/3599001), Nina North.
// Cityburg: ward north [-80,-79]x[43.5,44], census-subdivisions/3599001 [-80,-79]x[43,44].
import { box } from './boundary-fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

export const HOST = 'https://represent.opennorth.ca';
export const SETS_UPDATED_1 = '2026-10-01T08:00:00';
export const SETS_UPDATED_2 = '2026-10-15T08:00:00';

const poly = (b: number[][]) => ({ type: 'Polygon', coordinates: [b] });

export function representBoundaries(): Rec[] {
  const on = {
    source_set: 'ontario-electoral-districts-2022',
    level: 'provincial',
    province_territory: 'ON',
    boundaries_version: '2022-01-01',
  };
  const w = { level: 'municipal', province_territory: 'ON', boundaries_version: '2022-01-01' };
  return [
    { ...on, slug: 'ottawa-vanier', name: 'Ottawa—Vanier', geometry: poly(box(-76, 45, -75, 46)) },
    { ...on, slug: 'mississauga-erin-mills', name: 'Mississauga—Erin Mills', geometry: poly(box(-80, 43, -79, 44)) },
    { ...on, slug: 'kingston-and-the-islands', name: 'Kingston and the Islands', geometry: poly(box(-77, 44, -76, 45)) },
    { ...w, source_set: 'wardville-wards-2022', slug: 'ward-1', name: 'Ward 1', geometry: poly(box(-75.8, 45.6, -75.5, 45.9)) },
    { ...w, source_set: 'wardville-wards-2022', slug: 'ward-2', name: 'Ward 2', geometry: poly(box(-75.5, 45.6, -75.2, 45.9)) },
    { ...w, source_set: 'wardville-wards-2022', slug: 'ward-3', name: 'Ward 3', geometry: poly(box(-75.8, 45.3, -75.2, 45.6)) },
    {
      ...w,
      source_set: 'wardville-wards-2018',
      slug: 'ward-1',
      name: 'Ward 1',
      boundaries_version: '2018-01-01',
      superseded_by: 'wardville-wards-2022',
      geometry: poly(box(-75.8, 45.3, -75.2, 45.9)),
    },
    { ...w, source_set: 'cityburg-wards', slug: 'north', name: 'North', geometry: poly(box(-80, 43.5, -79, 44)) },
    { ...w, source_set: 'census-subdivisions', slug: '3599001', name: 'Cityburg', geometry: poly(box(-80, 43, -79, 44)) },
    {
      source_set: 'fed-x',
      slug: '35001',
      name: 'Ottawa—Vanier',
      level: 'federal',
      boundaries_version: '2023',
      geometry: poly(box(-76, 45, -74, 46)),
    },
  ];
}

export const federalMp = (): Rec => ({
  key: 'fed/fiona',
  name: 'Fiona Federal',
  party: 'Liberal',
  elected_office: 'MP',
  level: 'federal',
  constituency_id: 'fed-x/35001',
  constituency_name: 'Ottawa—Vanier',
  is_active: true,
  terms: [{ start_at: '2021-09-20T00:00:00Z', end_at: null }],
});

export const postcodePoints = (): Rec[] => [
  {
    postcode: 'K1L1A1',
    lat: 45.7,
    lng: -75.6,
    addresses: 3,
    city: 'Wardville',
    province_territory: 'ON',
    fetched_at: '2026-09-01T00:00:00Z',
  },
  {
    postcode: 'L5L1A1',
    lat: 43.7,
    lng: -79.7,
    addresses: 3,
    city: 'Cityburg',
    province_territory: 'ON',
    fetched_at: '2026-09-01T00:00:00Z',
  },
  {
    postcode: 'K1L2B2',
    lat: 45.7,
    lng: -75.3,
    addresses: 3,
    city: 'Wardville',
    province_territory: 'ON',
    fetched_at: '2026-09-01T00:00:00Z',
  },
];

const member = (set: string, name: string, district: string, office: string, boundary: string | null, more: Rec = {}): Rec => ({
  name,
  first_name: name.split(' ')[0],
  last_name: name.split(' ').slice(1).join(' '),
  district_name: district,
  elected_office: office,
  source_url: `https://example.org/${set}/`,
  party_name: '',
  email: `${name.split(' ')[0].toLowerCase()}@example.org`,
  url: `https://example.org/${set}/${encodeURIComponent(name)}`,
  photo_url: '',
  personal_url: '',
  gender: '',
  district_id: '',
  offices: [],
  extra: {},
  related: { boundary_url: boundary, representative_set_url: `/representative-sets/${set}/` },
  ...more,
});

const ONTARIO = [
  member('ontario-legislature', 'Lucille Collard', 'Ottawa-Vanier', 'MPP', '/boundaries/ontario-electoral-districts-2022/ottawa-vanier/', {
    party_name: 'Ontario Liberal Party',
    photo_url: 'https://example.org/photos/collard.jpg',
    offices: [
      { type: 'legislature', postal: "Room 123\nLegislative Building, Queen's Park\nToronto ON  M7A 1A8", tel: '1 416-555-0100' },
      { type: 'constituency', postal: '237 Montreal Road\nOttawa ON  K1L 6C7', tel: '1 613-555-0101', fax: '1 613-555-0102' },
      { type: 'constituency', postal: '237 Montreal Road\nOttawa ON  K1L 6C7', tel: '1 613-555-0101', fax: '1 613-555-0102' },
    ],
  }),
  member(
    'ontario-legislature',
    'Élise Tremblay-Côté',
    'Mississauga–Érin Mills',
    'MPP',
    '/boundaries/ontario-electoral-districts-2022/mississaugaerin-mills/',
    { party_name: 'New Democratic Party of Ontario' },
  ),
  member(
    'ontario-legislature',
    'Ted Example',
    'Kingston and the Islands',
    'MPP',
    '/boundaries/ontario-electoral-districts-2022/kingston-and-the-islands/',
    { party_name: 'Green Party of Ontario' },
  ),
  member('ontario-legislature', 'Ann Atlantis', 'Atlantis Centre', 'MPP', '/boundaries/ontario-electoral-districts-2022/atlantis-centre/', {
    party_name: 'Ontario Liberal Party',
  }),
];

const wardville = (second: boolean) => [
  member('wardville-city-council', 'Maria Mayor', 'Wardville', 'Mayor', '/boundaries/census-subdivisions/3599999/', {
    offices: [{ type: 'office', postal: '1 City Hall Square\nWardville ON  K1L 1A1', tel: '613-555-0200' }],
  }),
  member('wardville-city-council', 'Wendy Ward', 'Ward 1', 'Councillor', '/boundaries/wardville-wards/ward-1/'),
  ...(second ? [] : [member('wardville-city-council', 'Carl Gone', 'Ward 2', 'Councillor', '/boundaries/wardville-wards/ward-2/')]),
  member('wardville-city-council', 'Dora Double', 'Ward 3', 'Councillor', '/boundaries/wardville-wards/ward-2/'),
  member('wardville-city-council', 'Alex Atlarge', 'Wardville', 'Councillor at Large', null),
];

// The mayor's URL names a whole-municipality boundary the bundle has: joined to it.
const CITYBURG = [
  member('cityburg-council', 'Cy Burgher', 'Cityburg', 'Mayor', '/boundaries/census-subdivisions/3599001/'),
  member('cityburg-council', 'Nina North', 'North', 'Councillor', '/boundaries/cityburg-wards/north/'),
];

const NOWHERE = [
  member('nowhere-town-council', 'Nora Nowhere', 'Ward A', 'Councillor', '/boundaries/nowhere-wards/ward-a/', {
    offices: [{ type: 'office', postal: '1 Main Street\nNowhere NS  B0J 1A0' }],
  }),
  // No boundary, no legislature name, no address: no province can be told (skipped, reported).
  member('nowhere-town-council', 'Pat Placeless', 'Ward B', 'Councillor', '/boundaries/nowhere-wards/ward-b/'),
  // An office title past the source format's 200 characters: the record is reported, the build unharmed.
  member('nowhere-town-council', 'Lou Longtitle', 'Ward C', 'Councillor '.repeat(30).trim(), '/boundaries/nowhere-wards/ward-c/', {
    offices: [{ type: 'office', postal: '2 Main Street\nNowhere NS  B0J 1A0' }],
  }),
];

const set = (slug: string, name: string, boundarySet: string, updated: string | null): Rec => ({
  name,
  url: `/representative-sets/${slug}/`,
  ...(updated ? { last_updated: updated } : {}),
  data_url: `https://example.org/${slug}.csv`,
  data_about_url: `https://example.org/${slug}/about`,
  related: { boundary_set_url: `/boundary-sets/${boundarySet}/`, representatives_url: `/representatives/${slug}/` },
});

/** Pages of a list, `size` objects each, keyed by the request path (+ query) as the loopback upstream serves them. */
function paginate(path: string, objects: Rec[], size: number, firstQuery: string): Record<string, Rec> {
  const pages: Record<string, Rec> = {};
  for (let offset = 0; offset === 0 || offset < objects.length; offset += size) {
    const next = offset + size < objects.length ? `${path}?limit=${size}&offset=${offset + size}` : null;
    const query = offset === 0 ? firstQuery : `?limit=${size}&offset=${offset}`;
    pages[`/represent.opennorth.ca${path}${query}`] = {
      objects: objects.slice(offset, offset + size),
      meta: {
        next,
        previous: offset ? `${path}?limit=${size}&offset=${Math.max(0, offset - size)}` : null,
        total_count: objects.length,
        limit: size,
        offset,
      },
    };
  }
  return pages;
}

/** Every page of one fetch; `second`: two weeks later, Carl Gone no longer listed. */
export function representPages(second = false): Record<string, Rec> {
  const updated = second ? SETS_UPDATED_2 : SETS_UPDATED_1;
  const first = '?limit=1000&offset=0';
  return {
    ...paginate(
      '/representative-sets/',
      [
        set('ontario-legislature', 'Legislative Assembly of Ontario', 'ontario-electoral-districts-2022', updated),
        set('wardville-city-council', 'Wardville City Council', 'wardville-wards', updated),
        set('cityburg-council', 'Cityburg Council', 'cityburg-wards', updated),
        // Listed the way older API versions list sets: without last_updated.
        set('nowhere-town-council', 'Nowhere Town Council', 'nowhere-wards', null),
        set('house-of-commons', 'House of Commons', 'federal-electoral-districts', updated),
      ],
      2,
      first,
    ),
    ...paginate('/representatives/ontario-legislature/', ONTARIO, 2, first),
    ...paginate('/representatives/wardville-city-council/', wardville(second), 2, first),
    ...paginate('/representatives/nowhere-town-council/', NOWHERE, 2, first),
    ...paginate('/representatives/cityburg-council/', CITYBURG, 2, first),
    ...paginate('/representatives/house-of-commons/', [member('house-of-commons', 'Fiona Federal', 'Ottawa—Vanier', 'MP', null)], 2, first),
  };
}
