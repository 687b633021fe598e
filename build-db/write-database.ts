// Writes a validated bundle into a new SQLite file: rows, derived fields, denormalised counts.
// Every derived value is computed here, once, so the server only reads.
import Database from 'better-sqlite3';
import { JURISDICTIONS, OFFICE_KINDS, POSITIONS, type Jurisdiction } from '../src/core/domain/enums.js';
import { fold, honorificOf } from '../src/core/domain/text.js';
import { localDate } from '../src/core/domain/time-zones.js';
import { measureAttribution, type Attribution } from './attribution.js';
import { writeBoundaries } from './geo/write-boundaries.js';
import { joinRidings } from './join-ridings.js';
import { carryBoundaries } from './geo/reuse-boundaries.js';
import { LEGISLATURES } from './import/legislatures.js';
import { ids } from './ids.js';
import { writePostcodes } from './postcodes/write-postcodes.js';
import { writeChunks, type ChunkStepOptions, type ChunkStepResult } from './search/write-chunks.js';
import { copyKeywordIndex } from './search/reuse-keyword-index.js';
import { SEARCH_SCHEMA_SQL } from '../src/core/data-file/search-schema.js';
import { writeTextIndexes } from '../src/core/data-file/text-index.js';
import { SCHEMA_SQL, SCHEMA_VERSION, SPEECH_INDEXES_SQL } from '../src/core/data-file/schema.js';
import { INSERT_SPEECH_SQL, speechRow, type SpeechRefs } from './speech-rows.js';
import { carrySpeeches } from './reuse-speeches.js';
import { attachPrevious, detachPrevious } from './previous-file.js';
import { carryFirstSeen } from './carry-first-seen.js';
import type { Bundle } from './sources/read-bundle.js';
import { SOURCE_FORMAT_VERSION, type PoliticianRecord } from './sources/schemas.js';

export interface WriteOptions {
  bundle: Bundle;
  path: string;
  buildId: string;
  builtAt: string;
  onProgress?: (msg: string) => void;
  /** The chunk step's worker threads and hook (build-db/search/write-chunks.ts). */
  chunkStep?: ChunkStepOptions;
}

export interface WriteSummary {
  rowCounts: Record<string, number>;
  attribution: Record<string, Attribution>;
  warnings: string[];
}

const b = (x: boolean) => (x ? 1 : 0);
const json = (x: unknown) => JSON.stringify(x);
const hostnameOf = (url: string) => (URL.canParse(url) ? new URL(url).hostname : null);

/** Sitting: active with an open term (spec, Representatives by postcode); deceased is former. */
function statusOf(p: PoliticianRecord): 'sitting' | 'former' {
  return p.is_active && !p.deceased && p.terms.some((t) => t.end_at === null) ? 'sitting' : 'former';
}

function latestTerm(p: PoliticianRecord) {
  return [...p.terms].sort((x, y) => (x.start_at < y.start_at ? 1 : x.start_at > y.start_at ? -1 : 0))[0];
}

const sortName = (last: string | null, first: string | null, full: string) => fold(`${last ?? full} ${first ?? ''}`.trim());

export function writeDatabase({ bundle, path, buildId, builtAt, onProgress = () => {}, chunkStep }: WriteOptions): WriteSummary {
  const { manifest, records } = bundle;
  const warnings = [...bundle.warnings];
  const stamp = manifest.extracted_at;
  const db = new Database(path);
  // The file is a temporary one renamed only on success, so durability during the build buys nothing.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.exec(SCHEMA_SQL);
  db.exec(SEARCH_SCHEMA_SQL);

  const sessionIds = new Map(records.sessions.map(({ record }) => [record.key, ids.session(record.key)]));
  const sessions = new Map(records.sessions.map(({ record }) => [record.key, record]));
  const politicianIds = new Map(records.politicians.map(({ record }) => [record.key, ids.politician(record.key)]));
  const politicianByKey = new Map(records.politicians.map(({ record }) => [record.key, record]));
  const pid = (key: string | null) => (key === null ? null : politicianIds.get(key)!);

  const previous = chunkStep?.previous ?? null;
  // Attached for the whole write (previous-file.ts): its speeches and chunk rows may be carried over,
  // its keyword index copied.
  if (previous !== null) attachPrevious(db, previous);
  // The transaction returns the chunk step's result: what it left for after the commit.
  const chunked = db.transaction((): ChunkStepResult => {
    const ins = (sql: string) => db.prepare(sql);

    const insJurisdiction =
      ins(`INSERT INTO jurisdictions (jurisdiction, ord, legislature_name, seats, bills_status, hansard_status, votes_status, committees_status, last_verified_at, source_urls, notes, politicians_status)
      VALUES (@jurisdiction, @ord, @legislature_name, @seats, @bills_status, @hansard_status, @votes_status, @committees_status, @last_verified_at, @source_urls, @notes, @politicians_status)`);
    // One row per jurisdiction, all 14 (spec, Coverage): one the bundle does not describe holds nothing.
    const described = new Map(records.jurisdictions.map(({ record }) => [record.jurisdiction, record]));
    for (const jurisdiction of JURISDICTIONS) {
      const leg = LEGISLATURES[jurisdiction];
      const r = described.get(jurisdiction) ?? {
        jurisdiction,
        legislature_name: leg.legislature_name,
        seats: leg.seats,
        bills_status: 'none',
        hansard_status: 'none',
        votes_status: 'none',
        committees_status: 'none',
        last_verified_at: null,
        source_urls: {},
        notes: null,
        politicians_status: 'none',
      };
      const notes =
        manifest.demo && !(r.notes ?? '').startsWith('Demo data')
          ? `Demo data: fictional records for testing. ${r.notes ?? ''}`.trim()
          : r.notes;
      insJurisdiction.run({
        ...r,
        ord: JURISDICTIONS.indexOf(r.jurisdiction),
        source_urls: json(r.source_urls),
        notes,
        politicians_status: r.politicians_status ?? 'none',
      });
    }

    const insParty = ins('INSERT INTO parties VALUES (@key, @name, @short_name, @level, @province_territory)');
    for (const { record } of records.parties) insParty.run(record);

    const insSession = ins(
      `INSERT INTO sessions VALUES (@id, @key, @level, @province_territory, @parliament_number, @session_number, @name, @start_date, @end_date)`,
    );
    for (const { record } of records.sessions) insSession.run({ ...record, id: sessionIds.get(record.key) });
    onProgress(`wrote jurisdictions, parties, sessions`);

    // Offices first: the politician's phone falls back to the first constituency office phone.
    const insOffice = ins(
      `INSERT INTO offices VALUES (@politician_id, @kind_order, @ord, @kind, @address, @city, @province_territory, @postal_code, @phone, @fax, @email, @hours, @lat, @lng, @source)`,
    );
    const officeSeen = new Set<string>();
    const fallbackPhone = new Map<string, string>();
    let officeDuplicates = 0;
    records.offices.forEach(({ record }, ord) => {
      if (record.phone !== null) {
        const k = `${record.politician_key}\u001f${record.kind}\u001f${record.phone}`;
        if (officeSeen.has(k)) {
          officeDuplicates++;
          return;
        }
        officeSeen.add(k);
        if (record.kind === 'constituency' && !fallbackPhone.has(record.politician_key))
          fallbackPhone.set(record.politician_key, record.phone);
      }
      insOffice.run({ ...record, politician_id: pid(record.politician_key), kind_order: OFFICE_KINDS.indexOf(record.kind), ord });
    });
    if (officeDuplicates) warnings.push(`offices.jsonl: ${officeDuplicates} duplicate (politician, kind, phone) rows dropped`);

    const insSocial = ins(
      `INSERT INTO socials VALUES (@politician_id, @platform, @handle, @url, @follower_count, @lifetime_post_count, @last_post_at, @last_profile_check_at, @last_verified_at, @is_live)`,
    );
    const socialUrls = new Map<string, Record<string, string>>();
    for (const { record } of records.socials) {
      insSocial.run({ ...record, politician_id: pid(record.politician_key), is_live: b(record.is_live) });
      if (record.is_live) {
        const urls = socialUrls.get(record.politician_key) ?? {};
        urls[record.platform] ??= record.url;
        socialUrls.set(record.politician_key, urls);
      }
    }

    const insPolitician = ins(
      `INSERT INTO politicians VALUES (@id, @key, @name, @first_name, @last_name, @honorific, @party, @elected_office, @level, @province_territory, @constituency_id, @constituency_name, @email, @phone, @fax, @constituency_office_address, @legislature_office_address, @photo_url, @personal_url, @official_url, @social_urls, @is_active, @status, @term_start_at, @term_end_at, @external_parliament_slug, @ab_assembly_mid, @last_verified_at, @name_folded, @office_folded, @sort_name)`,
    );
    const insTerm = ins(
      'INSERT INTO politician_terms VALUES (@politician_id, @ord, @start_at, @end_at, @elected_office, @constituency_id, @constituency_name, @party, @parliament_number, @observed)',
    );
    const ridings = joinRidings(
      records.politicians.map(({ record }) => record),
      records.boundaries.map(({ record }) => record),
    );
    for (const [why, n] of Object.entries(ridings.unjoined)) onProgress(`ridings: ${n} provincial term(s) without a boundary (${why})`);
    if (ridings.joined) onProgress(`ridings: ${ridings.joined} provincial term(s) joined to the map in force`);
    for (const { record: p } of records.politicians) {
      const id = politicianIds.get(p.key)!;
      const latest = latestTerm(p);
      const status = statusOf(p);
      insPolitician.run({
        ...p,
        id,
        honorific: p.honorific ?? honorificOf(p.name),
        phone: p.phone ?? fallbackPhone.get(p.key) ?? null,
        social_urls: json(socialUrls.get(p.key) ?? {}),
        is_active: b(p.is_active && !p.deceased),
        status,
        term_start_at: latest.start_at,
        term_end_at: status === 'sitting' ? null : latest.end_at,
        last_verified_at: p.updated_at ?? stamp,
        name_folded: fold(p.name),
        office_folded: fold(p.elected_office),
        sort_name: sortName(p.last_name, p.first_name, p.name),
      });
      p.terms.forEach((t, ord) => insTerm.run({ ...t, politician_id: id, ord, observed: b(t.observed) }));
    }
    onProgress(
      `wrote ${records.politicians.length} politicians, ${records.offices.length - officeDuplicates} offices, ${records.socials.length} social handles`,
    );

    const insPost = ins(
      `INSERT INTO posts VALUES (@id, @politician_id, @platform, @post_id, @posted_at, @text, @url, @media_urls, @engagement, @scraped_at, @funded_by, @funded_by_url)`,
    );
    for (const { record } of records.posts) {
      insPost.run({
        ...record,
        id: ids.post(record.platform, record.post_id),
        politician_id: pid(record.politician_key),
        media_urls: json(record.media_urls),
        engagement: record.engagement === null ? null : json(record.engagement),
      });
    }

    const insWebsite = ins(
      `INSERT INTO websites VALUES (@id, @politician_id, @url, @hostname, @label, @is_active, @last_scanned_at, @created_at, @updated_at, @scan)`,
    );
    for (const { record } of records.websites) {
      const latest = [...record.scans].sort((x, y) => (x.scanned_at < y.scanned_at ? 1 : -1))[0] ?? null;
      insWebsite.run({
        ...record,
        id: ids.website(record.politician_key, record.url),
        politician_id: pid(record.politician_key),
        hostname: hostnameOf(record.url),
        is_active: b(record.is_active),
        last_scanned_at: latest?.scanned_at ?? null,
        created_at: record.created_at ?? stamp,
        updated_at: record.updated_at ?? stamp,
        scan: latest ? json({ ...latest }) : null,
      });
    }
    onProgress(`wrote ${records.posts.length} posts, ${records.websites.length} websites`);

    const insBill =
      ins(`INSERT INTO bills (id, session_id, level, province_territory, bill_number, title, short_title, bill_type, status, status_changed_at, introduced_date, source_system, source_url, source_id, first_seen_at, updated_at, events_count, sponsors_count, search_folded)
      VALUES (@id, @session_id, @level, @province_territory, @bill_number, @title, @short_title, @bill_type, @status, @status_changed_at, @introduced_date, @source_system, @source_url, @source_id, @first_seen_at, @updated_at, @events_count, @sponsors_count, @search_folded)`);
    const insEvent = ins(
      `INSERT INTO bill_events VALUES (@id, @bill_id, @ord, @stage, @stage_label, @event_type, @outcome, @committee_name, @event_date, @source_url, @created_at)`,
    );
    const insSponsor = ins(
      `INSERT INTO bill_sponsors VALUES (@id, @bill_id, @politician_id, @sponsor_name_raw, @role, @ordering, @created_at)`,
    );
    const billIds = new Map<string, string>();
    let events = 0,
      sponsors = 0;
    for (const { record: bill } of records.bills) {
      const session = sessions.get(bill.session_key)!;
      const id = ids.bill(bill.session_key, bill.bill_number);
      billIds.set(`${bill.session_key}\u001f${bill.bill_number}`, id);
      insBill.run({
        ...bill,
        id,
        session_id: sessionIds.get(bill.session_key),
        level: session.level,
        province_territory: session.province_territory,
        first_seen_at: bill.first_seen_at ?? stamp,
        updated_at: bill.updated_at ?? stamp,
        events_count: bill.events.length,
        sponsors_count: bill.sponsors.length,
        search_folded: fold(
          [bill.title, bill.short_title ?? '', bill.bill_number, bill.title_fr ?? '', bill.short_title_fr ?? ''].join('\u0001'),
        ),
      });
      bill.events.forEach((e, ord) =>
        insEvent.run({
          ...e,
          id: ids.billEvent(id, e.stage, e.event_date, e.event_type, e.committee_name),
          bill_id: id,
          ord,
          created_at: e.created_at ?? stamp,
        }),
      );
      bill.sponsors.forEach((s) =>
        insSponsor.run({
          ...s,
          id: ids.billSponsor(id, s.ordering),
          bill_id: id,
          politician_id: pid(s.politician_key),
          created_at: s.created_at ?? stamp,
        }),
      );
      events += bill.events.length;
      sponsors += bill.sponsors.length;
    }
    onProgress(`wrote ${records.bills.length} bills, ${events} events, ${sponsors} sponsors`);

    const insVote = ins(
      `INSERT INTO votes VALUES (@id, @key, @session_id, @level, @province_territory, @bill_id, @vote_type, @occurred_at, @result, @ayes, @nays, @abstentions, @motion_text, @source_system, @source_url, @created_at, @updated_at, @positions_count)`,
    );
    const insPosition = ins(
      `INSERT INTO vote_positions VALUES (@id, @vote_id, @politician_id, @politician_name_raw, @party_at_time, @constituency_at_time, @position, @position_order, @sort_name)`,
    );
    let positions = 0;
    for (const { record: vote } of records.votes) {
      const session = sessions.get(vote.session_key)!;
      const id = ids.vote(vote.key);
      insVote.run({
        ...vote,
        id,
        session_id: sessionIds.get(vote.session_key),
        level: session.level,
        province_territory: session.province_territory,
        bill_id: vote.bill_number === null ? null : billIds.get(`${vote.session_key}\u001f${vote.bill_number}`),
        created_at: vote.created_at ?? stamp,
        updated_at: vote.updated_at ?? stamp,
        positions_count: vote.positions.length,
      });
      for (const p of vote.positions) {
        const politician = p.politician_key === null ? null : politicianByKey.get(p.politician_key)!;
        insPosition.run({
          ...p,
          id: ids.votePosition(id, p.politician_key ?? `raw:${p.politician_name_raw}`),
          vote_id: id,
          politician_id: pid(p.politician_key),
          position_order: POSITIONS.indexOf(p.position),
          sort_name: politician ? fold(politician.name) : fold(p.politician_name_raw),
        });
      }
      positions += vote.positions.length;
    }
    db.exec(`UPDATE bills SET votes_count = (SELECT count(*) FROM votes WHERE votes.bill_id = bills.id)`);
    onProgress(`wrote ${records.votes.length} votes, ${positions} positions`);

    const refs: SpeechRefs = { sessionId: (key) => sessionIds.get(key), politicianId: pid };
    const carried =
      previous !== null &&
      carrySpeeches(
        db,
        previous,
        { digests: bundle.digests, speechCount: records.speeches.length, sample: bundle.speechSample, refs },
        onProgress,
      );
    if (!carried) {
      const insSpeech = ins(INSERT_SPEECH_SQL);
      for (const { record } of records.speeches) insSpeech.run(speechRow(record, refs));
    }
    db.exec(SPEECH_INDEXES_SQL);
    writeCommitteeMeetings(db);
    onProgress(`wrote ${records.speeches.length} speeches`);
    const written = writeChunks(db, onProgress, { ...chunkStep, carried });
    // A previous file's boundaries are copied when they are this build's (geo/reuse-boundaries.ts).
    const carryGeo =
      previous !== null
        ? { carry: (d: typeof db, rows: typeof records.boundaries) => carryBoundaries(d, bundle.digests, rows, onProgress) }
        : null;
    warnings.push(...writeBoundaries(db, records.boundaries, onProgress, carryGeo, chunkStep?.workers).warnings);
    warnings.push(...writePostcodes(db, records, stamp, onProgress).warnings);

    writeTextIndexes(db);
    onProgress('wrote the q indexes of bills and politicians');
    if (previous !== null) {
      const carried = Object.entries(carryFirstSeen(db))
        .map(([t, n]) => `${t} ${n}`)
        .join(', ');
      onProgress(`first-seen dates kept from the previous file: ${carried || 'none (another layout)'}`);
    }
    computeCoverageCounts(db);
    return written;
  })();
  // A previous file's keyword index is copied by SQLite itself, which needs the transaction over.
  if (chunked.keywordIndexFrom) copyPreviousKeywordIndex(db, chunked.keywordIndexFrom, onProgress);
  if (previous !== null) detachPrevious(db);

  const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`).pluck().all() as string[];
  const attribution = measureAttribution(db);
  const rowCounts = Object.fromEntries(
    tables.filter((t) => t !== 'build').map((t) => [t, db.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number]),
  );
  db.prepare(
    `INSERT INTO build VALUES (@id, @built_at, @schema_version, @source_format_version, @dataset_name, @is_demo, @extracted_at, @description, @sources, @source_digests, @row_counts, @attribution, @warnings)`,
  ).run({
    id: buildId,
    built_at: builtAt,
    schema_version: SCHEMA_VERSION,
    source_format_version: SOURCE_FORMAT_VERSION,
    dataset_name: manifest.name,
    is_demo: b(manifest.demo),
    extracted_at: manifest.extracted_at,
    description: manifest.description,
    sources: json(manifest.sources),
    source_digests: json(bundle.digests),
    row_counts: json(rowCounts),
    attribution: json(attribution),
    warnings: json(warnings),
  });
  db.exec('ANALYZE');
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
  db.close();
  return { rowCounts, attribution, warnings };
}

function copyPreviousKeywordIndex(db: Database.Database, previous: string, onProgress: (msg: string) => void) {
  const started = performance.now();
  try {
    const { rows } = copyKeywordIndex(db, onProgress);
    onProgress(`copied the keyword index of ${previous} (${rows} rows) in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  } catch (err) {
    throw new Error(`--reuse ${previous}: ${(err as Error).message}`, { cause: err });
  }
}

/** One meeting per meeting_url of the committee speeches, dated in the legislature's time zone. */
function writeCommitteeMeetings(db: Database.Database) {
  const meetings = db
    .prepare(`SELECT meeting_url, min(level) AS level, min(province_territory) AS province_territory,
      min(source_system) AS source_system, min(spoken_at) AS first_spoken_at, max(spoken_at) AS last_spoken_at, count(*) AS speech_count
    FROM speeches WHERE speech_type = 'committee' GROUP BY meeting_url`)
    .all() as Array<{ level: string; province_territory: string | null; first_spoken_at: string }>;
  const ins = db.prepare(
    `INSERT INTO committee_meetings VALUES (@meeting_url, @level, @province_territory, @source_system, @date, @first_spoken_at, @last_spoken_at, @speech_count)`,
  );
  for (const m of meetings) {
    const jurisdiction = (m.level === 'federal' ? 'federal' : m.province_territory) as Jurisdiction;
    ins.run({ ...m, date: localDate(m.first_spoken_at, jurisdiction) });
  }
}

/**
 * Coverage counts use exactly the filters of the list endpoints (federal = level federal; a province
 * = level provincial and that province; politicians sitting), so they always agree with them.
 */
function computeCoverageCounts(db: Database.Database) {
  // One grouped pass over each table: a count per jurisdiction as a correlated subquery read the
  // speeches once for each of the 14 (8 s at 1 M speeches, ~70 s at 8 M).
  const jurisdictionOf = `CASE t.level WHEN 'federal' THEN 'federal' WHEN 'provincial' THEN t.province_territory END`;
  for (const [table, where] of [
    ['bills', '1'],
    ['votes', '1'],
    ['speeches', '1'],
    ['politicians', "t.status = 'sitting'"],
  ] as const) {
    db.exec(`UPDATE jurisdictions SET ${table}_count = c.n
      FROM (SELECT ${jurisdictionOf} AS jurisdiction, count(*) AS n FROM ${table} t WHERE ${where} GROUP BY 1) AS c
      WHERE c.jurisdiction = jurisdictions.jurisdiction`);
  }
  const match = `((jurisdictions.jurisdiction = 'federal' AND t.level = 'federal')
    OR (t.level = 'provincial' AND t.province_territory = jurisdictions.jurisdiction))`;
  // A status claims coverage of what the file holds: where it holds nothing of a kind, that status is
  // none (blocked stays: it says why nothing is held).
  db.exec(`UPDATE jurisdictions SET
    bills_status = CASE WHEN bills_count = 0 AND bills_status <> 'blocked' THEN 'none' ELSE bills_status END,
    votes_status = CASE WHEN votes_count = 0 AND votes_status <> 'blocked' THEN 'none' ELSE votes_status END,
    hansard_status = CASE WHEN speeches_count = 0 AND hansard_status <> 'blocked' THEN 'none' ELSE hansard_status END,
    committees_status = CASE WHEN committees_status <> 'blocked' AND NOT EXISTS (SELECT 1 FROM committee_meetings t WHERE ${match})
      THEN 'none' ELSE committees_status END`);
  // A roster on file is at least partial coverage of the members; with nobody sitting it is none.
  db.exec(`UPDATE jurisdictions SET politicians_status = CASE WHEN politicians_count = 0 THEN 'none'
    WHEN politicians_status = 'none' THEN 'partial' ELSE politicians_status END`);
}
