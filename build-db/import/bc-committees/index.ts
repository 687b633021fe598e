// `canpol import bc-committees`: BC committee transcripts (LIMS HDMS HTML, the floor Hansard's own
// markup) → speeches of type `committee`, one meeting per transcript URL. What the nightly (source
// bc-committees) writes under `bc-committees/`: the pcms meetings feed's pages (`meetings.json`,
// `meetings-<n>.json`), which name each transcript's committee and meeting; the committees'
// membership (`membership.json`), which names their chairs; and the transcripts, `<43rd2nd>/<code>/<file>.gz`.
// ../shared/datasets holds none of them, so a datasets-only import has no committee.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BC_TERMS } from '../bc-lims/index.js';
import { localTimestamp } from '../bc-hansard/clock.js';
import { transcriptRoot } from '../bc-hansard/document.js';
import { linkSpeaker } from '../bc-hansard/link-speaker.js';
import { readSitting } from '../bc-hansard/sitting.js';
import { walkTranscript, type Turn } from '../bc-hansard/walk.js';
import { parseHtml } from '../html-text.js';
import { importStats } from '../import-stats.js';
import { refuse } from '../refuse.js';
import type { Importer, ImportContext, ImportOutput, SourceInput } from '../types.js';
import { committeeHolder } from './chair.js';
import { bestPerMeeting, HDMS_FILE, type ListedTranscript, MEETINGS_URL, readMeetingsPage } from './listing.js';
import { type Chairs, type Membership, readMembership } from './membership.js';
import { readText } from '../read-text.js';

export const DIR = 'bc-committees';
export const SOURCE_SYSTEM = 'bc-committees';
const PAGE = /^meetings(?:-(\d+))?\.json$/;
const FOLDER = /^\d+(?:st|nd|rd|th)\d+(?:st|nd|rd|th)$/;
const TRANSCRIPT = /^(\d{8}(?:am|pm))-.+\.html?(?:\.gz)?$/i;

const pageNumber = (f: string) => Number(PAGE.exec(f)?.[1] ?? 1);
const fileKey = (t: Pick<ListedTranscript, 'folder' | 'code' | 'fileName'>) => `${t.folder}/${t.code}/${t.fileName}`;

/** "2026-02-25T09:00:00" → 540 (minutes after midnight), the meeting's listed start. */
const startMinutes = (start: string | null) => (start ? Number(start.slice(11, 13)) * 60 + Number(start.slice(14, 16)) : null);

/** The listing pages held, newest first: each transcript as the first page naming it lists it. */
function readListing(dir: string, ctx: ImportContext, add: (k: string, n?: number) => void): Map<string, ListedTranscript> {
  const listed = new Map<string, ListedTranscript>();
  const pages = readdirSync(dir)
    .filter((f) => PAGE.test(f))
    .sort((a, b) => pageNumber(a) - pageNumber(b));
  for (const name of pages) {
    const file = `${DIR}/${name}`;
    const read = readMeetingsPage(readFileSync(join(dir, name), 'utf8'));
    if (read.error) {
      refuse(ctx, {
        set: file,
        reason: `${file}, ${read.error.record}, field ${read.error.field}: ${read.error.message} (not a pcms meetings page)`,
        records: 0,
      });
      continue;
    }
    add('listing_pages');
    add('meetings_listed', read.page.meetings);
    for (const p of read.page.problems)
      ctx.skip({ file, record: p.record, reason: 'meetings listing entry not read', detail: `field ${p.field}: ${p.message}` });
    for (const p of read.page.excluded)
      ctx.skip({ file, record: p.record, reason: 'meetings listing entry not a session committee transcript', detail: p.message });
    for (const t of read.page.transcripts) if (!listed.has(fileKey(t))) listed.set(fileKey(t), t);
  }
  add('transcripts_listed', listed.size);
  return listed;
}

function readChairs(dir: string, ctx: ImportContext): Membership | null {
  const file = `${DIR}/membership.json`;
  if (!existsSync(join(dir, 'membership.json'))) return null;
  const read = readMembership(readFileSync(join(dir, 'membership.json'), 'utf8'));
  if (read.error) {
    refuse(ctx, {
      set: file,
      reason: `${file}, ${read.error.record}, field ${read.error.field}: ${read.error.message} (not a pcms membership answer)`,
      records: 0,
    });
    return null;
  }
  for (const p of read.membership.problems)
    ctx.skip({ file, record: p.record, reason: 'membership entry not read', detail: `field ${p.field}: ${p.message}` });
  return read.membership;
}

type Held = { folder: string; code: string; file: string; entry: ListedTranscript };

/** The transcripts held that a page lists, `<folder>/<code>/<file>`, one per meeting half: the final over its Blues. */
function heldTranscripts(
  dir: string,
  listed: Map<string, ListedTranscript>,
  ctx: ImportContext,
  add: (k: string, n?: number) => void,
): Held[] {
  const byMeeting = new Map<string, Held[]>();
  for (const folder of readdirSync(dir).filter((f) => FOLDER.test(f) && statSync(join(dir, f)).isDirectory()))
    for (const code of readdirSync(join(dir, folder)).filter((c) => statSync(join(dir, folder, c)).isDirectory()))
      for (const file of readdirSync(join(dir, folder, code)).filter((f) => TRANSCRIPT.test(f))) {
        const entry = listed.get(fileKey({ folder, code: code.toLowerCase(), fileName: file.replace(/\.gz$/i, '') }));
        if (!entry) {
          // Held from an earlier night but named by no page held now: its committee is unknown.
          ctx.skip({ file: `${DIR}/${folder}/${code}/${file}`, record: 'whole file', reason: 'transcript named by no meetings page held' });
          continue;
        }
        const k = `${folder}/${entry.code}/${entry.half}`;
        byMeeting.set(k, [...(byMeeting.get(k) ?? []), { folder, code, file, entry }]);
      }
  const kept: Held[] = [];
  for (const [k, files] of [...byMeeting].sort(([a], [b]) => a.localeCompare(b))) {
    // Draft ("Blues") replaced by the final when both are held; two of a kind: the first by name.
    const [first, ...rest] = files.sort((a, b) => Number(a.entry.draft) - Number(b.entry.draft) || a.file.localeCompare(b.file));
    kept.push(first);
    for (const r of rest) {
      const replaced = r.entry.draft && !first.entry.draft;
      add(replaced ? 'blues_replaced_by_final' : 'second_transcripts_of_a_meeting');
      ctx.skip({
        file: `${DIR}/${r.folder}/${r.code}/${r.file}`,
        record: 'whole file',
        reason: replaced ? 'draft transcript replaced by its final' : 'second transcript for the same meeting',
        detail: `${k} read from ${first.file.replace(/\.gz$/i, '')}`,
      });
    }
  }
  return kept;
}

/** The committee's chairs for a meeting, or why the membership gives none. */
function chairsFor(t: ListedTranscript, membership: Membership | null): Chairs | string {
  if (!membership) return 'no committee membership in the bundle';
  if (membership.parliament !== t.parliament || membership.session !== t.session)
    return `the membership names the chairs of ${membership.parliament}-${membership.session}, not of ${t.parliament}-${t.session}`;
  if (!t.committeeName) return 'the meetings listing names no committee for this transcript';
  return membership.committees.get(t.committeeName) ?? `the membership lists no committee named "${t.committeeName}"`;
}

export function importBcCommittees(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({
    listing_pages: 0,
    transcripts_read: 0,
    final_files: 0,
    draft_files: 0,
    speeches: 0,
    presiding_turns: 0,
  });
  const dir = join(from, DIR);
  if (!existsSync(dir)) {
    ctx.log(`no ${DIR}/ here (the nightly fetches the committee transcripts from LIMS, source bc-committees)`);
    return { records: {}, sources: [], coverage: [], stats };
  }
  const listed = readListing(dir, ctx, add);
  const membership = readChairs(dir, ctx);
  const speeches: Array<SourceInput<'speeches'>> = [];
  const meetings = new Set<string>();
  const committees = new Set<string>();
  const read = new Set<string>();

  for (const { entry, ...held } of heldTranscripts(dir, listed, ctx, add)) {
    const file = `${DIR}/${held.folder}/${held.code}/${held.file}`;
    let html: string;
    try {
      html = readText(join(dir, held.folder, held.code, held.file));
    } catch (e) {
      refuse(ctx, { set: file, reason: `${file}, whole file, field (bytes): unreadable: ${String(e).slice(0, 200)}`, records: 0 });
      continue;
    }
    const doc = parseHtml(html);
    const sitting = readSitting(doc, entry.fileName);
    if (!sitting) {
      refuse(ctx, {
        set: file,
        reason: `${file}, whole file, field (date): neither the document nor the file name gives a date`,
        records: 0,
      });
      continue;
    }
    for (const c of sitting.conflicts) ctx.log(`${file}: file name and document disagree (${c}); the document is used`);
    if (sitting.parliament && sitting.session && (sitting.parliament !== entry.parliament || sitting.session !== entry.session))
      ctx.log(`${file}: the page says ${sitting.parliament}-${sitting.session}, its folder ${entry.folder}; the folder is used`);
    const { root, found } = transcriptRoot(doc);
    if (!found) add('files_without_transcript_container');
    const walked = walkTranscript(root, sitting.metaStart ?? startMinutes(entry.startTime));
    for (const p of walked.problems)
      ctx.skip({ file, record: `paragraph ${p.paragraph}`, reason: p.reason, ...(p.detail ? { detail: p.detail } : {}) });
    if (!walked.turns.length) {
      // A meeting whose HTML is only a cover for a PDF, or held in camera: nothing to read, reported.
      ctx.skip({ file, record: 'whole file', reason: 'committee transcript with no speaker turn', detail: entry.url });
      continue;
    }
    const draft = entry.draft || sitting.isDraft;
    const chairs = chairsFor(entry, membership);
    const holderOf = (t: Turn) => (t.speaker.presiding ? committeeHolder(t.speaker.name, t.chair, chairs) : null);
    const records = turnsToSpeeches(walked.turns, { entry, date: sitting.date, draft, file }, ctx, holderOf);
    speeches.push(...records);
    read.add(fileKey(entry));
    meetings.add(entry.url);
    if (entry.committeeName) committees.add(entry.committeeName);
    add('transcripts_read');
    add(draft ? 'draft_files' : 'final_files');
    add('speeches', records.length);
    add('presiding_turns', records.filter((r) => r.is_presiding).length);
    add('speeches_linked', records.filter((r) => r.politician_key).length);
  }

  // What the pages held list (the final where both are listed), in the parliaments read, not held or not read.
  const parliaments = new Set([...listed.values()].filter((t) => read.has(fileKey(t))).map((t) => t.parliament));
  const unread = bestPerMeeting([...listed.values()]).filter((t) => parliaments.has(t.parliament) && !read.has(fileKey(t)));
  add('listed_transcripts_not_read', unread.length);
  for (const t of unread)
    ctx.skip({ file: `${DIR}/${t.folder}/${t.code}/${t.fileName}.gz`, record: t.url, reason: 'listed committee transcript not read' });
  ctx.log(`${speeches.length} committee speeches from ${meetings.size} transcripts of ${committees.size} committees`);

  const list = [...parliaments].sort((a, b) => a - b).join(', ');
  return {
    records: { speeches },
    sources: [{ id: 'bc-committees', version: `${meetings.size} transcripts`, url: MEETINGS_URL, licence: BC_TERMS }],
    coverage: speeches.length
      ? [
          {
            jurisdiction: 'BC',
            committees: unread.length ? 'partial' : 'live',
            source_urls: { committee_meetings: MEETINGS_URL, committee_transcripts: `${HDMS_FILE}/Committees/` },
            notes: `BC committees: ${meetings.size} meeting transcripts (${stats.final_files} final, ${stats.draft_files} draft "Blues") of ${committees.size} committees, parliament(s) ${list}, from the Legislature's pcms meetings listing${unread.length ? `; ${unread.length} listed transcripts not read` : ''}. Witnesses are not linked; the chair is linked through the LIMS membership of the current session. Terms of the BC data: unverified (no licence stated).`,
          },
        ]
      : [],
    stats,
  };
}

/** A meeting's turns → committee speeches, speakers linked among BC members serving that day. */
function turnsToSpeeches(
  turns: Turn[],
  m: { entry: ListedTranscript; date: string; draft: boolean; file: string },
  ctx: ImportContext,
  holderOf: (t: Turn) => ReturnType<typeof committeeHolder> | null,
): Array<SourceInput<'speeches'>> {
  const out: Array<SourceInput<'speeches'>> = [];
  for (const t of turns) {
    const record = `paragraph ${t.paragraph} (${t.speaker.raw})`;
    const text = t.paragraphs.join('\n\n');
    if (!text) {
      ctx.skip({ file: m.file, record, reason: 'speaker line with no text' });
      continue;
    }
    if (t.minutes === null) {
      ctx.skip({
        file: m.file,
        record,
        reason: 'speech before any printed time',
        detail: 'no "met at" line, time stamp, start-time meta or listed start',
      });
      continue;
    }
    const who = linkSpeaker(t, m.date, ctx, m.file, SOURCE_SYSTEM, holderOf);
    const sequence = out.length + 1;
    out.push({
      key: `bc/committee-speech/${m.entry.folder}/${m.entry.code}/${m.entry.half}/${sequence}`,
      session_key: `bc/session/${m.entry.parliament}-${m.entry.session}`,
      politician_key: who,
      speaker_name_raw: t.speaker.raw,
      speaker_role: t.speaker.role,
      speaker_kind: t.speaker.presiding ? 'presiding' : null,
      spoken_at: localTimestamp(m.date, t.minutes),
      language: 'en',
      level: 'provincial',
      province_territory: 'BC',
      speech_type: 'committee',
      is_presiding: t.speaker.presiding,
      text,
      source_url: m.entry.url,
      source_anchor: t.anchor,
      source_system: SOURCE_SYSTEM,
      meeting_url: m.entry.url,
      order_of_business: t.orderOfBusiness,
      subject: t.subject,
      committee_name: m.entry.committeeName,
      sequence,
      is_draft: m.draft,
    });
  }
  return out;
}

export const bcCommitteesImporter: Importer = {
  kind: 'bc-committees',
  summary: 'BC committee transcripts (LIMS HDMS HTML, listed by the pcms meetings feed) → committee speeches',
  datasetDir: 'provincial-samples',
  terms: { commercial: 'unverified', summary: BC_TERMS },
  optional: 'the committee transcripts are not in ../shared/datasets: the nightly fetches them from LIMS (source bc-committees)',
  run: importBcCommittees,
};
