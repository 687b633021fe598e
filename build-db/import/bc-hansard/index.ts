// `canpol import bc-hansard`: BC Legislative Assembly Hansard HTML (finals and "Blues" drafts, as
// published on leg.bc.ca) → speeches, plus the BC session when the files show its opening. The
// committee seed list is read for the report only: it has URLs and dates but no transcripts.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Importer, ImportContext, ImportOutput, SourceInput } from '../types.js';
import { importStats } from '../import-stats.js';
import { readCommitteeSeed, SEED_FILE } from './committee-seed.js';
import { transcriptRoot } from './document.js';
import { parseHtml } from '../html-text.js';
import { opensSession, sessionRecord, speechRecords } from './records.js';
import { readSitting } from './sitting.js';
import { walkTranscript } from './walk.js';
import { mastheadSpeaker } from './presiding.js';
import { firstFileOfSitting } from '../sitting-files.js';
import { readText } from '../read-text.js';

const HANSARD_FILE = /^\d{8}(?:am|pm)-.*\.html?(?:\.gz)?$/i;

/** By sitting, and for one sitting the final before its Blues: the revised text is the one kept. */
function finalsFirst(a: string, b: string): number {
  const blues = (f: string) => (/blues/i.test(f) ? 1 : 0);
  return a.slice(0, 10).localeCompare(b.slice(0, 10)) || blues(a) - blues(b) || a.localeCompare(b);
}

export function importBcHansard(from: string, ctx: ImportContext): ImportOutput {
  const speeches: Array<SourceInput<'speeches'>> = [];
  const openings = new Map<string, { parliament: number; session: number; date: string }>();
  const { stats, add } = importStats({ files: 0, final_files: 0, draft_files: 0, speaker_paragraphs: 0, presiding_turns: 0 });
  const seen = new Map<string, string>();

  for (const file of readdirSync(from)
    .filter((f) => HANSARD_FILE.test(f))
    .sort(finalsFirst)) {
    const fileName = file.replace(/\.gz$/i, '');
    let html: string;
    try {
      html = readText(join(from, file));
    } catch (e) {
      ctx.skip({ file, record: 'whole file', reason: 'unreadable file', detail: String(e) });
      continue;
    }
    const doc = parseHtml(html);
    const sitting = readSitting(doc, fileName);
    if (!sitting) {
      ctx.skip({
        file,
        record: 'whole file',
        reason: 'no sitting date',
        detail: 'neither the document nor the file name gives a date and sitting',
      });
      continue;
    }
    if (!firstFileOfSitting(seen, sitting.id, file, ctx)) continue;
    for (const c of sitting.conflicts) ctx.log(`${file}: file name and document disagree (${c}); the document is used`);
    if (sitting.conflicts.length) add('files_name_disagrees_with_document');
    if (sitting.draftByName !== sitting.draftByDocument) {
      add('draft_signals_disagree');
      ctx.log(
        `${file}: ${sitting.draftByName ? 'named Blues but the document does not say draft' : 'the document says draft but the name is not Blues'}; marked draft`,
      );
    }
    if (!sitting.parliament || !sitting.session) add('sittings_without_session');

    const { root, found } = transcriptRoot(doc);
    if (!found) add('files_without_transcript_container');
    const walked = walkTranscript(root, sitting.metaStart);
    for (const p of walked.problems)
      ctx.skip({ file, record: `paragraph ${p.paragraph}`, reason: p.reason, ...(p.detail ? { detail: p.detail } : {}) });
    const records = speechRecords(walked.turns, sitting, fileName, file, ctx, mastheadSpeaker(doc));
    speeches.push(...records);

    add('files');
    add(sitting.isDraft ? 'draft_files' : 'final_files');
    add('speaker_paragraphs', walked.counts.speakerParagraphs);
    add('unnamed_speaker_paragraphs_read_as_continuation', walked.counts.unnamedSpeakerBegins);
    add('turns_resumed_after_a_heading', walked.counts.resumedAfterHeading);
    for (const [k, n] of Object.entries(walked.counts.unknownKinds)) add(`paragraphs_of_unknown_class_read_as_text:${k}`, n);
    add('presiding_turns', records.filter((r) => r.is_presiding).length);
    add(
      ctx.identity.hasRoster('provincial', 'BC') ? 'speeches_linked' : 'speeches_not_linked_no_bc_roster',
      records.filter((r) => (ctx.identity.hasRoster('provincial', 'BC') ? r.politician_key : true)).length,
    );
    add(sitting.isDraft ? 'draft_speeches' : 'final_speeches', records.length);

    if (sitting.parliament && sitting.session && opensSession(walked.turns)) {
      const k = `${sitting.parliament}-${sitting.session}`;
      const known = openings.get(k);
      if (!known || sitting.date < known.date)
        openings.set(k, { parliament: sitting.parliament, session: sitting.session, date: sitting.date });
    }
  }

  Object.assign(stats, readCommitteeSeed(join(from, SEED_FILE), ctx));
  const sessions = [...openings.values()].map((o) => sessionRecord(o.parliament, o.session, o.date));
  ctx.log(`${speeches.length} speeches from ${stats.files} sittings; ${sessions.length} session(s) with an opening date`);

  return {
    records: { speeches, ...(sessions.length ? { sessions } : {}) },
    sources: [
      {
        id: 'bc-hansard-html-samples',
        version: [...seen.keys()].sort().join(' '),
        url: 'https://www.leg.bc.ca/parliamentary-business/hansard-debates',
        licence: 'Hansard © Legislative Assembly of British Columbia; test material (no licence stated upstream)',
      },
    ],
    coverage: [
      {
        jurisdiction: 'BC',
        hansard: 'partial',
        source_urls: { hansard_files: 'https://lims.leg.bc.ca/hdms/file/Debates/' },
        notes: `BC Hansard: ${stats.files} House sittings (${stats.final_files} final, ${stats.draft_files} draft "Blues"); speakers linked only when a BC member roster is in the bundle; committee transcripts are read by bc-committees (nightly).`,
      },
    ],
    stats,
  };
}

export const bcHansardImporter: Importer = {
  kind: 'bc-hansard',
  summary: 'BC Hansard HTML (finals and Blues drafts) → speeches',
  datasetDir: 'bc-hansard-html-samples',
  terms: {
    commercial: 'unverified',
    summary: 'Hansard © Legislative Assembly of British Columbia; reuse terms unverified: no licence is stated with the files',
  },
  run: importBcHansard,
};
