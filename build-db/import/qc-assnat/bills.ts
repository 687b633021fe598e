// `canpol import qc-bills`: the Assemblée nationale's bills — the open-data list (projets-de-loi.csv,
// every bill of the sessions it covers, its last stage and date) and, when fetched, each bill's page
// (projet-loi-{n}-{leg}-{sess}.html: every stage with its sittings, and the author by member id).
// A bill is keyed by the session it was presented in; one carried into a later session is one bill.
// Titles are French (the Assembly publishes bills in French first).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BillStage } from '../../../src/core/domain/enums.js';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { importStats } from '../import-stats.js';
import type { ImportContext, Importer, ImportOutput, SourceInput } from '../types.js';
import { readQcBillPage, type QcBillPage } from './bill-page.js';
import { QC_BILL_COLUMNS, readQcBillRows, type QcBillRow } from './bill-rows.js';
import { QC_REUSE, QC_TERMS } from './files.js';

const CSV_FILE = 'projets-de-loi.csv';
const PAGE_FILE = /^projet-loi-(\d+)-(\d+)-(\d+)\.html?$/;
export const QC_BILLS_DATASET = 'https://www.donneesquebec.ca/recherche/dataset/projets-de-loi';
const pageUrl = (n: string, l: number, s: number) =>
  `https://www.assnat.qc.ca/fr/travaux-parlementaires/projets-loi/projet-loi-${n}-${l}-${s}.html`;
const sessionKey = (l: number, s: number) => `qc/session/${l}-${s}`;

/** The stages on a bill's page, as the spec's: the presentation is the first reading, the adoption in principle the second, the final adoption the third. */
const PAGE_STAGES: Record<string, BillStage> = {
  Présentation: 'first_reading',
  'Consultations particulières': 'committee',
  'Consultation générale': 'committee',
  'Dépôt du rapport de commission - Consultation': 'committee',
  'Adoption du principe': 'second_reading',
  'Étude détaillée en commission': 'committee',
  'Dépôt du rapport de commission - Étude détaillée': 'committee',
  'Prise en considération du rapport de commission': 'committee',
  Adoption: 'third_reading',
  Sanction: 'royal_assent',
};
/** The list's codes for the last stage passed, with the page's name for each. */
const CSV_STAGES: Record<string, { stage: BillStage; label: string }> = {
  presentation: { stage: 'first_reading', label: 'Présentation' },
  depot_commission_consultation: { stage: 'committee', label: 'Consultations particulières' },
  adoption_principe: { stage: 'second_reading', label: 'Adoption du principe' },
  depot_commission_etude_detaillee: { stage: 'committee', label: 'Étude détaillée en commission' },
  sanction: { stage: 'royal_assent', label: 'Sanction' },
};
const dash = (s: string) => s.replace(/\s+[–—]\s+/g, ' - ');

type Events = NonNullable<SourceInput<'bills'>['events']>;

function pageEvents(page: QcBillPage, file: string, ctx: ImportContext, add: (k: string, n?: number) => void): Events {
  const events: Events = [];
  for (const e of page.stages) {
    const stage = PAGE_STAGES[dash(e.stage)];
    if (!stage) {
      add('entries_not_a_stage');
      continue;
    }
    if (!e.date) {
      // The presentation lists the bill's text (PDF) beside its sitting: not a sitting.
      if (!/\bPDF\b|\.pdf\b/i.test(e.text))
        ctx.skip({ file, record: `${e.stage}: ${e.text.slice(0, 80)}`, reason: 'stage entry without a date' });
      continue;
    }
    events.push({
      stage,
      stage_label: e.stage,
      event_type: e.stage,
      outcome: e.note,
      event_date: e.date,
      source_url: e.journalUrl,
    });
  }
  return events;
}

export function importQcBills(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ rows: 0, bills: 0, bill_pages: 0, events: 0, sponsors_linked: 0, entries_not_a_stage: 0 });
  const files = readdirSync(from);
  const rowsByBill = new Map<string, QcBillRow[]>();
  if (files.includes(CSV_FILE)) {
    const { rows, problems, missing } = readQcBillRows(readFileSync(join(from, CSV_FILE), 'utf8'));
    if (missing.length)
      ctx.skip({
        file: CSV_FILE,
        record: 'header',
        reason: 'bill list without its columns',
        detail: `missing ${missing.join(', ')} (expects ${QC_BILL_COLUMNS.join(', ')})`,
      });
    for (const p of problems)
      ctx.skip({ file: CSV_FILE, record: `line ${p.line}`, reason: `row unreadable: ${p.field}`, detail: p.detail });
    for (const r of rows) rowsByBill.set(r.id, [...(rowsByBill.get(r.id) ?? []), r]);
    add('rows', rows.length);
  } else
    ctx.skip({ file: CSV_FILE, record: 'whole file', reason: 'no open-data bill list in the folder: bill pages alone are not written' });

  const pages = new Map<string, { file: string; page: QcBillPage }>();
  for (const file of files.filter((f) => PAGE_FILE.test(f)).sort()) {
    const [, n, l, s] = PAGE_FILE.exec(file)!;
    const page = readQcBillPage(readFileSync(join(from, file), 'utf8'));
    if (!page) {
      ctx.skip({ file, record: 'whole file', reason: 'bill page without "Étapes de cheminement"' });
      continue;
    }
    add('bill_pages');
    pages.set(`${l}-${s}/${n}`, { file, page });
  }

  const roster = ctx.identity.hasRoster('provincial', 'QC');
  const known = new Set((ctx.existing.sessions ?? []).map((s) => s.key));
  const firstDate = new Map<string, { legislature: number; session: number; date: string }>();
  const bills: Array<SourceInput<'bills'>> = [];
  const used = new Set<string>();
  for (const group of rowsByBill.values()) {
    // Rows of one bill share the session of its presentation; the latest row has its last stage.
    const rows = [...group].sort((a, b) => (a.lastDate ?? '').localeCompare(b.lastDate ?? ''));
    const last = rows.at(-1)!;
    const { legislature, session, number } = last;
    const id = `${legislature}-${session}/${number}`;
    const withPage = pages.get(id);
    if (withPage) used.add(id);
    let events: Events = [];
    if (withPage) events = pageEvents(withPage.page, withPage.file, ctx, add);
    else {
      const code = last.lastStage ? CSV_STAGES[last.lastStage] : undefined;
      if (code && last.lastDate) events = [{ stage: code.stage, stage_label: code.label, event_date: last.lastDate }];
    }
    const key = sessionKey(legislature, session);
    const dated = events.map((e) => e.event_date).sort()[0] ?? last.lastDate;
    const first = firstDate.get(key);
    if (dated && (!first || dated < first.date)) firstDate.set(key, { legislature, session, date: dated });
    const author = withPage?.page.author ?? null;
    let sponsorKey: string | null = null;
    if (author && roster) {
      const r = ctx.identity.resolve('qc-bills', {
        key: `qc-assnat/person/${author.id}`,
        name: author.name,
        on: dated,
        level: 'provincial',
        province: 'QC',
      });
      if (r.key !== null) {
        sponsorKey = r.key;
        add('sponsors_linked');
      } else
        ctx.skip({
          file: withPage!.file,
          record: `Bill ${number}`,
          reason: 'sponsor unlinked',
          detail: `${author.name} (member ${author.id})`,
        });
    } else if (author)
      ctx.skip({
        file: withPage!.file,
        record: `Bill ${number}`,
        reason: 'sponsor unlinked: no Québec member roster in the bundle',
        detail: author.name,
      });
    const status = events.at(-1);
    bills.push({
      session_key: key,
      bill_number: number,
      title: last.title,
      title_fr: last.title,
      bill_type: withPage?.page.type ?? last.type,
      status: status ? `${status.stage_label}${status.outcome ? ` (${status.outcome})` : ''}` : (last.lastStage ?? null),
      status_changed_at: status ? wallClockTimestamp(status.event_date, 0, 'QC') : null,
      introduced_date: events.find((e) => e.stage === 'first_reading')?.event_date ?? null,
      source_system: 'qc-assnat',
      source_url: withPage ? pageUrl(number, legislature, session) : null,
      source_id: last.id,
      events,
      sponsors: author ? [{ politician_key: sponsorKey, sponsor_name_raw: author.name, role: 'sponsor', ordering: 1 }] : [],
    });
    add('events', events.length);
  }
  for (const [id, p] of pages)
    if (!used.has(id)) ctx.skip({ file: p.file, record: 'whole file', reason: 'bill page with no row in the open-data list' });
  add('bills', bills.length);
  // Sessions the Journal des débats already dated keep that date; others are dated by their earliest bill event.
  const sessions: Array<SourceInput<'sessions'>> = [...firstDate]
    .filter(([key]) => !known.has(key))
    .map(([key, s]) => ({
      key,
      level: 'provincial',
      province_territory: 'QC',
      parliament_number: s.legislature,
      session_number: s.session,
      name: `${s.legislature}e législature, ${s.session}${s.session === 1 ? 're' : 'e'} session`,
      start_date: s.date,
    }));
  const written = bills.filter((b) => known.has(b.session_key) || firstDate.has(b.session_key));
  for (const b of bills)
    if (!written.includes(b))
      ctx.skip({
        file: CSV_FILE,
        record: `Bill ${b.bill_number} (${b.session_key})`,
        reason: 'bill with no date in a session not otherwise known',
      });
  return {
    records: { bills: written, sessions },
    sources: [
      {
        id: 'qc-assnat-bills',
        version: `${stats.rows} rows, ${stats.bill_pages} bill pages`,
        url: QC_BILLS_DATASET,
        licence: `the list: CC BY-NC 4.0 (Données Québec); the bill pages: ${QC_TERMS}`,
      },
    ],
    coverage: written.length
      ? [
          {
            jurisdiction: 'QC',
            bills: 'partial',
            source_urls: { bills: QC_BILLS_DATASET },
            notes: `Québec bills: ${written.length} from the open-data list (CC BY-NC 4.0), ${stats.bill_pages} with every stage and the author from the bill's page, the rest with their last stage; titles in French.`,
          },
        ]
      : [],
    stats,
  };
}

export const qcBillsImporter: Importer = {
  terms: QC_REUSE,
  kind: 'qc-bills',
  summary: 'Assemblée nationale du Québec open-data bill list and bill pages → bills with every stage and the author',
  datasetDir: 'qc-bills',
  optional: 'not in the shared datasets: fetched by the nightly (source qc-assnat-bills)',
  run: importQcBills,
};
