// The data file's tables. The server checks SCHEMA_VERSION at start and refuses another one.
import { TEXT_INDEX_SQL } from './text-index.js';

export const SCHEMA_VERSION = 13;

export const SCHEMA_SQL = /* sql */ `
CREATE TABLE build (
  id TEXT NOT NULL,                 -- content hash of the sources and the builder: same sources, same id
  built_at TEXT NOT NULL,
  schema_version INTEGER NOT NULL,
  source_format_version INTEGER NOT NULL,
  dataset_name TEXT NOT NULL,
  is_demo INTEGER NOT NULL,
  extracted_at TEXT NOT NULL,
  description TEXT,
  sources TEXT NOT NULL,            -- JSON: manifest sources (id, version, url, retrieved_at, licence)
  source_digests TEXT NOT NULL,     -- JSON: file name -> sha256
  row_counts TEXT NOT NULL,         -- JSON: table -> rows
  attribution TEXT NOT NULL,        -- JSON: "speeches/<source_system>" etc. -> { total, linked, rate }
  warnings TEXT NOT NULL            -- JSON: array of strings
);

CREATE TABLE jurisdictions (
  jurisdiction TEXT PRIMARY KEY,
  ord INTEGER NOT NULL,
  legislature_name TEXT NOT NULL,
  seats INTEGER NOT NULL,
  bills_status TEXT NOT NULL,
  hansard_status TEXT NOT NULL,
  votes_status TEXT NOT NULL,
  committees_status TEXT NOT NULL,
  bills_count INTEGER NOT NULL DEFAULT 0,
  speeches_count INTEGER NOT NULL DEFAULT 0,
  votes_count INTEGER NOT NULL DEFAULT 0,
  politicians_count INTEGER NOT NULL DEFAULT 0,
  last_verified_at TEXT,
  source_urls TEXT NOT NULL,
  notes TEXT,
  politicians_status TEXT NOT NULL DEFAULT 'none'
) WITHOUT ROWID;

CREATE TABLE parties (
  key TEXT PRIMARY KEY, name TEXT NOT NULL, short_name TEXT, level TEXT NOT NULL, province_territory TEXT
) WITHOUT ROWID;

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  level TEXT NOT NULL,
  province_territory TEXT,
  parliament_number INTEGER NOT NULL,
  session_number INTEGER NOT NULL,
  name TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT
);

CREATE TABLE politicians (
  id TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  first_name TEXT,
  last_name TEXT,
  honorific TEXT,
  party TEXT,                       -- null when no source names it (a sponsor known only from LEGISinfo)
  elected_office TEXT NOT NULL,
  level TEXT NOT NULL,
  province_territory TEXT,
  constituency_id TEXT,             -- null when no source names it (a senator known only from LEGISinfo)
  constituency_name TEXT,
  email TEXT,
  phone TEXT,                       -- own phone, else the first constituency office's (spec)
  fax TEXT,
  constituency_office_address TEXT,
  legislature_office_address TEXT,
  photo_url TEXT,
  personal_url TEXT,
  official_url TEXT,
  social_urls TEXT NOT NULL,        -- JSON object platform -> url, from live handles
  is_active INTEGER NOT NULL,
  status TEXT NOT NULL,             -- sitting | former, derived at build
  term_start_at TEXT,
  term_end_at TEXT,
  external_parliament_slug TEXT,
  ab_assembly_mid TEXT,
  last_verified_at TEXT,
  name_folded TEXT NOT NULL,        -- fold(name) for q
  office_folded TEXT NOT NULL,      -- fold(elected_office) for role
  sort_name TEXT NOT NULL           -- fold(last, first): list order
);
CREATE INDEX politicians_by_jurisdiction ON politicians (level, province_territory, status, sort_name, id);
CREATE INDEX politicians_by_status ON politicians (status, sort_name, id);
CREATE INDEX politicians_by_constituency ON politicians (constituency_id);

-- One row per seat held: a Parliament's term in one riding for one party, ordered by start.
CREATE TABLE politician_terms (
  politician_id TEXT NOT NULL, ord INTEGER NOT NULL, start_at TEXT NOT NULL, end_at TEXT,
  elected_office TEXT, constituency_id TEXT, constituency_name TEXT, party TEXT,
  parliament_number INTEGER,
  observed INTEGER NOT NULL,        -- 1: dates a source saw the person act in the seat, not the seat's own
  PRIMARY KEY (politician_id, ord)
) WITHOUT ROWID;

CREATE TABLE offices (
  politician_id TEXT NOT NULL,
  kind_order INTEGER NOT NULL,      -- constituency, legislature, other (decisions 5)
  ord INTEGER NOT NULL,             -- source order within the politician
  kind TEXT NOT NULL, address TEXT, city TEXT, province_territory TEXT, postal_code TEXT,
  phone TEXT, fax TEXT, email TEXT, hours TEXT, lat REAL, lng REAL, source TEXT,
  PRIMARY KEY (politician_id, kind_order, ord)
) WITHOUT ROWID;

CREATE TABLE socials (
  politician_id TEXT NOT NULL, platform TEXT NOT NULL, handle TEXT NOT NULL, url TEXT NOT NULL,
  follower_count INTEGER, lifetime_post_count INTEGER, last_post_at TEXT, last_profile_check_at TEXT,
  last_verified_at TEXT, is_live INTEGER NOT NULL,
  PRIMARY KEY (politician_id, platform, handle)
) WITHOUT ROWID;

CREATE TABLE posts (
  id TEXT PRIMARY KEY, politician_id TEXT NOT NULL, platform TEXT NOT NULL, post_id TEXT NOT NULL,
  posted_at TEXT NOT NULL, text TEXT, url TEXT NOT NULL, media_urls TEXT NOT NULL, engagement TEXT,
  scraped_at TEXT NOT NULL, funded_by TEXT, funded_by_url TEXT
);
CREATE INDEX posts_by_politician ON posts (politician_id, posted_at DESC, id);

CREATE TABLE websites (
  id TEXT PRIMARY KEY, politician_id TEXT NOT NULL, url TEXT NOT NULL, hostname TEXT, label TEXT,
  is_active INTEGER NOT NULL, last_scanned_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
  scan TEXT                         -- JSON: latest scan or null
);
CREATE INDEX websites_by_politician ON websites (politician_id, is_active, created_at, id);

CREATE TABLE bills (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions (id),
  level TEXT NOT NULL,
  province_territory TEXT,
  bill_number TEXT NOT NULL,
  title TEXT NOT NULL,
  short_title TEXT,
  bill_type TEXT NOT NULL,
  status TEXT,
  status_changed_at TEXT,
  introduced_date TEXT,
  source_system TEXT NOT NULL,
  source_url TEXT,
  source_id TEXT,
  first_seen_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  events_count INTEGER NOT NULL,
  sponsors_count INTEGER NOT NULL,
  votes_count INTEGER NOT NULL DEFAULT 0,
  search_folded TEXT NOT NULL,      -- fold(title, short_title, bill_number, French titles) for q
  UNIQUE (session_id, bill_number)
);
CREATE INDEX bills_by_jurisdiction ON bills (level, province_territory, introduced_date DESC, id);
CREATE INDEX bills_by_order ON bills (introduced_date DESC, id);

CREATE TABLE bill_events (
  id TEXT PRIMARY KEY, bill_id TEXT NOT NULL, ord INTEGER NOT NULL, stage TEXT NOT NULL,
  stage_label TEXT NOT NULL, event_type TEXT, outcome TEXT, committee_name TEXT, event_date TEXT NOT NULL,
  source_url TEXT, created_at TEXT NOT NULL
);
CREATE INDEX bill_events_by_bill ON bill_events (bill_id, event_date, ord);

CREATE TABLE bill_sponsors (
  id TEXT PRIMARY KEY, bill_id TEXT NOT NULL, politician_id TEXT, sponsor_name_raw TEXT NOT NULL,
  role TEXT NOT NULL, ordering INTEGER NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX bill_sponsors_by_bill ON bill_sponsors (bill_id, ordering);
CREATE INDEX bill_sponsors_by_politician ON bill_sponsors (politician_id, bill_id);

CREATE TABLE votes (
  id TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  session_id TEXT NOT NULL REFERENCES sessions (id),
  level TEXT NOT NULL,
  province_territory TEXT,
  bill_id TEXT REFERENCES bills (id),
  vote_type TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  result TEXT NOT NULL,
  ayes INTEGER, nays INTEGER, abstentions INTEGER,
  motion_text TEXT,
  source_system TEXT NOT NULL,
  source_url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  positions_count INTEGER NOT NULL
);
CREATE INDEX votes_by_time ON votes (occurred_at DESC, id);
CREATE INDEX votes_by_jurisdiction ON votes (level, province_territory, occurred_at DESC, id);
CREATE INDEX votes_by_bill ON votes (bill_id, occurred_at DESC, id);
CREATE INDEX votes_by_session ON votes (session_id, occurred_at DESC, id);

CREATE TABLE vote_positions (
  id TEXT PRIMARY KEY, vote_id TEXT NOT NULL, politician_id TEXT, politician_name_raw TEXT NOT NULL,
  party_at_time TEXT, constituency_at_time TEXT, position TEXT NOT NULL,
  position_order INTEGER NOT NULL, sort_name TEXT NOT NULL
);
CREATE INDEX vote_positions_by_vote ON vote_positions (vote_id, position_order, sort_name, id);

CREATE TABLE speeches (
  id TEXT NOT NULL, key TEXT NOT NULL, session_id TEXT, politician_id TEXT,   -- unique: SPEECH_INDEXES_SQL
  speaker_name_raw TEXT NOT NULL, speaker_role TEXT, party_at_time TEXT, spoken_at TEXT NOT NULL,
  speaker_kind TEXT,                -- member, presiding, witness, official, collective (null: not said)
  language TEXT NOT NULL, level TEXT NOT NULL, province_territory TEXT, speech_type TEXT NOT NULL,
  is_presiding INTEGER NOT NULL, text TEXT NOT NULL, source_url TEXT, source_anchor TEXT,
  source_system TEXT NOT NULL, meeting_url TEXT,
  order_of_business TEXT, subject TEXT, committee_name TEXT, sequence INTEGER, is_draft INTEGER NOT NULL
);

CREATE TABLE committee_meetings (
  meeting_url TEXT PRIMARY KEY, level TEXT NOT NULL, province_territory TEXT, source_system TEXT NOT NULL,
  date TEXT NOT NULL,               -- the legislature's local date of the first speech
  first_spoken_at TEXT NOT NULL, last_spoken_at TEXT NOT NULL, speech_count INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX committee_meetings_by_date ON committee_meetings (date DESC, meeting_url);

${TEXT_INDEX_SQL}
`;

// The speeches' indexes are created once their rows are written (build-db/write-database.ts): the ids
// are UUIDs, so keeping three B-trees up to date row by row inserts at random places, which at
// millions of speeches no longer fits SQLite's cache and spends the build in page reads and writes;
// CREATE INDEX sorts instead. The duplicate check before the build guarantees the unique ones hold.
export const SPEECH_INDEXES_SQL = /* sql */ `
CREATE UNIQUE INDEX speeches_by_id ON speeches (id);
CREATE UNIQUE INDEX speeches_by_key ON speeches (key);
CREATE INDEX speeches_by_politician ON speeches (politician_id, spoken_at);
`;
