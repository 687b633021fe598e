// `canpol import ns-bills`: Nova Scotia's bills from the province's open-data portal (Socrata dataset
// iz5x-dzyf, "Bills introduced in the Nova Scotia Legislature", Open Government Licence – Nova Scotia)
// → bills of every session it lists, each with its latest status as one dated event; the Hansard
// pages beside them (the nightly's ns-hansard source, same folder) add each bill's introduction as
// printed — the first reading's date, the introducer as sponsor, the long title. The dataset itself
// names no sponsor and no earlier stage. A row it cannot read is reported by file, row and field.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { importStats } from '../import-stats.js';
import type { ImportContext, Importer, ImportOutput, ReuseTerms, SourceInput } from '../types.js';
import { unlinkedReason } from '../identity.js';
import { readIntroductions } from './introductions.js';
import { nsStage, readNsBillRow } from './soda-rows.js';

export const NS_BILLS_DATASET =
  'https://data.novascotia.ca/Government-Administration/Bills-introduced-in-the-Nova-Scotia-Legislature/iz5x-dzyf';
const NS_OGL: ReuseTerms = {
  commercial: 'allowed',
  summary: 'Open Government Licence – Nova Scotia: reuse, including commercial, with the attribution the licence gives',
};
const sessionKey = (a: number, s: number) => `ns/session/${a}-${s}`;
const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

export function importNsBills(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({
    files: 0,
    rows: 0,
    bills: 0,
    events: 0,
    statuses_not_a_stage: 0,
    introductions: 0,
    introduced_without_a_row: 0,
    sponsors_linked: 0,
  });
  const bills = new Map<string, SourceInput<'bills'>>();
  const sessions = new Map<string, { assembly: number; session: number; start: string | null }>();
  const files = readdirSync(from)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const file of files) {
    let rows: unknown;
    try {
      rows = JSON.parse(readFileSync(join(from, file), 'utf8'));
    } catch (err) {
      ctx.skip({ file, record: 'whole file', reason: 'not JSON', detail: (err as Error).message });
      continue;
    }
    if (!Array.isArray(rows)) {
      ctx.skip({ file, record: 'whole file', reason: 'not a SODA answer (a JSON array of rows)' });
      continue;
    }
    add('files');
    rows.forEach((raw, i) => {
      add('rows');
      const row = readNsBillRow(raw);
      const record = `row ${i + 1}`;
      if ('problem' in row) {
        ctx.skip({ file, record, reason: `row unreadable: ${row.field}`, detail: row.problem });
        return;
      }
      const key = sessionKey(row.assembly, row.session);
      const id = `${key}/${row.number}`;
      if (bills.has(id)) {
        ctx.skip({
          file,
          record: `${record} (Bill ${row.number}, ${row.assembly}-${row.session})`,
          reason: 'second row for the same bill',
        });
        return;
      }
      const stage = row.status ? nsStage(row.status) : null;
      if (row.status && !stage) add('statuses_not_a_stage');
      const events: NonNullable<SourceInput<'bills'>['events']> =
        stage && row.statusDate ? [{ stage, stage_label: row.status!, event_date: row.statusDate, source_url: row.url }] : [];
      add('events', events.length);
      bills.set(id, {
        session_key: key,
        bill_number: row.number,
        title: row.title,
        bill_type: 'Bill',
        status: row.status,
        status_changed_at: row.statusDate ? wallClockTimestamp(row.statusDate, 0, 'NS') : null,
        introduced_date: stage === 'first_reading' ? row.statusDate : null,
        source_system: 'ns-bills',
        source_url: row.url ?? row.firstReadingText,
        source_id: `iz5x-dzyf:assembly-${row.assembly}-session-${row.session}:${row.number}`,
        events,
        sponsors: [],
      });
      if (!sessions.has(key)) sessions.set(key, { assembly: row.assembly, session: row.session, start: null });
    });
  }
  // Introductions printed in Hansard: the first reading and its introducer; a bill the dataset does
  // not list yet (a sitting newer than its last refresh) is written from Hansard alone.
  const roster = ctx.identity.hasRoster('provincial', 'NS');
  for (const [id, i] of readIntroductions(from)) {
    add('introductions');
    const key = sessionKey(i.assembly, i.session);
    let bill = bills.get(id);
    if (!bill) {
      add('introduced_without_a_row');
      bill = {
        session_key: key,
        bill_number: i.number,
        title: i.title,
        bill_type: 'Bill',
        status: null,
        source_system: 'ns-bills',
        source_url: i.url,
        events: [],
        sponsors: [],
      };
      bills.set(id, bill);
      if (!sessions.has(key)) sessions.set(key, { assembly: i.assembly, session: i.session, start: null });
    } else if (bill.title !== i.title) {
      // The dataset's title is the short one ("Powering the Economy Act"); Hansard prints the Act's.
      bill.short_title = bill.title;
      bill.title = i.title;
    }
    if (!bill.events?.some((e) => e.stage === 'first_reading' && e.event_date === i.date)) {
      bill.events = [
        { stage: 'first_reading', stage_label: 'First Reading', event_date: i.date, source_url: i.url },
        ...(bill.events ?? []),
      ];
      add('events');
    }
    bill.introduced_date = i.date;
    let politician: string | null = null;
    if (roster) {
      const r = ctx.identity.resolve('ns-bills', { name: i.member, on: i.date, level: 'provincial', province: 'NS' });
      if (r.key !== null) {
        politician = r.key;
        add('sponsors_linked');
      } else
        ctx.skip({
          file: i.file,
          record: `Bill ${i.number} (${i.member})`,
          reason: unlinkedReason('sponsor', r.reason, 'Nova Scotia members'),
        });
    } else
      ctx.skip({ file: i.file, record: `Bill ${i.number} (${i.member})`, reason: 'sponsor unlinked: no Nova Scotia roster in the bundle' });
    bill.sponsors = [{ politician_key: politician, sponsor_name_raw: i.member, role: 'sponsor', ordering: 1 }];
  }
  add('bills', bills.size);
  // A session is dated by the earliest status date among its bills: the dataset prints no session dates.
  for (const b of bills.values()) {
    const s = sessions.get(b.session_key)!;
    for (const e of b.events ?? []) if (!s.start || e.event_date < s.start) s.start = e.event_date;
  }
  const dated: Array<SourceInput<'sessions'>> = [];
  for (const [key, s] of sessions) {
    if (!s.start) {
      ctx.skip({ file: files.join(' '), record: key, reason: 'session with no dated bill: its bills are not written' });
      continue;
    }
    dated.push({
      key,
      level: 'provincial',
      province_territory: 'NS',
      parliament_number: s.assembly,
      session_number: s.session,
      name: `${ordinal(s.assembly)} General Assembly, Session ${s.session}`,
      start_date: s.start,
    });
  }
  const written = [...bills.values()].filter((b) => sessions.get(b.session_key)?.start);
  return {
    records: { bills: written, sessions: dated },
    sources: [{ id: 'ns-bills-socrata', version: `${stats.rows} rows`, url: NS_BILLS_DATASET, licence: NS_OGL.summary }],
    coverage: written.length
      ? [
          {
            jurisdiction: 'NS',
            bills: 'partial',
            source_urls: { bills: NS_BILLS_DATASET },
            notes: `Nova Scotia bills: ${written.length} from the open-data portal (Open Government Licence – Nova Scotia), ${dated.length} session(s), each with its latest status (the dataset has no stage history and names no sponsor); ${stats.introductions} with the first reading and the introducer as printed in Hansard (${stats.sponsors_linked} sponsors linked).`,
          },
        ]
      : [],
    stats,
  };
}

export const nsBillsImporter: Importer = {
  terms: NS_OGL,
  kind: 'ns-bills',
  summary: "Nova Scotia bills from the province's open-data API (Socrata iz5x-dzyf) → bills with their latest status",
  // The Hansard pages' folder: the nightly stores the dataset's answer beside the sittings.
  datasetDir: 'ns-hansard',
  optional: 'not in the shared datasets: fetched by the nightly (sources ns-bills-socrata and ns-hansard)',
  run: importNsBills,
};
