// `canpol import hoc-hansard`: House of Commons publication XML (House Debates and committee
// Evidence, English and French editions) → speeches (one per intervention), votes with every
// member's position (one per recorded division), and the federal sessions whose dates are known.
// Committee meetings follow from the committee speeches' meeting_url at build time.
// Two passes: every document is read first, so a division list can use speaker labels printed in
// any document of the same Parliament (directory.ts); then the records are built.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { importStats } from '../import-stats.js';
import { DocumentDirectory, ParliamentDirectory } from './directory.js';
import { child, elements, first, parseXml } from './document.js';
import { readText } from '../read-text.js';
import { readMeta, type DocMeta } from './metadata.js';
import { paragraphsById, parallelTexts, type ParagraphsById } from './parallel.js';
import { readSessionDates, SESSIONS_FILE, sessionKey, sessionRecord } from './sessions.js';
import { speakerOf, speechRecords, type Lookup } from './speeches.js';
import { voteRecord } from './votes.js';
import { loadFederalRidings } from '../people/federal-ridings.js';
import { HansardMembers } from './hansard-members.js';
import { walkBody, type Walked } from './walk.js';

const XML_FILE = /\.xml(?:\.gz)?$/i;

interface Parsed {
  file: string;
  name: string;
  meta: DocMeta;
  walked: Walked;
  directory: DocumentDirectory;
  paragraphs: ParagraphsById;
}

function commitOf(from: string): string {
  try {
    return /\*\*Commit:\*\*\s*`([0-9a-f]{7,40})`/.exec(readFileSync(join(from, 'SOURCE.md'), 'utf8'))?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function importHocHansard(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats();

  // Pass 1: read, parse and walk every document.
  const docs: Parsed[] = [];
  const seen = new Map<string, string>();
  const parliaments = new ParliamentDirectory();
  for (const file of readdirSync(from)
    .filter((f) => XML_FILE.test(f))
    .sort()) {
    const name = basename(file).replace(XML_FILE, '');
    let doc;
    try {
      doc = parseXml(readText(join(from, file)));
    } catch (e) {
      ctx.skip({ file, record: 'whole file', reason: 'unreadable file', detail: String(e) });
      continue;
    }
    const m = readMeta(doc, file);
    if ('problem' in m) {
      ctx.skip({ file, record: 'whole file', ...m.problem });
      continue;
    }
    const hansard = elements(doc).find((e) => e.name === 'Hansard') ?? first(doc, 'Hansard');
    const body = hansard ? child(hansard, 'HansardBody') : undefined;
    if (!body) {
      ctx.skip({ file, record: 'whole file', reason: 'no HansardBody' });
      continue;
    }
    if (seen.has(m.meta.docId)) {
      ctx.skip({
        file,
        record: 'whole file',
        reason: 'second file for the same document',
        detail: `${m.meta.docId} already read from ${seen.get(m.meta.docId)}`,
      });
      continue;
    }
    seen.set(m.meta.docId, file);
    const walked = walkBody(body);
    for (const p of walked.problems) ctx.skip({ file, ...p });
    const directory = new DocumentDirectory();
    for (const t of walked.interventions) {
      const { dbId, label } = speakerOf(t.el);
      if (!label) continue;
      directory.add(dbId, label);
      parliaments.add(m.meta.parliament, dbId, label);
    }
    docs.push({ file, name, meta: m.meta, walked, directory, paragraphs: paragraphsById(doc) });
  }

  // Sessions: dated ones from the fixture are emitted; ones another importer provides are referred to.
  const fixture = readSessionDates(join(from, '..', SESSIONS_FILE));
  if (fixture.problem) ctx.log(`${SESSIONS_FILE}: ${fixture.problem}; no session dates from it`);
  const existing = new Set((ctx.existing.sessions ?? []).map((s) => s.key));
  const sessions: Array<SourceInput<'sessions'>> = [];
  const sessionOf = new Map<string, string | null>();
  for (const { meta, file } of docs) {
    const ps = `${meta.parliament}-${meta.session}`;
    if (sessionOf.has(ps)) continue;
    const key = sessionKey(meta.parliament, meta.session);
    const dates = fixture.dates.get(ps);
    if (dates) {
      sessions.push(sessionRecord(meta.parliament, meta.session, dates));
      sessionOf.set(ps, key);
    } else if (existing.has(key)) sessionOf.set(ps, key);
    else {
      sessionOf.set(ps, null);
      ctx.skip({
        file: SESSIONS_FILE,
        record: `session ${ps} (first seen in ${file})`,
        reason: 'session without a known start date',
        detail: 'not in the fixture nor in the bundle: its speeches keep session_key null and its divisions are skipped',
      });
    }
  }

  // Pass 2: records.
  const ridings = loadFederalRidings(join(from, '..'));
  const members = new HansardMembers(ctx.identity, ridings);
  const speeches: Array<SourceInput<'speeches'>> = [];
  const votes = new Map<string, { vote: SourceInput<'votes'>; file: string }>();
  for (const { file, name, meta, walked, directory } of docs) {
    const lookup: Lookup = {
      inDocument: (id) => directory.get(id),
      inParliament: (id) => parliaments.get(meta.parliament, id),
      english: (r) => ridings.englishName(r),
    };
    const sKey = sessionOf.get(`${meta.parliament}-${meta.session}`) ?? null;
    const s = speechRecords(meta, file, walked.interventions, lookup, sKey, ctx, members);
    speeches.push(...s.speeches);
    add(`interventions:${name}`, walked.interventions.length);
    add(`speeches:${name}`, s.speeches.length);
    // Per document: members' turns (presiding or not) and those linked; the rest are not politicians.
    add(`speakers_members:${name}`, s.resolvable);
    add(`speakers_linked:${name}`, s.resolved);
    add(`speeches_spoken_in_the_other_language:${name}`, s.translatedTurns);
    add('speeches_with_empty_label_named_from_their_dbid', s.emptyLabels);
    add('speeches_presiding_named_by_the_header', s.chairFromHeader);
    for (const [kind, n] of Object.entries(s.notPoliticians)) add(`speeches_not_politicians:${kind}`, n);
    add('speeches_presiding', s.speeches.filter((x) => x.is_presiding).length);
    add('paragraphs_opening_with_another_speakers_label', walked.inlineLabels);
    add('speeches_changing_floor_language_mid_turn', walked.interventions.filter((t) => t.floorChanges > 0).length);
    add(
      'narrative_paragraphs_outside_interventions',
      walked.narrative.reduce((n, b) => n + b.paragraphs.length, 0),
    );
    for (const b of walked.narrative) {
      ctx.skip({
        file,
        record: `ParaText ${b.id ?? '(no id)'}`,
        reason: 'narrative outside any intervention (no speaker; kept only as vote context)',
        detail: `${b.paragraphs.length} paragraph(s): ${b.paragraphs[0].slice(0, 100)}`,
      });
    }
    if (walked.writtenAnswers) {
      add('written_question_answers_not_imported', walked.writtenAnswers);
      ctx.skip({
        file,
        record: `${walked.writtenAnswers} WrittenQuestionResponse`,
        reason: 'written answers to order-paper questions (not interventions)',
      });
    }
    for (const d of walked.divisions) {
      const v = voteRecord(meta, file, d, lookup, sKey, ctx, members);
      add('divisions', 1);
      if (!v.vote) continue;
      const other = votes.get(v.vote.key);
      if (other) {
        const same = other.vote.ayes === v.vote.ayes && other.vote.nays === v.vote.nays;
        ctx.skip({
          file,
          record: `Division ${v.vote.key}`,
          reason: 'division already read from another edition',
          detail: `kept from ${other.file}; totals ${same ? 'agree' : 'differ'}`,
        });
        continue;
      }
      votes.set(v.vote.key, { vote: v.vote, file });
      add(`voters_linked:${name}:${v.vote.key.split('/').pop()}`, v.resolved);
      if (v.totalsDiffer) add('divisions_printed_total_differs');
    }
  }
  // Members no roster has that day, written from their labels; the rest reported.
  const settled = members.settle();
  for (const sk of settled.skips) ctx.skip(sk);
  for (const [k, n] of Object.entries(settled.stats)) add(k, n);
  add('acts_linked_to_members_written_from_hansard', settled.linked);
  add('documents', docs.length);
  add('committee_meetings', new Set(speeches.map((s) => s.meeting_url).filter(Boolean)).size);
  ctx.log(`${speeches.length} speeches and ${votes.size} divisions from ${docs.length} documents`);
  const dates = docs.map((d) => d.meta.date).sort();
  const pairs = parallelTexts(
    docs.map((d) => ({ publicationId: d.meta.publicationId, language: d.meta.language, paragraphs: d.paragraphs })),
  );
  add('parallel_paragraph_pairs', pairs.length);

  return {
    records: {
      speeches,
      votes: [...votes.values()].map((v) => v.vote),
      parallel_texts: pairs,
      ...(sessions.length ? { sessions } : {}),
      ...(settled.politicians.length ? { politicians: settled.politicians } : {}),
    },
    sources: [
      {
        id: 'hoc-hansard-xml-samples',
        version: `michaelmulley/openparliament@${commitOf(from).slice(0, 12)}: ${docs.length} documents, ${dates[0] ?? '?'} to ${dates.at(-1) ?? '?'}`,
        url: 'https://www.ourcommons.ca/documentviewer/en/house/latest/hansard',
        licence: 'Content © House of Commons (reproduction permitted for non-commercial use with attribution)',
      },
    ],
    coverage: [
      {
        jurisdiction: 'federal',
        hansard: 'partial',
        votes: 'partial',
        committees: 'partial',
        source_urls: {
          hansard: 'https://www.ourcommons.ca/documentviewer/en/house/latest/hansard',
          committees: 'https://www.ourcommons.ca/Committees/en/Meetings',
        },
        notes: `House of Commons Hansard: ${docs.filter((d) => d.meta.kind === 'debates').length} House sittings and ${docs.filter((d) => d.meta.kind === 'committee').length} committee meetings (2011-2024 samples), ${votes.size} recorded divisions with member positions.`,
      },
    ],
    stats,
  };
}

export const hocHansardImporter: Importer = {
  kind: 'hoc-hansard',
  summary: 'House of Commons Debates and committee Evidence XML → speeches, divisions with positions',
  datasetDir: 'hoc-hansard-xml-samples',
  run: importHocHansard,
};
