// `canpol import ns-bills`: Nova Scotia's bills from the province's open-data portal (Socrata dataset
// iz5x-dzyf, "Bills introduced in the Nova Scotia Legislature", Open Government Licence – Nova Scotia)
// → bills of every session it lists, each with its latest status as one dated event. The dataset
// names no sponsor and no earlier stage, so none is written; a row it cannot read is reported by
// file, row and field.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { importStats } from '../import-stats.js';
import type { ImportContext, Importer, ImportOutput, ReuseTerms, SourceInput } from '../types.js';
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
  const { stats, add } = importStats({ files: 0, rows: 0, bills: 0, events: 0, statuses_not_a_stage: 0 });
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
  add('bills', bills.size);
  // A session is dated by the earliest status date among its bills: the dataset prints no session dates.
  for (const b of bills.values()) {
    const s = sessions.get(b.session_key)!;
    const d = b.events?.[0]?.event_date;
    if (d && (!s.start || d < s.start)) s.start = d;
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
            notes: `Nova Scotia bills: ${written.length} from the open-data portal (Open Government Licence – Nova Scotia), ${dated.length} session(s); each with its latest status only (the dataset has no stage history and names no sponsor).`,
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
  datasetDir: 'ns-bills',
  optional: 'not in the shared datasets: fetched by the nightly (source ns-bills-socrata)',
  run: importNsBills,
};
