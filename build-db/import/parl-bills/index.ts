// `canpol import legisinfo-bills`: LEGISinfo's record of every federal bill, 35-1 (1994) to 45-1
// (bills_metadata.jsonl.gz, one metadata.xml per line) → bills with their stage events and sponsor,
// the sessions they belong to, the recorded divisions named on them (totals only), and the
// English/French title pairs (parallel_texts) the search encoder learns from.
// Kind `legisinfo-bills`; the folder is named parl-bills (no path may contain the upstream's name).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { billCounts } from './bill-counts.js';
import { describeImport } from './describe-import.js';
import { billUrl, identify, mapBill } from './map-bill.js';
import { mapDivisions } from './map-divisions.js';
import { mapEvents } from './map-events.js';
import { SessionSpans } from './map-session.js';
import { SponsorPeople } from './sponsor-people.js';
import { loadFederalRidings } from '../people/federal-ridings.js';
import { readBill, type RawBill } from './read-bill.js';
import { listFolder, readFolder } from './read-folder.js';
import { BILLS_FILE, isProblem, readLines, recordName } from './read-lines.js';
import { DistinctPairs, titlePairs, type TitlePair } from './title-pairs.js';

type Bill = SourceInput<'bills'>;
type Vote = SourceInput<'votes'>;

export function importParlBills(from: string, ctx: ImportContext): ImportOutput {
  const stats: Record<string, number> = {};
  const add = (k: string, n = 1) => {
    if (n) stats[k] = (stats[k] ?? 0) + n;
  };
  const skip = (record: string, reason: string, detail?: string) =>
    ctx.skip({ file: BILLS_FILE, record, reason, ...(detail ? { detail } : {}) });

  // Per-bill counts are added once the bill is known to be written (its session may prove undated).
  const bills: Array<{ bill: Bill; record: string; counts: Record<string, number>; pairs: TitlePair[] }> = [];
  const votes: Vote[] = [];
  const voteKeys = new Map<string, string>();
  const seen = new Map<string, string>();
  const spans = new SessionSpans();
  const sponsorPeople = new SponsorPeople(ctx.identity, loadFederalRidings(dirname(from)));

  // LEGISinfo's per-bill exports as the nightly fetches them come first; the bill pack (one line per
  // bill) after, for what the exports lack. Either alone is a complete source.
  const path = join(from, BILLS_FILE);
  const listed = listFolder(from);
  const lines = existsSync(path) ? readLines(readFileSync(path)) : [];
  if (!existsSync(path) && !listed.length) skip('whole file', 'file missing', path);
  const fromFolder = new Set(listed.map((f) => `${f.session} ${f.bill}`));

  // Chained, not spread: either source is ~230 MB of XML, read one record at a time.
  function* both() {
    yield* readFolder(from, listed);
    yield* lines;
  }
  for (const item of both()) {
    if (isProblem(item)) {
      skip(recordName(item.line, item.session, item.bill), item.reason, item.detail);
      continue;
    }
    if (!('path' in item) && fromFolder.has(`${item.session} ${item.bill}`)) {
      add('pack_lines_superseded_by_export');
      continue;
    }
    const record = 'path' in item ? (item as { path: string }).path : recordName(item.line, item.session, item.bill);
    let raw: RawBill | null;
    try {
      raw = readBill(item.xml);
    } catch (e) {
      skip(record, 'unreadable XML', String(e));
      continue;
    }
    if (!raw) {
      skip(record, 'XML without <Bills><Bill>');
      continue;
    }
    const who = identify(raw, item);
    if (!who.ok) {
      skip(record, who.reason, who.detail);
      continue;
    }
    const id = who.id;
    const billKey = `${id.parliament}-${id.session} ${id.number}`;
    if (seen.has(billKey)) {
      skip(record, 'second record for the same bill', `first at ${seen.get(billKey)}`);
      continue;
    }

    const url = billUrl(id);
    const ev = mapEvents(raw, url);
    const mapped = mapBill(raw, id, ev.introducedDate);
    if (!mapped.ok) {
      skip(record, mapped.reason, mapped.detail);
      continue;
    }
    seen.set(billKey, record);
    for (const p of ev.problems) skip(record, p.reason, p.detail);
    for (const n of mapped.notes) skip(record, 'unreadable bill date left empty', n);
    const sponsors = sponsorPeople.sponsors(raw.sponsor, mapped.bill.introduced_date ?? null, id.parliament, raw.sessionOngoing);
    const bill: Bill = { ...mapped.bill, events: ev.events, sponsors };
    bills.push({ bill, record, counts: billCounts(raw, bill, ev.counts), pairs: titlePairs(raw) });

    const voteDates: string[] = [];
    for (const d of mapDivisions(raw.divisions, id, url)) {
      if (!d.ok) {
        skip(record, d.reason, d.detail);
        continue;
      }
      const other = voteKeys.get(d.vote.key);
      if (other) {
        skip(record, 'division already read from another bill', `${d.vote.key} (first at ${other})`);
        continue;
      }
      voteKeys.set(d.vote.key, record);
      votes.push(d.vote);
      voteDates.push(d.vote.occurred_at.slice(0, 10));
      add('divisions_with_totals');
      add('division_members_paired_in_no_total', d.paired);
      if (d.vote.result === 'tied') add('divisions_tied');
    }
    spans.add(
      id.parliament,
      id.session,
      [mapped.bill.introduced_date ?? null, ...ev.events.map((e) => e.event_date), ...voteDates],
      raw.sessionOngoing,
    );
  }

  // A session needs a start date; one whose bills carry no date at all cannot be written, nor its bills.
  const { sessions, undated } = spans.records();
  const noSession = new Set(undated);
  const kept: Bill[] = [];
  const titles = new DistinctPairs();
  for (const { bill, record, counts, pairs } of bills) {
    if (noSession.has(bill.session_key)) {
      skip(record, 'session without any dated event', bill.session_key);
      continue;
    }
    kept.push(bill);
    titles.add(pairs);
    for (const [k, n] of Object.entries(counts)) add(k, n);
  }
  const keptVotes = votes.filter((v) => !noSession.has(v.session_key));
  const people = sponsorPeople.people();
  for (const [k, n] of Object.entries(people.stats)) add(k, n);
  for (const { bill, record } of bills) {
    for (const s of bill.sponsors ?? []) {
      const moved = s.politician_key ? people.relinked.get(s.politician_key.split('/').pop()!) : undefined;
      if (moved) {
        skip(record, moved.reason, moved.detail);
        s.politician_key = moved.key;
      } else if (!s.politician_key)
        skip(record, 'sponsor unlinked: no PersonId, and the name matches nobody serving that day', s.sponsor_name_raw);
    }
  }
  stats.bills = kept.length;
  stats.sessions = sessions.length;
  stats.distinct_title_pairs = titles.pairs.length;

  ctx.log(`${kept.length} bills in ${sessions.length} sessions, ${stats.events ?? 0} events, ${keptVotes.length} divisions`);
  return {
    records: { sessions, bills: kept, votes: keptVotes, parallel_texts: titles.pairs, politicians: people.politicians },
    ...describeImport(
      from,
      sessions.map((x) => x.key),
      kept.length,
      keptVotes.length,
    ),
    stats: Object.fromEntries(Object.entries(stats).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))),
  };
}

export const parlBillsImporter: Importer = {
  kind: 'legisinfo-bills',
  summary: 'LEGISinfo federal bills (1994-) → bills, stage events, sponsors, sessions, division totals',
  datasetDir: 'legisinfo-bills',
  run: importParlBills,
};
