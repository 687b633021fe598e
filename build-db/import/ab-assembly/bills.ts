// `canpol import ab-bills`: assembly.ab.ca bill pages (`bill-<billinfoid>.html`) → bills with every
// stage the page lists and the sponsor linked by the Assembly's mid. Stages map by their heading;
// "Comes into Force" is not a stage of the spec and is counted, not stored. A session is dated by
// its earliest bill event (the pages print no session dates).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BillStage } from '../../../src/core/domain/enums.js';
import { importStats } from '../import-stats.js';
import type { ImportContext, Importer, ImportOutput, SourceInput } from '../types.js';
import { AB_REUSE, AB_TERMS } from './terms.js';
import { readAbBillPage } from './bill-page.js';

const BILL_FILE = /^bill-(\d+)\.html?$/;
const STAGES: Record<string, BillStage> = {
  'First Reading': 'first_reading',
  'Second Reading': 'second_reading',
  'Committee of the Whole': 'committee',
  'Third Reading': 'third_reading',
  'Royal Assent': 'royal_assent',
};
const sessionKey = (l: number, s: number) => `ab/session/${l}-${s}`;
const billUrl = (id: string) => `https://www.assembly.ab.ca/assembly-business/bills/bill?billinfoid=${id}`;

export function importAbBills(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ bill_pages: 0, bills: 0, events: 0, sponsors_linked: 0, entries_not_a_stage: 0 });
  const bills: Array<SourceInput<'bills'>> = [];
  const firstDate = new Map<string, { legislature: number; session: number; date: string }>();
  const roster = ctx.identity.hasRoster('provincial', 'AB');
  for (const file of readdirSync(from)
    .filter((f) => BILL_FILE.test(f))
    .sort()) {
    const id = BILL_FILE.exec(file)![1];
    const page = readAbBillPage(readFileSync(join(from, file), 'utf8'));
    add('bill_pages');
    if (!page) {
      ctx.skip({ file, record: 'whole file', reason: 'bill page without a number, title or legislature and session' });
      continue;
    }
    const events: NonNullable<SourceInput<'bills'>['events']> = [];
    for (const e of page.entries) {
      const stage = STAGES[e.heading];
      if (!stage) {
        add('entries_not_a_stage');
        continue;
      }
      if (!e.date) {
        ctx.skip({ file, record: `${e.heading} "${e.dateText}"`, reason: 'stage entry without a date' });
        continue;
      }
      // One sitting per entry: a stage debated over several sittings lists each (its status on the last).
      events.push({
        stage,
        stage_label: e.heading,
        event_type: `${e.heading} (${e.dateText})`,
        outcome: e.status,
        event_date: e.date,
        source_url: e.hansardUrl,
      });
    }
    const key = sessionKey(page.legislature, page.session);
    const dated = events.map((e) => e.event_date).sort()[0];
    const known = firstDate.get(key);
    if (dated && (!known || dated < known.date)) firstDate.set(key, { legislature: page.legislature, session: page.session, date: dated });
    let sponsorKey: string | null = null;
    if (page.sponsor && roster) {
      const r = ctx.identity.resolve('ab-bills', {
        key: page.sponsor.mid ? `ab-assembly/member/${page.sponsor.mid}` : null,
        lastName: page.sponsor.name,
        on: dated ?? null,
        level: 'provincial',
        province: 'AB',
      });
      sponsorKey = r.key;
      if (r.key) add('sponsors_linked');
      else
        ctx.skip({
          file,
          record: `Bill ${page.number}`,
          reason: 'sponsor unlinked',
          detail: `${page.sponsor.name} (mid ${page.sponsor.mid ?? 'none'})`,
        });
    } else if (page.sponsor)
      ctx.skip({
        file,
        record: `Bill ${page.number}`,
        reason: 'sponsor unlinked: no Alberta roster in the bundle',
        detail: page.sponsor.name,
      });
    const last = events.at(-1);
    bills.push({
      session_key: key,
      bill_number: page.number,
      title: page.title,
      bill_type: page.type ?? 'Bill',
      status: last ? `${last.stage_label}${last.outcome ? `: ${last.outcome}` : ''}` : null,
      introduced_date: events.find((e) => e.stage === 'first_reading')?.event_date ?? null,
      source_system: 'ab-assembly',
      source_url: billUrl(id),
      source_id: id,
      events,
      sponsors: page.sponsor ? [{ politician_key: sponsorKey, sponsor_name_raw: page.sponsor.name, role: 'sponsor', ordering: 1 }] : [],
    });
    add('bills');
    add('events', events.length);
  }
  const sessions = [...firstDate.entries()].map(([key, s]) => ({
    key,
    level: 'provincial' as const,
    province_territory: 'AB' as const,
    parliament_number: s.legislature,
    session_number: s.session,
    name: `Legislature ${s.legislature}, Session ${s.session}`,
    start_date: s.date,
  }));
  return {
    records: { bills, sessions },
    sources: [
      {
        id: 'ab-assembly-bills',
        version: `${bills.length} bill pages`,
        url: 'https://www.assembly.ab.ca/assembly-business/bills',
        licence: AB_TERMS,
      },
    ],
    coverage: bills.length
      ? [
          {
            jurisdiction: 'AB',
            bills: 'partial',
            source_urls: { bills: 'https://www.assembly.ab.ca/assembly-business/bills' },
            notes: `Alberta bills: ${bills.length} bill pages with every stage; a session dated by its earliest bill event.`,
          },
        ]
      : [],
    stats,
  };
}

export const abBillsImporter: Importer = {
  terms: AB_REUSE,
  kind: 'ab-bills',
  summary: 'Legislative Assembly of Alberta bill pages (stages, sponsor by mid) → bills',
  datasetDir: 'ab-bills',
  optional: 'not in the shared datasets: fetched by the nightly (source ab-assembly-bills, lister ab-bill-pages)',
  run: importAbBills,
};
