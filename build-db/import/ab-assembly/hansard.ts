// `canpol import ab-hansard`: Alberta Hansard, one PDF per sitting (an afternoon and an evening sitting
// of one day are two files) → speeches in English, through the PDF text path in reading order. Members
// are linked by the surname the label prints (and a riding in brackets when there is one), presiding
// officers by their office, whose holder the members' list at the front names; only among Alberta
// members, and only when the bundle holds the roster of the legislature the cover names. The roster
// dates nothing: the sitting's own members' list dates a shared surname instead. Several candidates
// left leave a speech unlinked, reported.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SpeechType } from '../../../src/core/domain/enums.js';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { unlinkedReason } from '../identity.js';
import { importStats } from '../import-stats.js';
import { readPdfLines } from '../pdf/pdf-lines.js';
import { inReadingOrder } from '../pdf/text-columns.js';
import type { ImportContext, Importer, ImportOutput, SourceInput } from '../types.js';
import { AB_REUSE, AB_TERMS } from './terms.js';
import { type AbSitting, type AbTurn, readAbSitting, readAbTurns } from './hansard-text.js';
import { firstFileOfSitting } from '../sitting-files.js';

export const AB_HANSARD_SOURCE = 'ab-hansard';
const HANSARD_FILE = /\.pdf$/i;
const transcripts = (s: AbSitting) =>
  `https://www.assembly.ab.ca/assembly-business/transcripts/transcripts-by-type?legl=${s.legislature}&session=${s.session}`;

function speechType(t: AbTurn): SpeechType {
  if (t.speaker.presiding) return 'presiding';
  if (t.orderOfBusiness === 'Oral Question Period') return 'question_period';
  if (t.orderOfBusiness === "Members' Statements" || t.orderOfBusiness === 'Ministerial Statements') return 'statement';
  return 'floor';
}

export async function importAbHansard(from: string, ctx: ImportContext): Promise<ImportOutput> {
  const { stats, add } = importStats({
    files: 0,
    sittings: 0,
    speeches: 0,
    speeches_linked: 0,
    presiding_turns: 0,
    lines_before_a_speaker: 0,
  });
  const speeches: Array<SourceInput<'speeches'>> = [];
  const sessions = new Map<string, SourceInput<'sessions'>>();
  const rosters = new Set(
    (ctx.existing.politicians ?? []).filter((p) => p.province_territory === 'AB').flatMap((p) => p.terms.map((t) => t.parliament_number)),
  );
  const seen = new Map<string, string>();
  for (const file of readdirSync(from)
    .filter((f) => HANSARD_FILE.test(f))
    .sort()) {
    add('files');
    let lines: Awaited<ReturnType<typeof readPdfLines>>;
    try {
      lines = inReadingOrder(await readPdfLines(new Uint8Array(readFileSync(join(from, file)))));
    } catch (e) {
      ctx.skip({ file, record: 'whole file', reason: 'unreadable PDF', detail: String(e) });
      continue;
    }
    const s = readAbSitting(lines);
    if (!s) {
      ctx.skip({ file, record: 'whole file', reason: 'no legislature, session, sitting date or time on the cover and title' });
      continue;
    }
    const clock = `${String(Math.floor(s.startMinutes / 60)).padStart(2, '0')}${String(s.startMinutes % 60).padStart(2, '0')}`;
    const sitting = `${s.date}/${clock}`;
    if (!firstFileOfSitting(seen, sitting, file, ctx)) continue;
    add('sittings');
    const sessionKey = `ab/session/${s.legislature}-${s.session}`;
    const known = sessions.get(sessionKey);
    if (!known || s.date < known.start_date)
      sessions.set(sessionKey, {
        key: sessionKey,
        level: 'provincial',
        province_territory: 'AB',
        parliament_number: s.legislature,
        session_number: s.session,
        name: `Legislature ${s.legislature}, Session ${s.session}`,
        start_date: s.date,
      });
    const { turns, unread } = readAbTurns(lines, s);
    if (unread) {
      add('lines_before_a_speaker', unread);
      ctx.skip({
        file,
        record: 'text before the first speaker',
        reason: 'lines with no speaker label before them',
        detail: `${unread} line(s)`,
      });
    }
    const linkable = rosters.has(s.legislature);
    let sequence = 0;
    for (const t of turns) {
      const record = `page ${t.page} (${t.speaker.raw})`;
      const text = t.paragraphs.join('\n\n');
      if (!text) {
        ctx.skip({ file, record, reason: 'speaker line with no text' });
        continue;
      }
      let key: string | null = null;
      const person = t.speaker.kind === 'member' || t.speaker.kind === 'presiding';
      if (person && !linkable)
        ctx.skip({
          file,
          record,
          reason: `speaker unlinked: no roster of legislature ${s.legislature} in the bundle`,
          detail: `${t.speaker.raw} on ${s.date}`,
        });
      else if (person && !t.speaker.lastName)
        ctx.skip({ file, record, reason: 'speaker unlinked: presiding officer not named', detail: `${t.speaker.raw} on ${s.date}` });
      else if (person) {
        const query = { lastName: t.speaker.lastName, constituency: t.speaker.riding, level: 'provincial' as const, province: 'AB' };
        // Several members of that surname in the bundle (rosters of several legislatures): the sitting's
        // own members' list dates it — the one member of it who bears the name, and that riding.
        const same = s.members.filter((m) => m.lastName.toLowerCase() === t.speaker.lastName!.toLowerCase());
        const dated =
          !query.constituency && same.length === 1 && ctx.identity.lookup(query).key === null
            ? { ...query, constituency: same[0].riding }
            : query;
        const r = ctx.identity.resolve(AB_HANSARD_SOURCE, dated);
        key = r.key;
        if (r.key !== null) add('speeches_linked');
        else
          ctx.skip({
            file,
            record,
            reason: unlinkedReason('speaker', r.reason, 'Alberta members', ''),
            detail: `${t.speaker.raw} on ${s.date}${r.detail ? `: ${r.detail}` : ''}`,
          });
      }
      sequence++;
      if (t.speaker.presiding) add('presiding_turns');
      speeches.push({
        key: `ab/speech/${sitting}/${sequence}`,
        session_key: sessionKey,
        politician_key: key,
        speaker_name_raw: t.speaker.raw,
        speaker_role: t.speaker.role,
        speaker_kind: t.speaker.kind,
        spoken_at: wallClockTimestamp(s.date, t.minutes * 60, 'AB'),
        language: 'en',
        level: 'provincial',
        province_territory: 'AB',
        speech_type: speechType(t),
        is_presiding: t.speaker.presiding,
        text,
        source_url: transcripts(s),
        source_anchor: `${file}#page=${t.page}`,
        source_system: AB_HANSARD_SOURCE,
        order_of_business: t.orderOfBusiness,
        subject: t.subject,
        sequence,
      });
      add('speeches');
    }
  }
  ctx.log(`${speeches.length} speeches from ${stats.sittings} Alberta sittings, ${stats.speeches_linked} linked`);
  return {
    records: { speeches, ...(sessions.size ? { sessions: [...sessions.values()] } : {}) },
    sources: [
      {
        id: 'ab-hansard',
        version: `${stats.files} PDF file(s): ${[...seen.keys()].sort().join(' ')}`,
        url: 'https://www.assembly.ab.ca/assembly-business/transcripts/transcripts-by-type',
        licence: AB_TERMS,
      },
    ],
    coverage: speeches.length
      ? [
          {
            jurisdiction: 'AB',
            hansard: 'partial',
            source_urls: { hansard: 'https://www.assembly.ab.ca/assembly-business/transcripts/transcripts-by-type' },
            notes: `Alberta Hansard: ${stats.sittings} sitting(s) from PDF; ${stats.speeches_linked} of ${stats.speeches} speeches linked to a member; committee transcripts not included.`,
          },
        ]
      : [],
    stats,
  };
}

export const abHansardImporter: Importer = {
  terms: AB_REUSE,
  kind: 'ab-hansard',
  summary: 'Legislative Assembly of Alberta Hansard PDF → speeches',
  datasetDir: 'ab-hansard',
  optional: 'not in the shared datasets: fetched by the nightly (source ab-hansard, lister ab-hansard-sittings)',
  run: importAbHansard,
};
