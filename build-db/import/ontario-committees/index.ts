// `canpol import ontario-committees`: the Legislative Assembly of Ontario's committee transcripts,
// one HTML page per meeting as the nightly stores them
// (`transcripts/{slug}/parliament-{P}/committee-transcript-{yyyy}-{month}-{d}.html[.gz]`, with the
// committees index `committees.html` naming each slug's committee) → `committee` speeches. The pages
// are read by the Hansard's reader (the same Drupal transcript markup); speakers are linked only by a
// full name among Ontario members serving that day, since witnesses are printed in the same shapes.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { importStats } from '../import-stats.js';
import { firstFileOfSitting } from '../sitting-files.js';
import type { Importer, ImportContext, ImportOutput, SourceInput } from '../types.js';
import { type Page, readPage } from '../ontario-hansard/document.js';
import { ONTARIO_TERMS, ONTARIO_TERMS_NOTE, ONTARIO_TERMS_URL } from '../ontario-hansard/index.js';
import { speechRecords } from '../ontario-hansard/records.js';
import { walkSitting } from '../ontario-hansard/walk.js';
import { COMMITTEES_PATH, committeeLinks, OLA, transcriptDate, transcriptUrl } from './pages.js';
import { readText } from '../read-text.js';

export const COMMITTEES_SOURCE = 'ontario-committees';
const TRANSCRIPT_PATH = /^([a-z0-9-]+)\/parliament-(\d+)\/(committee-transcript-[a-z0-9-]+)\.html?(?:\.gz)?$/;

/** The page's own heading when it names a committee: the name where the index has none. */
const headingCommittee = (page: Page): string | null => page.titles.find((t) => /\bcommittee on\b/i.test(t)) ?? null;

type Session = SourceInput<'sessions'>;

/** The Ontario session of `parliament` sitting on `date`: the latest to open by then (the listings are
 *  per Parliament; the sessions come from the Hansard's and the bills' parts). */
function sessionOn(sessions: Session[], parliament: number, date: string): Session | null {
  let best: Session | null = null;
  for (const s of sessions)
    if (s.parliament_number === parliament && s.start_date <= date && (!s.end_date || s.end_date >= date))
      if (!best || s.start_date > best.start_date) best = s;
  return best;
}

interface Found {
  file: string;
  path: string;
  slug: string;
  parliament: number;
  name: string;
}

/** Every transcript file under `transcripts/{slug}/parliament-{P}/`; any other file there is reported. */
function transcriptFiles(root: string, ctx: ImportContext): Found[] {
  const base = join(root, 'transcripts');
  if (!existsSync(base)) return [];
  const out: Found[] = [];
  const files = (readdirSync(base, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => statSync(join(base, f)).isFile())
    .sort();
  for (const f of files) {
    const file = `transcripts/${f}`;
    const m = TRANSCRIPT_PATH.exec(f.split(sep).join('/'));
    if (!m) {
      ctx.skip({
        file,
        record: 'whole file',
        reason: 'not a committee transcript file',
        detail: 'file name: expected transcripts/{slug}/parliament-{P}/committee-transcript-{yyyy}-{month}-{d}.html',
      });
      continue;
    }
    out.push({ file, path: join(base, f), slug: m[1], parliament: Number(m[2]), name: m[3] });
  }
  return out;
}

export function importOntarioCommittees(from: string, ctx: ImportContext): ImportOutput {
  const index = join(from, 'committees.html');
  const names = existsSync(index) ? committeeLinks(readText(index)) : new Map<string, string>();
  const speeches: Array<SourceInput<'speeches'>> = [];
  const { stats, add } = importStats({ meetings: 0, speeches: 0, turns_linked: 0, turns_unlinked: 0, turns_not_politicians: 0 });
  const roster = ctx.identity.hasRoster('provincial', 'ON');
  const sessions = (ctx.existing.sessions ?? []).filter((s) => s.level === 'provincial' && s.province_territory === 'ON');
  const seen = new Map<string, string>();
  const committees = new Set<string>();
  const dates: string[] = [];

  for (const t of transcriptFiles(from, ctx)) {
    const dated = transcriptDate(t.name);
    if ('problem' in dated) {
      ctx.skip({ file: t.file, record: 'whole file', reason: 'unreadable transcript date', detail: `file name: ${dated.problem}` });
      continue;
    }
    let html: string;
    try {
      html = readText(t.path);
    } catch (e) {
      ctx.skip({ file: t.file, record: 'whole file', reason: 'unreadable file', detail: String(e) });
      continue;
    }
    const page = readPage(html);
    const committee = names.get(t.slug) ?? headingCommittee(page);
    if (!committee) {
      ctx.skip({
        file: t.file,
        record: 'whole file',
        reason: 'committee not named',
        detail: `committee_name: "${t.slug}" is not linked by committees.html and the page has no heading naming a committee`,
      });
      continue;
    }
    const url = transcriptUrl(t.slug, t.parliament, t.name);
    if (!firstFileOfSitting(seen, url, t.file, ctx)) continue;
    if (page.date && page.date !== dated.date)
      ctx.log(`${t.file}: the page is dated ${page.date}; the transcript's name, ${dated.date}, is used`);
    const walked = walkSitting(page.blocks);
    for (const p of walked.problems)
      ctx.skip({ file: t.file, record: p.anchor, reason: p.reason, ...(p.detail ? { detail: p.detail } : {}) });
    if (!walked.turns.length) {
      ctx.skip({
        file: t.file,
        record: 'whole file',
        reason: 'no speeches in the page',
        detail: `${page.blocks.length} transcript blocks`,
      });
      continue;
    }
    const session = sessionOn(sessions, t.parliament, dated.date);
    if (!session) add('meetings_session_unknown');
    const sitting = { date: dated.date, parliament: t.parliament, session: session?.session_number ?? null };
    const id = `${t.slug}/${dated.date}${dated.rank ? `-${dated.rank}` : ''}`;
    const { speeches: records, counts } = speechRecords(walked.turns, sitting, t.file, ctx, roster, {
      source: COMMITTEES_SOURCE,
      committee,
      url,
      id,
    });
    if (!records.length) continue;
    speeches.push(...records);
    committees.add(committee);
    dates.push(dated.date);
    add('meetings');
    add('speeches', records.length);
    add('turns_linked', counts.linked);
    add('turns_unlinked', counts.unlinked);
    add('turns_not_politicians', counts.not_politicians);
    add('french_speeches', counts.french_speeches);
    add('presiding_turns', walked.turns.filter((x) => x.speaker.kind === 'presiding').length);
  }
  dates.sort();
  ctx.log(`${speeches.length} committee speeches from ${stats.meetings} meetings of ${committees.size} committees`);
  const span = dates.length ? `${dates[0]}..${dates.at(-1)}` : '';
  return {
    records: { speeches },
    sources: [
      {
        id: 'ola-committees',
        version: dates.length ? `${stats.meetings} meetings ${span}` : 'no meetings',
        url: `${OLA}${COMMITTEES_PATH}`,
        licence: ONTARIO_TERMS,
      },
    ],
    coverage: stats.meetings
      ? [
          {
            jurisdiction: 'ON',
            committees: 'partial',
            source_urls: {
              committees: `${OLA}${COMMITTEES_PATH}`,
              terms: ONTARIO_TERMS_URL,
            },
            notes: `Ontario committee transcripts: ${stats.meetings} meetings of ${committees.size} committees ${span} (${speeches.length} speeches); ${roster ? `${stats.turns_linked} of ${stats.turns_linked + stats.turns_unlinked} named turns linked to a member by full name (the rest witnesses, or members printed otherwise)` : 'speakers not linked (no Ontario roster in the bundle)'}. ${ONTARIO_TERMS_NOTE}`,
          },
        ]
      : [],
    stats,
  };
}

export const ontarioCommitteesImporter: Importer = {
  kind: COMMITTEES_SOURCE,
  summary: 'Ontario committee transcripts HTML (one page per meeting, ola.org) → committee speeches',
  datasetDir: 'ontario-committees',
  terms: { commercial: 'forbidden', summary: ONTARIO_TERMS },
  optional: 'not in ../shared/datasets: the nightly fetches it from ola.org (source ola-committees)',
  run: importOntarioCommittees,
};
