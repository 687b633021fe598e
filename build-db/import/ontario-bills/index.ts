// `canpol import ontario-bills`: ola.org's bills as the nightly (source ola-bills) stores them —
// `bills/parliament-{P}-session-{S}.html` (each session's listing: number, title, sponsors),
// `bills/{P}-{S}/bill-{N}-status.html` (each bill's stages with their dates) and `house-documents.html`
// (the sessions with their dates) → bills with events and sponsors, and the sessions no other part
// holds. Sponsors are linked by name among Ontario members serving on the bill's first reading.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BillStage } from '../../../src/core/domain/enums.js';
import { unlinkedReason } from '../identity.js';
import { importStats } from '../import-stats.js';
import { ONTARIO_TERMS, ONTARIO_TERMS_NOTE, ONTARIO_TERMS_URL } from '../ontario-hansard/index.js';
import { sessionRecord } from '../ontario-hansard/records.js';
import { splitListedName } from '../ontario-members/roster.js';
import { sessionDates } from '../ontario-members/parliaments.js';
import type { Importer, ImportContext, ImportOutput, SourceInput } from '../types.js';
import { readBillListing, readStatusPage, type StatusRow } from './pages.js';

const LISTING = /^parliament-(\d+)-session-(\d+)\.html?$/;
const SOURCE_SYSTEM = 'ola-bills';
type Bill = SourceInput<'bills'>;

/** The Assembly's stage labels → the spec's stages; anything else is counted, not stored. */
function stageOf(label: string): BillStage | null {
  const l = label.toLowerCase();
  if (/\bfirst reading\b/.test(l)) return 'first_reading';
  if (/\bsecond reading\b/.test(l)) return 'second_reading';
  if (/\bthird reading\b/.test(l)) return 'third_reading';
  if (/\broyal assent\b/.test(l)) return 'royal_assent';
  if (/\bwithdrawn\b/.test(l)) return 'withdrawn';
  if (/\bcommittee\b/.test(l)) return 'committee';
  return null;
}

const statusUrl = (path: string) => `https://www.ola.org${path}/status`;

export function importOntarioBills(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({
    listings: 0,
    bills: 0,
    events: 0,
    status_pages_missing: 0,
    sponsors_linked: 0,
    rows_not_a_stage: 0,
  });
  const billsDir = join(from, 'bills');
  const roster = ctx.identity.hasRoster('provincial', 'ON');
  const bills: Bill[] = [];
  const sessionsSeen = new Map<string, { parliament: number; session: number; first: string | null }>();
  for (const name of existsSync(billsDir)
    ? readdirSync(billsDir)
        .filter((f) => LISTING.test(f))
        .sort()
    : []) {
    const file = `bills/${name}`;
    const [, p, s] = LISTING.exec(name)!.map(Number);
    const listed = readBillListing(readFileSync(join(billsDir, name), 'utf8')).filter((b) => b.parliament === p && b.session === s);
    add('listings');
    if (!listed.length) {
      ctx.skip({
        file,
        record: 'whole file',
        reason: 'bills listing without a bill of its session',
        detail: `parliament ${p}, session ${s}`,
      });
      continue;
    }
    for (const b of listed) {
      const record = `Bill ${b.number}`;
      const statusFile = `bills/${p}-${s}/bill-${b.number.toLowerCase()}-status.html`;
      let rows: StatusRow[] = [];
      if (existsSync(join(from, statusFile))) {
        const read = readStatusPage(readFileSync(join(from, statusFile), 'utf8'));
        if (read === null) ctx.skip({ file: statusFile, record, reason: 'status page without its table (no "Bill stage" column)' });
        else rows = read;
      } else add('status_pages_missing');
      const events: NonNullable<Bill['events']> = [];
      for (const r of rows) {
        const stage = stageOf(r.stage);
        if (!stage) {
          add('rows_not_a_stage');
          continue;
        }
        if (!r.date) {
          ctx.skip({ file: statusFile, record: `${record}: ${r.stage}`, reason: 'stage without a readable date', detail: r.dateText });
          continue;
        }
        events.push({
          stage,
          stage_label: r.stage,
          event_type: r.activity,
          outcome: r.outcome,
          committee_name: r.committee,
          event_date: r.date,
          source_url: statusUrl(b.path),
        });
      }
      events.sort((x, y) => x.event_date.localeCompare(y.event_date));
      const introduced = events.find((e) => e.stage === 'first_reading')?.event_date ?? null;
      const sponsors = b.sponsors.map((raw, i) => {
        const split = splitListedName(raw);
        let key: string | null = null;
        if (!roster) ctx.skip({ file, record, reason: 'sponsor unlinked: no Ontario member roster in the bundle', detail: raw });
        else if (split) {
          const r = ctx.identity.resolve(SOURCE_SYSTEM, {
            name: `${split.first} ${split.last}`,
            on: introduced,
            level: 'provincial',
            province: 'ON',
          });
          if (r.key !== null) {
            key = r.key;
            add('sponsors_linked');
          } else
            ctx.skip({
              file,
              record,
              reason: unlinkedReason('sponsor', r.reason, 'Ontario members', ' serving on the first reading'),
              detail: raw,
            });
        } else ctx.skip({ file, record, reason: 'sponsor unlinked: name not "Last, First"', detail: raw });
        return {
          politician_key: key,
          sponsor_name_raw: raw,
          role: i === 0 ? ('sponsor' as const) : ('co_sponsor' as const),
          ordering: i + 1,
        };
      });
      const last = events.at(-1);
      bills.push({
        session_key: `on/session/${p}-${s}`,
        bill_number: b.number,
        title: b.title,
        bill_type: b.number.startsWith('Pr') ? 'Private bill' : 'Public bill',
        status: last ? `${last.stage_label}${last.outcome ? `: ${last.outcome}` : last.event_type ? `: ${last.event_type}` : ''}` : null,
        introduced_date: introduced,
        source_system: SOURCE_SYSTEM,
        source_url: `https://www.ola.org${b.path}`,
        source_id: `${p}-${s}/${b.number}`,
        events,
        sponsors,
      });
      add('bills');
      add('events', events.length);
      const seen = sessionsSeen.get(`${p}-${s}`);
      const first = events[0]?.event_date ?? null;
      if (!seen) sessionsSeen.set(`${p}-${s}`, { parliament: p, session: s, first });
      else if (first && (!seen.first || first < seen.first)) seen.first = first;
    }
  }
  // The sessions of these bills that no other part holds, dated by the House documents page (else by the earliest event).
  const held = new Set((ctx.existing.sessions ?? []).map((x) => x.key));
  const dated = existsSync(join(from, 'house-documents.html'))
    ? sessionDates(readFileSync(join(from, 'house-documents.html'), 'utf8'))
    : new Map();
  const sessions: Array<SourceInput<'sessions'>> = [];
  for (const [k, s] of sessionsSeen) {
    const key = `on/session/${k}`;
    if (held.has(key)) continue;
    const d = dated.get(k);
    const start = d?.start ?? s.first;
    if (!start) {
      for (const b of bills.filter((x) => x.session_key === key))
        ctx.skip({
          file: `bills/parliament-${s.parliament}-session-${s.session}.html`,
          record: `Bill ${b.bill_number}`,
          reason: 'bill of a session with no date on file',
        });
      continue;
    }
    sessions.push({ ...sessionRecord(s.parliament, s.session, start), ...(d?.end ? { end_date: d.end } : {}) });
  }
  const known = new Set([...held, ...sessions.map((x) => x.key)]);
  const kept = bills.filter((b) => known.has(b.session_key));
  return {
    records: { bills: kept, ...(sessions.length ? { sessions } : {}) },
    sources: [
      {
        id: SOURCE_SYSTEM,
        version: `${kept.length} bills of ${sessionsSeen.size} session(s)`,
        url: 'https://www.ola.org/en/legislative-business/bills',
        licence: ONTARIO_TERMS,
      },
    ],
    coverage: kept.length
      ? [
          {
            jurisdiction: 'ON',
            bills: 'partial',
            source_urls: {
              bills: 'https://www.ola.org/en/legislative-business/bills',
              terms: ONTARIO_TERMS_URL,
            },
            notes: `Ontario bills: ${kept.length} bills of ${sessionsSeen.size} session(s) from the Assembly's bills listings and status pages (stages with their dates, sponsors). ${ONTARIO_TERMS_NOTE}`,
          },
        ]
      : [],
    stats,
  };
}

export const ontarioBillsImporter: Importer = {
  kind: 'ontario-bills',
  summary: 'Ontario bills (ola.org listings and status pages) → bills with stages and sponsors',
  datasetDir: 'ontario-bills',
  terms: { commercial: 'forbidden', summary: ONTARIO_TERMS },
  optional: 'not in ../shared/datasets: the nightly fetches it from ola.org (source ola-bills)',
  run: importOntarioBills,
};
