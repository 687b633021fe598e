// `canpol import qc-votes`: the recorded divisions the Journal des débats prints (the same House
// sitting pages qc-hansard reads) → votes of the Québec session with the totals as printed and no
// positions: the Journal names nobody, the procès-verbal's annex (PDF) does and is not read yet. It
// runs after qc-bills, so a division on a bill of that session links to it.
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import type { ImportContext, Importer, ImportOutput, SourceInput } from '../types.js';
import { importStats } from '../import-stats.js';
import { firstFileOfSitting } from '../sitting-files.js';
import { QC_REUSE, QC_TERMS, readPages } from './files.js';
import { isJournal, readSitting, readTurns } from './journal.js';
import { readQcDivisions, type QcDivision } from './divisions.js';

export const QC_VOTES_SOURCE = 'qc-journal-des-debats';
const JOURNALS = 'https://www.assnat.qc.ca/fr/travaux-parlementaires/journaux-debats.html';
const MOTION_MAX = 20_000;

const fromTotals = (d: QcDivision) => (d.ayes > d.nays ? 'passed' : d.ayes < d.nays ? 'defeated' : 'tied');

export function importQcVotes(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({
    sittings: 0,
    divisions: 0,
    divisions_refused: 0,
    results_announced: 0,
    results_from_totals: 0,
    divisions_on_a_bill: 0,
    divisions_on_a_bill_not_imported: 0,
  });
  const sessions = new Set((ctx.existing.sessions ?? []).map((s) => s.key));
  const bills = new Set((ctx.existing.bills ?? []).map((b) => `${b.session_key} ${b.bill_number}`));
  const votes: Array<SourceInput<'votes'>> = [];
  const notes: string[] = [];
  const seen = new Map<string, string>();
  for (const page of readPages(from).filter((p) => isJournal(p.html))) {
    const s = readSitting(page.html);
    // Committees vote too, but a committee's vote is not the Assembly's: only House sittings are read.
    if (!s || s.committee) continue;
    if (!firstFileOfSitting(seen, s.date, page.file, ctx)) continue;
    add('sittings');
    const file = page.file;
    const session = `qc/session/${s.legislature}-${s.session}`;
    const { divisions, problems } = readQcDivisions(readTurns(page.html).turns);
    for (const p of problems) {
      add('divisions_refused');
      ctx.skip({ file, record: `division ${p.index} (paragraph ${p.paragraph}), field ${p.field}`, reason: p.reason, detail: p.detail });
    }
    for (const d of divisions) {
      const record = `division ${d.index} (paragraph ${d.paragraph})`;
      if (d.minutes === null) {
        ctx.skip({ file, record, reason: 'division before any printed time' });
        continue;
      }
      if (!sessions.has(session)) {
        ctx.skip({ file, record, reason: 'division of a session not in the bundle', detail: session });
        continue;
      }
      const billHeld = d.bill !== null && bills.has(`${session} ${d.bill}`);
      if (d.bill !== null) add(billHeld ? 'divisions_on_a_bill' : 'divisions_on_a_bill_not_imported');
      if (d.announced) add('results_announced');
      else {
        add('results_from_totals');
        notes.push(
          `${file} ${record}: no announcement read after the totals; result ${fromTotals(d)} from Pour ${d.ayes}, Contre ${d.nays}`,
        );
      }
      const motion = [d.item, d.motion].filter(Boolean).join('\n\n');
      votes.push({
        key: `qc/vote/${s.legislature}-${s.session}/${s.date}/${d.index}`,
        session_key: session,
        // The motion's words keep the bill's number when its record is not in the bundle.
        bill_number: billHeld ? d.bill : null,
        vote_type: 'division',
        occurred_at: wallClockTimestamp(s.date, d.minutes * 60, 'QC'),
        result: d.announced ?? fromTotals(d),
        ayes: d.ayes,
        nays: d.nays,
        abstentions: d.abstentions,
        motion_text: motion ? motion.slice(0, MOTION_MAX) : null,
        source_system: QC_VOTES_SOURCE,
        source_url: s.url ? `${s.url}${d.anchor ? `#${d.anchor}` : ''}` : null,
        positions: [],
      });
      add('divisions');
    }
  }
  ctx.log(`${votes.length} recorded divisions from ${stats.sittings} Québec sittings (${stats.divisions_refused} refused)`);
  return {
    records: { votes },
    sources: [
      {
        id: 'qc-journal-des-debats-divisions',
        version: [...seen.keys()].sort().join(' '),
        url: JOURNALS,
        licence: QC_TERMS,
      },
    ],
    coverage: votes.length
      ? [
          {
            jurisdiction: 'QC',
            votes: 'partial',
            source_urls: { votes: JOURNALS },
            notes: `Québec divisions: ${votes.length} recorded division(s) from the Journal des débats with the totals as printed (Pour, Contre, Abstentions) and the result the presiding officer announced (${stats.results_from_totals} from the totals, no announcement read); ${stats.divisions_refused} refused (totals unreadable or contradicted by the announcement). No member positions: they are in the procès-verbal's annex (PDF), not yet read.`,
          },
        ]
      : [],
    stats,
    ...(notes.length ? { notes } : {}),
  };
}

export const qcVotesImporter: Importer = {
  terms: QC_REUSE,
  kind: 'qc-votes',
  summary: 'Assemblée nationale du Québec Journal des débats HTML → recorded divisions (totals as printed, no positions)',
  datasetDir: 'provincial-samples/qc-hansard',
  companionOf: 'qc-hansard',
  run: importQcVotes,
};
