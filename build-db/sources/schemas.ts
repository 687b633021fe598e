// One valibot schema per source file: the executable form of docs/source-format.md.
// Records refer to each other by natural keys; the build turns keys into stable UUIDv5 ids.
import * as v from 'valibot';
import {
  BILL_STAGES,
  COVERAGE_STATUSES,
  JURISDICTIONS,
  LANGUAGES,
  LEVELS,
  OFFICE_KINDS,
  PLATFORMS,
  POSITIONS,
  SPEAKER_KINDS,
  SPEECH_TYPES,
  SPONSOR_ROLES,
  VOTE_RESULTS,
  VOTE_TYPES,
} from '../../src/core/domain/enums.js';
import {
  bool,
  constituencyId,
  count,
  date,
  key,
  latitude,
  longitude,
  optionalCount,
  optionalDate,
  optionalKey,
  optionalProvince,
  optionalText,
  optionalTimestamp,
  optionalUrl,
  picklist,
  text,
  timestamp,
  url,
} from './fields.js';

/** Bumped when a change to this file would make an older bundle mean something else. */
export const SOURCE_FORMAT_VERSION = 1;

export const manifestSchema = v.object({
  format_version: v.literal(SOURCE_FORMAT_VERSION, `must be ${SOURCE_FORMAT_VERSION}`),
  name: text(200),
  demo: v.boolean('must be true or false'),
  extracted_at: timestamp(),
  description: optionalText(),
  sources: v.optional(
    v.array(
      v.object({
        id: text(200),
        version: text(200),
        url: optionalUrl(),
        retrieved_at: optionalTimestamp(),
        licence: optionalText(500),
      }),
      'must be an array',
    ),
    [],
  ),
  /** Whole sets the import left out on the operator's word (--skip-boundary-sets): the build repeats them. */
  skipped_sets: v.optional(
    v.array(v.object({ importer: text(200), set: text(300), reason: text(2000), records: count() }), 'must be an array'),
    [],
  ),
});

export const jurisdictionSchema = v.object({
  jurisdiction: picklist(JURISDICTIONS),
  legislature_name: text(200),
  seats: count(),
  bills_status: picklist(COVERAGE_STATUSES),
  hansard_status: picklist(COVERAGE_STATUSES),
  votes_status: picklist(COVERAGE_STATUSES),
  committees_status: picklist(COVERAGE_STATUSES),
  last_verified_at: optionalTimestamp(),
  source_urls: v.optional(v.record(v.string(), url(), 'must be an object of name to URL'), {}),
  notes: optionalText(),
  /** The roster as claimed (a legislature's own list `live`, a compiler's `partial`); the build lifts `none` to `partial` when members are on file and lowers it to `none` when none are sitting. */
  politicians_status: v.optional(picklist(COVERAGE_STATUSES), 'none'),
});

export const partySchema = v.object({
  key: key(),
  name: text(200),
  short_name: optionalText(50),
  level: picklist(LEVELS),
  province_territory: optionalProvince(),
});

export const sessionSchema = v.object({
  key: key(),
  level: picklist(LEVELS),
  province_territory: optionalProvince(),
  parliament_number: v.pipe(count(), v.minValue(1, 'must be a whole number >= 1')),
  session_number: v.pipe(count(), v.minValue(1, 'must be a whole number >= 1')),
  name: text(200),
  start_date: date(),
  end_date: optionalDate(),
});

/** One seat held: a Parliament's term in one riding for one party (a change of party or riding
 *  starts a new term). `observed`: the dates are the first and last days a source saw the person act
 *  in the seat (a bill sponsored), not the seat's own; a seat term of another source wins over it. */
const termSchema = v.object({
  start_at: timestamp(),
  end_at: optionalTimestamp(),
  elected_office: optionalText(200),
  constituency_id: v.optional(v.nullable(constituencyId()), null),
  constituency_name: optionalText(300),
  party: optionalText(200),
  parliament_number: v.optional(v.nullable(v.pipe(count(), v.minValue(1, 'must be a whole number >= 1'))), null),
  observed: bool(false),
});

/** Several parts may describe one person: records sharing a key, or joined by `same_as` (other
 *  upstream keys of the same person), are merged by the build (build-db/sources/merge-politicians.ts).
 *  `party` and the constituency may be null when the source does not say (a sponsor known only from
 *  LEGISinfo); the build takes them from the latest term when it has them. */
export const politicianSchema = v.object({
  key: key(),
  same_as: v.optional(v.array(key(), 'must be an array of keys'), []),
  name: text(300),
  first_name: optionalText(200),
  last_name: optionalText(200),
  honorific: optionalText(50),
  party: optionalText(200),
  elected_office: text(200),
  level: picklist(LEVELS),
  province_territory: optionalProvince(),
  constituency_id: v.optional(v.nullable(constituencyId()), null),
  constituency_name: optionalText(300),
  /** Other spellings of the name the sources print ("Bob Rae" for Robert Keith Rae), for matching only. */
  other_names: v.optional(v.array(text(300), 'must be an array of names'), []),
  email: optionalText(300),
  phone: optionalText(100),
  fax: optionalText(100),
  constituency_office_address: optionalText(1000),
  legislature_office_address: optionalText(1000),
  photo_url: optionalText(1000),
  personal_url: optionalUrl(),
  official_url: optionalUrl(),
  is_active: v.boolean('must be true or false'),
  deceased: bool(false),
  external_parliament_slug: optionalText(200),
  ab_assembly_mid: optionalText(50),
  updated_at: optionalTimestamp(),
  terms: v.pipe(v.array(termSchema, 'must be an array of terms'), v.minLength(1, 'must list at least one term')),
});

export const officeSchema = v.object({
  politician_key: key(),
  kind: picklist(OFFICE_KINDS),
  address: optionalText(1000),
  city: optionalText(200),
  province_territory: optionalProvince(),
  postal_code: optionalText(10),
  phone: optionalText(100),
  fax: optionalText(100),
  email: optionalText(300),
  hours: optionalText(500),
  lat: latitude(),
  lng: longitude(),
  source: optionalText(200),
});

export const socialSchema = v.object({
  politician_key: key(),
  platform: picklist(PLATFORMS),
  handle: text(200),
  url: url(),
  follower_count: optionalCount(),
  lifetime_post_count: optionalCount(),
  last_post_at: optionalTimestamp(),
  last_profile_check_at: optionalTimestamp(),
  last_verified_at: optionalTimestamp(),
  is_live: v.boolean('must be true or false'),
});

export const postSchema = v.object({
  politician_key: key(),
  platform: picklist(PLATFORMS),
  post_id: text(200),
  posted_at: timestamp(),
  text: optionalText(100_000),
  url: url(),
  media_urls: v.optional(v.array(url(), 'must be an array of URLs'), []),
  engagement: v.optional(v.nullable(v.record(v.string(), count(), 'must be an object of name to count')), null),
  scraped_at: timestamp(),
  funded_by: optionalText(300),
  funded_by_url: optionalUrl(),
});

const scanSchema = v.object({
  scanned_at: timestamp(),
  ip_country: optionalText(2),
  ip_city: optionalText(200),
  ip_latitude: latitude(),
  ip_longitude: longitude(),
  hosting_provider: optionalText(200),
  hosting_country: optionalText(2),
  sovereignty_tier: v.optional(
    v.nullable(
      v.pipe(
        v.number('must be a whole number 1-6'),
        v.integer('must be a whole number 1-6'),
        v.minValue(1, 'must be a whole number 1-6'),
        v.maxValue(6, 'must be a whole number 1-6'),
      ),
    ),
    null,
  ),
  cdn_detected: optionalText(200),
  cms_detected: optionalText(200),
});

export const websiteSchema = v.object({
  politician_key: key(),
  url: url(),
  label: optionalText(200),
  is_active: v.boolean('must be true or false'),
  created_at: optionalTimestamp(),
  updated_at: optionalTimestamp(),
  scans: v.optional(v.array(scanSchema, 'must be an array of scans'), []),
});

const eventSchema = v.object({
  stage: picklist(BILL_STAGES),
  stage_label: text(300),
  event_type: optionalText(200),
  outcome: optionalText(200),
  committee_name: optionalText(300),
  event_date: date(),
  source_url: optionalUrl(),
  created_at: optionalTimestamp(),
});

const sponsorSchema = v.object({
  politician_key: optionalKey(),
  sponsor_name_raw: text(300),
  role: picklist(SPONSOR_ROLES),
  ordering: count(),
  created_at: optionalTimestamp(),
});

export const billSchema = v.object({
  session_key: key(),
  bill_number: text(50),
  title: text(5000),
  short_title: optionalText(1000),
  /** The French titles, when the source publishes them: /bills?q= matches them too. */
  title_fr: optionalText(5000),
  short_title_fr: optionalText(1000),
  bill_type: text(200),
  status: optionalText(500),
  status_changed_at: optionalTimestamp(),
  introduced_date: optionalDate(),
  source_system: text(100),
  source_url: optionalUrl(),
  source_id: optionalText(200),
  first_seen_at: optionalTimestamp(),
  updated_at: optionalTimestamp(),
  events: v.optional(v.array(eventSchema, 'must be an array of events'), []),
  sponsors: v.optional(v.array(sponsorSchema, 'must be an array of sponsors'), []),
});

const positionSchema = v.object({
  politician_key: optionalKey(),
  politician_name_raw: text(300),
  party_at_time: optionalText(200),
  constituency_at_time: optionalText(300),
  position: picklist(POSITIONS),
});

export const voteSchema = v.object({
  key: key(),
  session_key: key(),
  bill_number: optionalText(50),
  vote_type: picklist(VOTE_TYPES),
  occurred_at: timestamp(),
  result: picklist(VOTE_RESULTS),
  ayes: optionalCount(),
  nays: optionalCount(),
  abstentions: optionalCount(),
  motion_text: optionalText(20_000),
  source_system: text(100),
  source_url: optionalUrl(),
  created_at: optionalTimestamp(),
  updated_at: optionalTimestamp(),
  positions: v.optional(v.array(positionSchema, 'must be an array of positions'), []),
});

export const speechSchema = v.object({
  key: key(),
  session_key: optionalKey(),
  politician_key: optionalKey(),
  speaker_name_raw: text(300),
  speaker_role: optionalText(300),
  /** What the label says the speaker is: a member (or a presiding member), or someone who is not a
   *  politician (a witness, an official, a collective voice); null when the source does not say. */
  speaker_kind: v.optional(v.nullable(picklist(SPEAKER_KINDS)), null),
  party_at_time: optionalText(200),
  spoken_at: timestamp(),
  language: picklist(LANGUAGES),
  level: picklist(LEVELS),
  province_territory: optionalProvince(),
  speech_type: picklist(SPEECH_TYPES),
  is_presiding: bool(false),
  text: text(1_000_000),
  source_url: optionalUrl(),
  source_anchor: optionalText(300),
  source_system: text(100),
  meeting_url: optionalUrl(),
  /** Order of business (rubric) the speech was given under, e.g. "Oral Questions". */
  order_of_business: optionalText(500),
  /** Subject heading within the order of business, e.g. the bill or topic debated. */
  subject: optionalText(1000),
  committee_name: optionalText(300),
  /** Position of the speech in its sitting or meeting, from 1. */
  sequence: optionalCount(),
  /** From an unrevised draft transcript (BC "Blues"), not the final Hansard. */
  is_draft: bool(false),
});

/** The same text in English and French (a bill's two titles, a paragraph of a sitting's two
 *  editions): the build's encoder learns from these pairs so a query in one language finds the other. */
export const parallelTextSchema = v.object({
  en: text(20_000),
  fr: text(20_000),
  source_system: text(100),
});

/** A boundary: one polygon set member. The geometry's structure is checked in check-geometry.ts
 *  (so a bad ring is reported with its exact path), not here, where it would be parsed twice. */
export const boundarySchema = v.object({
  source_set: v.pipe(v.string('must be a string'), v.regex(/^[a-z0-9-]{1,200}$/, 'must be kebab-case [a-z0-9-]+, 1-200 characters')),
  slug: v.pipe(v.string('must be a string'), v.regex(/^[a-z0-9-]{1,200}$/, 'must be kebab-case [a-z0-9-]+, 1-200 characters')),
  name: text(300),
  name_fr: optionalText(300),
  level: picklist(LEVELS),
  province_territory: optionalProvince(),
  effective_from: optionalDate(),
  effective_to: optionalDate(),
  boundaries_version: text(200),
  ocd_id: optionalText(300),
  /** OCD id of the area the whole set covers (a city for its wards): ranks a city's wards above a
   *  region's copy of them when the boundary's own ocd_id is unknown. */
  set_division_id: optionalText(300),
  /** The source_set of a newer map of the same area in this bundle: the boundary is listed but
   *  never matched by a lookup. */
  superseded_by: v.optional(
    v.nullable(v.pipe(v.string('must be a string'), v.regex(/^[a-z0-9-]{1,200}$/, 'must be a source_set [a-z0-9-]+'))),
    null,
  ),
  geometry: v.object(
    {
      type: picklist(['Polygon', 'MultiPolygon'] as const),
      coordinates: v.array(v.unknown(), 'must be an array'),
    },
    'must be a GeoJSON Polygon or MultiPolygon',
  ),
});

export type Manifest = v.InferOutput<typeof manifestSchema>;
export type JurisdictionRecord = v.InferOutput<typeof jurisdictionSchema>;
export type PartyRecord = v.InferOutput<typeof partySchema>;
export type SessionRecord = v.InferOutput<typeof sessionSchema>;
export type PoliticianRecord = v.InferOutput<typeof politicianSchema>;
export type OfficeRecord = v.InferOutput<typeof officeSchema>;
export type SocialRecord = v.InferOutput<typeof socialSchema>;
export type PostRecord = v.InferOutput<typeof postSchema>;
export type WebsiteRecord = v.InferOutput<typeof websiteSchema>;
export type BillRecord = v.InferOutput<typeof billSchema>;
export type VoteRecord = v.InferOutput<typeof voteSchema>;
export type SpeechRecord = v.InferOutput<typeof speechSchema>;
export type BoundaryRecord = v.InferOutput<typeof boundarySchema>;

// Postcode sources (decisions 7). Codes are written canonically (`K1A0A6`, `K1A`): the importers
// normalise them with src/core/domain/postcode.ts, and the build refuses anything else.
const CANADA_LAT = 'must be a latitude inside Canada (41.6 to 83.2)';
const CANADA_LNG = 'must be a longitude inside Canada (-141.1 to -52.6)';
const canadaLat = () => v.pipe(v.number(CANADA_LAT), v.minValue(41.6, CANADA_LAT), v.maxValue(83.2, CANADA_LAT));
const canadaLng = () => v.pipe(v.number(CANADA_LNG), v.minValue(-141.1, CANADA_LNG), v.maxValue(-52.6, CANADA_LNG));
const fullPostcode = () =>
  v.pipe(
    v.string('must be a string'),
    v.regex(
      /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/,
      'must be a postcode in canonical form A1A1A1 (upper case, no space; no D, F, I, O, Q, U; no leading W, Z)',
    ),
  );
const fsaCode = () =>
  v.pipe(
    v.string('must be a string'),
    v.regex(/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]$/, 'must be a forward sortation area in canonical form A1A (upper case)'),
  );

/** Civic address points of the National Address Register (`nar`): one record per point, or per
 *  group of `addresses` points already averaged by the importer (the build weights by it). */
export const postcodePointSchema = v.object({
  postcode: fullPostcode(),
  lat: canadaLat(),
  lng: canadaLng(),
  addresses: v.optional(v.pipe(count(), v.minValue(1, 'must be a whole number >= 1')), 1),
  city: optionalText(200),
  province_territory: optionalProvince(),
  /** When the upstream extract was made; defaults to the manifest's extracted_at. */
  fetched_at: optionalTimestamp(),
});

/** The operator's override table (`cache`): PO-box, rural-route and government codes the register
 *  cannot place, and corrections. An override wins over the register's points for its code. */
export const postcodeOverrideSchema = v.object({
  postcode: fullPostcode(),
  lat: canadaLat(),
  lng: canadaLng(),
  city: optionalText(200),
  province_territory: optionalProvince(),
  note: optionalText(500),
  fetched_at: optionalTimestamp(),
});

/** One point per forward sortation area: the FSA answer when no address point of the FSA exists. */
export const fsaPointSchema = v.object({
  fsa: fsaCode(),
  lat: canadaLat(),
  lng: canadaLng(),
  city: optionalText(200),
  province_territory: optionalProvince(),
  fetched_at: optionalTimestamp(),
});

export type PostcodePointRecord = v.InferOutput<typeof postcodePointSchema>;
export type PostcodeOverrideRecord = v.InferOutput<typeof postcodeOverrideSchema>;
export type FsaPointRecord = v.InferOutput<typeof fsaPointSchema>;
