// A small source bundle written by hand, whose every answer is known: the tests' ground truth.
// `writeFixture` writes it (optionally edited) to a temp folder; `fixtureApp` builds and serves it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDataFile } from '../../build-db/build.js';
import { ids } from '../../build-db/ids.js';
import { openDataFile, type DataFile } from '../../src/core/data-file/open-data-file.js';
import { createApp } from '../../src/server/http/app.js';

export const EXTRACTED_AT = '2026-11-01T00:00:00Z';

const term = (start_at: string, end_at: string | null = null) => ({ start_at, end_at });

// Records are loosely typed on purpose: tests edit them into invalid shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;
export interface FixtureRecords {
  manifest: Rec;
  jurisdictions: Rec[];
  parties: Rec[];
  sessions: Rec[];
  politicians: Rec[];
  offices: Rec[];
  socials: Rec[];
  posts: Rec[];
  websites: Rec[];
  bills: Rec[];
  votes: Rec[];
  speeches: Rec[];
}

export function fixtureRecords(): FixtureRecords {
  return {
    manifest: {
      format_version: 1,
      name: 'canpol test fixture',
      demo: true,
      extracted_at: EXTRACTED_AT,
      sources: [{ id: 'hand', version: '1' }],
    },
    jurisdictions: [
      {
        jurisdiction: 'federal',
        legislature_name: 'Parliament of Canada',
        seats: 343,
        bills_status: 'live',
        hansard_status: 'live',
        votes_status: 'live',
        committees_status: 'partial',
        last_verified_at: '2026-10-30T12:00:00Z',
        source_urls: { bills: 'https://example.org/bills' },
        notes: 'Demo data: fixture.',
      },
      {
        jurisdiction: 'ON',
        legislature_name: 'Legislative Assembly of Ontario',
        seats: 124,
        bills_status: 'partial',
        hansard_status: 'none',
        votes_status: 'partial',
        committees_status: 'none',
      },
      {
        jurisdiction: 'QC',
        legislature_name: 'Assemblée nationale du Québec',
        seats: 125,
        bills_status: 'blocked',
        hansard_status: 'none',
        votes_status: 'none',
        committees_status: 'none',
      },
    ],
    parties: [{ key: 'lib', name: 'Liberal', level: 'federal' }],
    sessions: [
      {
        key: 'ca/44-1',
        level: 'federal',
        parliament_number: 44,
        session_number: 1,
        name: '44th Parliament, 1st Session',
        start_date: '2021-11-22',
        end_date: '2025-01-06',
      },
      {
        key: 'on/43-1',
        level: 'provincial',
        province_territory: 'ON',
        parliament_number: 43,
        session_number: 1,
        name: '43rd Parliament, 1st Session',
        start_date: '2022-08-08',
      },
    ],
    politicians: [
      {
        key: 'p/alice',
        name: 'Hon. Alice Martin',
        first_name: 'Alice',
        last_name: 'Martin',
        party: 'Liberal',
        elected_office: 'MP',
        level: 'federal',
        constituency_id: 'fed-2023/35001',
        constituency_name: 'Ottawa Centre',
        email: 'alice@example.org',
        is_active: true,
        external_parliament_slug: 'alice-martin',
        terms: [term('2015-10-19T00:00:00Z', '2019-10-21T00:00:00Z'), term('2021-09-20T00:00:00Z')],
      },
      {
        key: 'p/bob',
        name: 'Bob Tremblay',
        first_name: 'Bob',
        last_name: 'Tremblay',
        party: 'Conservative',
        elected_office: 'MP',
        level: 'federal',
        constituency_id: 'fed-2023/24001',
        constituency_name: 'Abitibi',
        phone: '819-555-0100',
        is_active: true,
        terms: [term('2019-10-21T00:00:00Z')],
      },
      {
        key: 'p/chloe',
        name: 'Dr. Chloé Côté',
        first_name: 'Chloé',
        last_name: 'Côté',
        party: 'Bloc',
        elected_office: 'MP',
        level: 'federal',
        constituency_id: 'fed-2023/24002',
        constituency_name: 'Laurentides',
        is_active: false,
        terms: [term('2015-10-19T00:00:00Z', '2021-09-20T00:00:00Z')],
      },
      {
        key: 'p/diane',
        name: 'Diane Singh',
        first_name: 'Diane',
        last_name: 'Singh',
        party: 'NDP',
        elected_office: 'MPP',
        level: 'provincial',
        province_territory: 'ON',
        constituency_id: 'on-2022/toronto-centre',
        constituency_name: 'Toronto Centre',
        is_active: true,
        legislature_office_address: "Room 1\nQueen's Park",
        terms: [term('2022-06-02T00:00:00Z')],
      },
      {
        key: 'p/emile',
        name: 'Émile Roy',
        first_name: 'Émile',
        last_name: 'Roy',
        party: 'PC',
        elected_office: 'MPP',
        level: 'provincial',
        province_territory: 'ON',
        constituency_id: 'on-2022/ottawa-south',
        constituency_name: 'Ottawa South',
        is_active: true,
        deceased: true,
        terms: [term('2022-06-02T00:00:00Z')],
      },
      {
        key: 'p/frank',
        name: 'Frank Gagnon',
        first_name: 'Frank',
        last_name: 'Gagnon',
        party: 'Independent',
        elected_office: 'Councillor',
        level: 'municipal',
        province_territory: 'QC',
        constituency_id: 'montreal-2021/ward-1',
        constituency_name: 'Ward 1',
        is_active: true,
        terms: [term('2021-11-07T00:00:00Z')],
      },
    ],
    offices: [
      { politician_key: 'p/alice', kind: 'legislature', address: 'House of Commons', phone: '613-555-0001' },
      {
        politician_key: 'p/alice',
        kind: 'constituency',
        address: '1 Bank St',
        city: 'Ottawa',
        province_territory: 'ON',
        phone: '613-555-0101',
        lat: 45.42,
        lng: -75.69,
      },
      {
        politician_key: 'p/alice',
        kind: 'constituency',
        address: '2 Bank St',
        city: 'Ottawa',
        province_territory: 'ON',
        phone: '613-555-0102',
      },
      {
        politician_key: 'p/alice',
        kind: 'constituency',
        address: '1 Bank St (duplicate)',
        city: 'Ottawa',
        province_territory: 'ON',
        phone: '613-555-0101',
      },
      { politician_key: 'p/diane', kind: 'other', address: 'Campaign office', phone: null },
    ],
    socials: [
      {
        politician_key: 'p/bob',
        platform: 'twitter',
        handle: 'bobt',
        url: 'https://twitter.com/bobt',
        follower_count: 1200,
        is_live: true,
      },
      { politician_key: 'p/bob', platform: 'mastodon', handle: '@bob@example.social', url: 'https://example.social/@bob', is_live: false },
      {
        politician_key: 'p/alice',
        platform: 'bluesky',
        handle: 'alice.example',
        url: 'https://bsky.app/profile/alice.example',
        is_live: true,
      },
    ],
    posts: [
      {
        politician_key: 'p/bob',
        platform: 'twitter',
        post_id: '1',
        posted_at: '2024-01-01T10:00:00Z',
        text: 'Happy new year',
        url: 'https://twitter.com/bobt/status/1',
        media_urls: ['https://example.org/a.jpg'],
        engagement: { likes: 3 },
        scraped_at: '2024-01-02T00:00:00Z',
      },
      {
        politician_key: 'p/bob',
        platform: 'twitter',
        post_id: '2',
        posted_at: '2024-02-01T10:00:00Z',
        text: 'February',
        url: 'https://twitter.com/bobt/status/2',
        scraped_at: '2024-02-02T00:00:00Z',
        funded_by: 'Demo Fund',
        funded_by_url: 'https://example.org/fund',
      },
      {
        politician_key: 'p/bob',
        platform: 'bluesky',
        post_id: 'b3',
        posted_at: '2024-03-01T10:00:00Z',
        url: 'https://bsky.app/b3',
        scraped_at: '2024-03-02T00:00:00Z',
      },
    ],
    websites: [
      {
        politician_key: 'p/alice',
        url: 'https://alice.example.org/',
        label: 'Personal',
        is_active: true,
        scans: [
          { scanned_at: '2024-01-01T00:00:00Z', ip_country: 'US', sovereignty_tier: 5 },
          { scanned_at: '2024-06-01T00:00:00Z', ip_country: 'CA', hosting_provider: 'Demo Host', sovereignty_tier: 1 },
        ],
      },
      { politician_key: 'p/alice', url: 'https://old.alice.example.org/', is_active: false },
    ],
    bills: [
      {
        session_key: 'ca/44-1',
        bill_number: 'C-11',
        title: 'Online Streaming Act',
        short_title: 'Streaming',
        bill_type: 'Government Bill',
        status: 'Royal Assent',
        introduced_date: '2022-02-02',
        source_system: 'legisinfo',
        source_id: '11465',
        events: [
          { stage: 'first_reading', stage_label: 'First reading', event_type: 'House', event_date: '2022-02-02' },
          { stage: 'committee', stage_label: 'Committee', event_type: 'House', committee_name: 'CHPC', event_date: '2022-06-01' },
          { stage: 'second_reading', stage_label: 'Second reading', event_type: 'House', event_date: '2022-03-29' },
          { stage: 'royal_assent', stage_label: 'Royal assent', event_date: '2023-04-27' },
        ],
        sponsors: [
          { politician_key: 'p/alice', sponsor_name_raw: 'Alice Martin', role: 'sponsor', ordering: 0 },
          { sponsor_name_raw: 'Some Senator', role: 'co_sponsor', ordering: 1 },
        ],
      },
      {
        session_key: 'ca/44-1',
        bill_number: 'C-2',
        title: 'An Act respecting 50% of things_and_more',
        bill_type: 'Government Bill',
        status: 'Second Reading',
        introduced_date: '2021-11-25',
        source_system: 'legisinfo',
      },
      {
        session_key: 'ca/44-1',
        bill_number: 'S-201',
        title: 'Loi sur la protection des érablières',
        bill_type: 'Senate Public Bill',
        status: 'Deuxième lecture',
        introduced_date: '2022-02-02',
        source_system: 'legisinfo',
        sponsors: [{ politician_key: 'p/bob', sponsor_name_raw: 'Bob Tremblay', role: 'sponsor', ordering: 0 }],
      },
      {
        session_key: 'on/43-1',
        bill_number: '5',
        title: 'Ontario Demo Act',
        bill_type: 'Public',
        status: 'Second Reading',
        source_system: 'ola',
      },
    ],
    votes: [
      {
        key: 'v/1',
        session_key: 'ca/44-1',
        bill_number: 'C-11',
        vote_type: 'division',
        occurred_at: '2024-05-01T23:59:00Z',
        result: 'passed',
        ayes: 2,
        nays: 1,
        abstentions: 0,
        motion_text: 'That the bill be read a third time.',
        source_system: 'hoc',
        positions: [
          { politician_key: 'p/bob', politician_name_raw: 'Bob Tremblay', party_at_time: 'Conservative', position: 'nay' },
          { politician_key: 'p/alice', politician_name_raw: 'Alice Martin', party_at_time: 'Liberal', position: 'yea' },
          { politician_name_raw: 'Xavier Unmatched', party_at_time: 'Liberal', position: 'yea' },
          { politician_key: 'p/chloe', politician_name_raw: 'Chloé Côté', party_at_time: 'Bloc', position: 'paired' },
        ],
      },
      {
        key: 'v/2',
        session_key: 'ca/44-1',
        vote_type: 'voice',
        occurred_at: '2024-05-02T00:00:00Z',
        result: 'passed',
        source_system: 'hoc',
      },
      {
        key: 'v/3',
        session_key: 'on/43-1',
        bill_number: '5',
        vote_type: 'division',
        occurred_at: '2024-04-30T15:00:00Z',
        result: 'tied',
        ayes: 1,
        nays: 1,
        source_system: 'ola',
        positions: [
          { politician_key: 'p/diane', politician_name_raw: 'Diane Singh', position: 'yea' },
          { politician_key: 'p/emile', politician_name_raw: 'Émile Roy', position: 'nay' },
        ],
      },
    ],
    speeches: [
      // A federal committee meeting that starts at 19:30 Ottawa time on 5 March (00:30 UTC on the 6th): its date is 2024-03-05.
      {
        key: 's/1',
        session_key: 'ca/44-1',
        politician_key: 'p/alice',
        speaker_name_raw: 'Alice Martin',
        spoken_at: '2024-03-06T00:30:00Z',
        language: 'en',
        level: 'federal',
        speech_type: 'committee',
        text: 'Opening the meeting.',
        source_system: 'hoc-committees',
        meeting_url: 'https://example.org/committee/chpc/1',
      },
      {
        key: 's/2',
        session_key: 'ca/44-1',
        politician_key: 'p/bob',
        speaker_name_raw: 'Bob Tremblay',
        spoken_at: '2024-03-06T01:30:00Z',
        language: 'fr',
        level: 'federal',
        speech_type: 'committee',
        text: 'Merci.',
        source_system: 'hoc-committees',
        meeting_url: 'https://example.org/committee/chpc/1',
      },
      {
        key: 's/3',
        session_key: 'on/43-1',
        politician_key: 'p/diane',
        speaker_name_raw: 'Diane Singh',
        spoken_at: '2024-04-10T14:00:00Z',
        language: 'en',
        level: 'provincial',
        province_territory: 'ON',
        speech_type: 'committee',
        text: 'Committee business.',
        source_system: 'ola-committees',
        meeting_url: 'https://example.org/ola/committee/7',
      },
      {
        key: 's/4',
        session_key: 'ca/44-1',
        politician_key: 'p/alice',
        speaker_name_raw: 'Alice Martin',
        spoken_at: '2024-03-07T15:00:00Z',
        language: 'en',
        level: 'federal',
        speech_type: 'floor',
        text: 'Mr. Speaker, floor speech.',
        source_system: 'hoc',
      },
    ],
  };
}

/** A floor speech of 44-1 by Alice (fixture politician p/alice), in English unless `extra` says
 *  otherwise: what search tests add when only the text, the time and the key matter. */
export function floorSpeech(key: string, text: string, spokenAt: string, extra: Rec = {}): Rec {
  return {
    key,
    session_key: 'ca/44-1',
    politician_key: 'p/alice',
    speaker_name_raw: 'Someone',
    spoken_at: spokenAt,
    language: 'en',
    level: 'federal',
    speech_type: 'floor',
    text,
    source_system: 'hoc',
    ...extra,
  };
}

export const fixtureIds = {
  alice: ids.politician('p/alice'),
  bob: ids.politician('p/bob'),
  chloe: ids.politician('p/chloe'),
  diane: ids.politician('p/diane'),
  emile: ids.politician('p/emile'),
  frank: ids.politician('p/frank'),
  session44: ids.session('ca/44-1'),
  sessionOn: ids.session('on/43-1'),
  c11: ids.bill('ca/44-1', 'C-11'),
  c2: ids.bill('ca/44-1', 'C-2'),
  s201: ids.bill('ca/44-1', 'S-201'),
  on5: ids.bill('on/43-1', '5'),
  vote1: ids.vote('v/1'),
  vote2: ids.vote('v/2'),
  vote3: ids.vote('v/3'),
};

export function tempDir(prefix = 'canpol-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Writes the bundle as files; `edit` may change the records first. */
export function writeFixture(dir: string, edit?: (r: FixtureRecords) => void): string {
  const records = fixtureRecords();
  edit?.(records);
  const { manifest, ...files } = records;
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  for (const [name, rows] of Object.entries(files)) {
    writeFileSync(join(dir, `${name}.jsonl`), `${(rows as unknown[]).map((r) => JSON.stringify(r)).join('\n')}\n`);
  }
  return dir;
}

export interface Fixture {
  dir: string;
  dbPath: string;
  data: DataFile;
  app: ReturnType<typeof createApp>;
  /** GET (or another method) against the in-process app. */
  get(path: string, init?: RequestInit): Promise<Response>;
  cleanup(): void;
}

export function buildFixture(edit?: (r: FixtureRecords) => void): Fixture {
  const dir = tempDir();
  const sources = join(dir, 'sources');
  require('node:fs').mkdirSync(sources);
  writeFixture(sources, edit);
  const dbPath = join(dir, 'canpol.db');
  const result = buildDataFile({ sources, out: dbPath, now: new Date('2026-11-02T00:00:00Z') });
  if (!result.ok) throw new Error(`fixture build failed: ${JSON.stringify(result.issues)}`);
  const data = openDataFile(dbPath);
  const app = createApp({
    data,
    logError: (err) => {
      throw err;
    },
  });
  return {
    dir,
    dbPath,
    data,
    app,
    get: (path, init) =>
      Promise.resolve(app.request(path.startsWith('/api') || path.startsWith('/health') ? path : `/api/public/v1${path}`, init)),
    cleanup: () => {
      data.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
