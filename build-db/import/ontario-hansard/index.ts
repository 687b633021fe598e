// `canpol import ontario-hansard`: the Legislative Assembly of Ontario's Hansard, one HTML page per
// sitting (`html/YYYY-MM-DD.html[.gz]`, either of the Assembly's two layouts) → speeches, and the
// sessions whose first day is among the files. Speakers are linked only to Ontario members of a
// roster in the bundle; every turn left unlinked is reported.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importStats } from '../import-stats.js';
import type { Importer, ImportContext, ImportOutput, SourceInput } from '../types.js';
import { readPage } from './document.js';
import { sessionRecord, speechRecords, SOURCE_SYSTEM } from './records.js';
import { walkSitting } from './walk.js';
import { voteRecords } from './votes.js';
import { readText } from '../read-text.js';

const SITTING_FILE = /^(\d{4}-\d{2}-\d{2})\.html?(?:\.gz)?$/;

export const ONTARIO_TERMS =
  'Hansard © Legislative Assembly of Ontario: excerpts may be reproduced for reasonable, fair, non-commercial use with credit to the Assembly (ola.org copyright page); no commercial reuse without its permission';
/** The copyright page as the current site's own footer links it (the 2018-02-20 page): every Ontario
 *  coverage row's `source_urls.terms`. */
export const ONTARIO_TERMS_URL = 'https://www.ola.org/en/offices-divisions-branches/copyright';
/** The end of every Ontario coverage row's notes. */
export const ONTARIO_TERMS_NOTE = 'Terms: non-commercial reuse with credit to the Legislative Assembly of Ontario.';

export function importOntarioHansard(from: string, ctx: ImportContext): ImportOutput {
  const dir = existsSync(join(from, 'html')) ? join(from, 'html') : from;
  const prefix = dir === from ? '' : 'html/';
  const speeches: Array<SourceInput<'speeches'>> = [];
  const votes: Array<SourceInput<'votes'>> = [];
  const pending: Array<{
    divisions: ReturnType<typeof walkSitting>['divisions'];
    sitting: { date: string; parliament: number | null; session: number | null };
    file: string;
  }> = [];
  const openings = new Map<string, { parliament: number; session: number; date: string }>();
  const { stats, add } = importStats({ files: 0, turns: 0, speeches_linked: 0, speeches_unlinked: 0, french_speeches: 0 });
  const roster = ctx.identity.hasRoster('provincial', 'ON');
  const dates: string[] = [];

  for (const name of readdirSync(dir)
    .filter((f) => SITTING_FILE.test(f))
    .sort()) {
    const file = `${prefix}${name}`;
    let html: string;
    try {
      html = readText(join(dir, name));
    } catch (e) {
      ctx.skip({ file, record: 'whole file', reason: 'unreadable file', detail: String(e) });
      continue;
    }
    const page = readPage(html);
    const byName = SITTING_FILE.exec(name)![1];
    if (page.date && page.date !== byName) ctx.log(`${file}: the page is dated ${page.date}; the page's date is used`);
    const sitting = { date: page.date ?? byName, parliament: page.parliament, session: page.session };
    if (!sitting.session) add('sittings_without_session');
    const walked = walkSitting(page.blocks);
    for (const p of walked.problems) ctx.skip({ file, record: p.anchor, reason: p.reason, ...(p.detail ? { detail: p.detail } : {}) });
    if (!walked.turns.length) {
      ctx.skip({ file, record: 'whole file', reason: 'no speeches in the page', detail: `${page.blocks.length} transcript blocks` });
      continue;
    }
    const { speeches: records, counts } = speechRecords(walked.turns, sitting, file, ctx, roster);
    for (const r of records) speeches.push(r);
    // Divisions wait for the sessions: their session must be on file (a vote requires one).
    if (walked.divisions.length) pending.push({ divisions: walked.divisions, sitting, file });
    dates.push(sitting.date);
    add('files');
    add('turns', walked.turns.length);
    add('speeches_linked', records.filter((r) => r.politician_key).length);
    add('turns_linked', counts.linked);
    add('turns_unlinked', counts.unlinked);
    add('turns_not_politicians', counts.not_politicians);
    add('turns_split_by_language', counts.language_runs_split);
    add('french_speeches', counts.french_speeches);
    add('presiding_turns', walked.turns.filter((t) => t.speaker.kind === 'presiding').length);
    add('procedure_lines', walked.counts.procedure);
    add('headings_printed_as_plain_paragraphs', walked.counts.plain_headings);
    add('paragraphs_outside_speeches', walked.counts.paragraphs_outside_speeches);
    add('divisions_printed', walked.counts.divisions);
    if (walked.opensSession && sitting.parliament && sitting.session) {
      const k = `${sitting.parliament}-${sitting.session}`;
      const known = openings.get(k);
      if (!known || sitting.date < known.date)
        openings.set(k, { parliament: sitting.parliament, session: sitting.session, date: sitting.date });
    }
  }
  stats.speeches_unlinked = speeches.filter(
    (s) => !s.politician_key && s.speaker_kind !== 'official' && s.speaker_kind !== 'collective',
  ).length;
  // A session another part already holds (the bills' House documents dates) is not written twice.
  const held = new Set((ctx.existing.sessions ?? []).map((s) => s.key));
  const sessions = [...openings.values()].map((o) => sessionRecord(o.parliament, o.session, o.date)).filter((s) => !held.has(s.key));
  // Speeches of a session whose opening is not on file still name it when another part has it.
  const known = new Set([...sessions.map((s) => s.key), ...(ctx.existing.sessions ?? []).map((s) => s.key)]);
  for (const s of speeches)
    if (s.session_key && !known.has(s.session_key)) {
      add('speeches_session_unknown');
      s.session_key = null;
    }
  const bills = new Set((ctx.existing.bills ?? []).map((b) => `${b.session_key} ${b.bill_number}`));
  for (const p of pending) {
    const sitting =
      p.sitting.parliament && p.sitting.session && known.has(`on/session/${p.sitting.parliament}-${p.sitting.session}`)
        ? p.sitting
        : { ...p.sitting, session: null };
    const v = voteRecords(p.divisions, sitting, p.file, ctx, roster, bills);
    votes.push(...v.votes);
    add('votes', v.counts.votes);
    add('vote_positions', v.counts.positions);
    add('vote_positions_linked', v.counts.positions_linked);
    add('divisions_totals_disagree', v.counts.totals_disagree);
  }
  ctx.log(`${speeches.length} speeches from ${stats.files} sittings; ${sessions.length} session(s) opened on file`);
  dates.sort();

  return {
    records: { speeches, ...(sessions.length ? { sessions } : {}), ...(votes.length ? { votes } : {}) },
    sources: [
      {
        id: 'ontario-hansard',
        version: dates.length ? `${dates.length} sittings ${dates[0]}..${dates.at(-1)}` : 'no sittings',
        url: 'https://www.ola.org/en/legislative-business/house-documents',
        licence: ONTARIO_TERMS,
      },
    ],
    coverage: [
      {
        jurisdiction: 'ON',
        hansard: 'partial',
        ...(votes.length ? { votes: 'partial' as const } : {}),
        source_urls: {
          hansard: 'https://www.ola.org/en/legislative-business/house-documents',
          terms: ONTARIO_TERMS_URL,
        },
        notes: `Ontario Hansard: ${stats.files} House sittings ${dates[0] ?? ''}..${dates.at(-1) ?? ''} (${speeches.length} speeches, ${votes.length} recorded divisions from the Hansard's division lists); ${roster ? `${stats.turns_linked} of ${stats.turns_linked + stats.turns_unlinked} member turns linked` : 'speakers not linked (no Ontario roster in the bundle)'}. ${ONTARIO_TERMS_NOTE}`,
      },
    ],
    stats,
  };
}

export const ontarioHansardImporter: Importer = {
  kind: SOURCE_SYSTEM,
  summary: 'Ontario Hansard HTML (one page per sitting, ola.org) → speeches',
  datasetDir: 'ontario-hansard-2014-2018',
  terms: { commercial: 'forbidden', summary: ONTARIO_TERMS },
  run: importOntarioHansard,
};
