// Turns of one sitting, or of one committee meeting, → speech records (build-db/sources/schemas.ts,
// speeches). A turn whose paragraphs change language is written as one speech per run of one
// language, so each passage is indexed and searched with its own language's stems.
import type { SpeakerKind, SpeechType } from '../../../src/core/domain/enums.js';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import type { ImportContext, SourceInput } from '../types.js';
import { clearOrNeighbour, sentenceRuns } from './language.js';
import type { Turn } from './walk.js';
import { bareName, unlinkedReason } from '../identity.js';

export const SOURCE_SYSTEM = 'ontario-hansard';

export interface Sitting {
  date: string;
  parliament: number | null;
  session: number | null;
}

export const sessionKey = (s: Pick<Sitting, 'parliament' | 'session'>) =>
  s.parliament && s.session ? `on/session/${s.parliament}-${s.session}` : null;

/** Where ola.org serves the sitting now (the pages' anchors `paraNN` are kept). */
export const sittingUrl = (s: Sitting) =>
  s.parliament && s.session
    ? `https://www.ola.org/en/legislative-business/house-documents/parliament-${s.parliament}/session-${s.session}/${s.date}/hansard`
    : null;

export function speechType(t: Turn): SpeechType {
  if (t.speaker.kind === 'presiding') return 'presiding';
  if (t.speaker.kind === 'official' || t.speaker.kind === 'collective') return 'procedural';
  if (/^oral questions$/i.test(t.orderOfBusiness ?? '')) return 'question_period';
  if (/statements\b/i.test(t.orderOfBusiness ?? '')) return 'statement';
  return 'floor';
}

/** A committee's meeting: its turns are `committee` speeches of that committee (ontario-committees). */
export interface Meeting {
  /** The importer resolving its speakers and writing the records. */
  source: string;
  committee: string;
  /** The transcript's address: the meeting's identity in the API and each speech's source. */
  url: string;
  /** Unique among the meetings on file: the committee's slug and the transcript's own name. */
  id: string;
}

// Witnesses are printed in the members' shapes ("Mr. John Smith:"): a name that is not a member's
// serving that day, or a surname alone, is nobody's, never a guess by surname.
const WITNESS_SHAPE = 'a witness, or a member printed otherwise';
const oneWord = (name: string) => bareName(name).trim().split(/\s+/).length < 2;

export interface SittingCounts {
  linked: number;
  unlinked: number;
  not_politicians: number;
  language_runs_split: number;
  french_speeches: number;
}

export function speechRecords(
  turns: Turn[],
  sitting: Sitting,
  file: string,
  ctx: ImportContext,
  roster: boolean,
  meeting?: Meeting,
): { speeches: Array<SourceInput<'speeches'>>; counts: SittingCounts } {
  const speeches: Array<SourceInput<'speeches'>> = [];
  const counts: SittingCounts = { linked: 0, unlinked: 0, not_politicians: 0, language_runs_split: 0, french_speeches: 0 };
  const url = meeting ? meeting.url : sittingUrl(sitting);
  const source = meeting?.source ?? SOURCE_SYSTEM;
  for (const t of turns) {
    const record = `${t.anchor} (${t.speaker.raw})`;
    if (!t.paragraphs.length) {
      ctx.skip({ file, record, reason: 'speaker line with no text' });
      continue;
    }
    if (t.minutes === null) {
      ctx.skip({ file, record, reason: 'speech before any printed time', detail: 'no "The House met at" line or time stamp before it' });
      continue;
    }
    let key: string | null = null;
    const who = t.speaker;
    if (who.kind === 'official' || who.kind === 'collective') counts.not_politicians++;
    else if (!who.name) {
      counts.unlinked++;
      ctx.skip({ file, record, reason: 'speaker unlinked: presiding officer not named', detail: `${who.raw} on ${sitting.date}` });
    } else if (!roster) {
      counts.unlinked++;
      ctx.skip({
        file,
        record,
        reason: 'speaker unlinked: no Ontario member roster in the bundle',
        detail: `${who.name} on ${sitting.date}`,
      });
    } else if (meeting && who.kind === 'member' && oneWord(who.name)) {
      counts.unlinked++;
      ctx.skip({
        file,
        record,
        reason: `speaker unlinked: a surname alone in committee (${WITNESS_SHAPE})`,
        detail: `${who.name} on ${sitting.date}`,
      });
    } else {
      const r = ctx.identity.resolve(source, { name: who.name, on: sitting.date, level: 'provincial', province: 'ON' });
      if (r.key !== null) {
        key = r.key;
        counts.linked++;
      } else {
        counts.unlinked++;
        ctx.skip({
          file,
          record,
          reason: `${unlinkedReason('speaker', r.reason, 'Ontario members')}${meeting && who.kind === 'member' ? ` (${WITNESS_SHAPE})` : ''}`,
          detail: `${who.name} on ${sitting.date}${r.detail ? `: ${r.detail}` : ''}`,
        });
      }
    }
    // In committee a plain name that links nobody may be a witness: the label does not say which.
    const kind: SpeakerKind | null = meeting && who.kind === 'member' && !key ? null : who.kind;
    // Consecutive passages of one language make one speech: a paragraph that changes language
    // between sentences is its runs (sentenceRuns), each a passage of its own.
    const passages = t.paragraphs.flatMap((p) => sentenceRuns(p.text).map((r) => ({ anchor: p.anchor, text: r.text, clear: r.lang })));
    const langs = clearOrNeighbour(passages.map((p) => p.clear));
    const runs: Array<{ lang: 'en' | 'fr'; from: number; to: number }> = [];
    langs.forEach((l, i) => {
      const last = runs.at(-1);
      if (last && last.lang === l) last.to = i;
      else runs.push({ lang: l, from: i, to: i });
    });
    if (runs.length > 1) counts.language_runs_split++;
    for (const run of runs) {
      const sequence = speeches.length + 1;
      if (run.lang === 'fr') counts.french_speeches++;
      speeches.push({
        key: meeting ? `on/committee-speech/${meeting.id}/${sequence}` : `on/speech/${sitting.date}/${sequence}`,
        session_key: sessionKey(sitting),
        politician_key: key,
        speaker_name_raw: who.raw,
        speaker_role: who.role,
        speaker_kind: kind,
        spoken_at: wallClockTimestamp(sitting.date, t.minutes * 60, 'ON'),
        language: run.lang,
        level: 'provincial',
        province_territory: 'ON',
        speech_type: meeting ? 'committee' : speechType(t),
        is_presiding: who.kind === 'presiding',
        text: joinPassages(passages.slice(run.from, run.to + 1)),
        source_url: url,
        source_anchor: passages[run.from].anchor,
        source_system: source,
        order_of_business: t.orderOfBusiness,
        subject: t.subject,
        ...(meeting ? { committee_name: meeting.committee, meeting_url: meeting.url } : {}),
        sequence,
      });
    }
  }
  return { speeches, counts };
}

/** Passages of one run as one text: those of one paragraph as printed (a space), paragraphs apart. */
function joinPassages(passages: ReadonlyArray<{ anchor: string; text: string }>): string {
  return passages.map((p, i) => (i === 0 ? '' : p.anchor === passages[i - 1].anchor ? ' ' : '\n\n') + p.text).join('');
}

/** 1 → "1st", 41 → "41st". */
const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')}`;

/** A session with the first sitting of it on file as its start (the Assembly's opening day when the files reach it). */
export function sessionRecord(parliament: number, session: number, firstSitting: string): SourceInput<'sessions'> {
  return {
    key: `on/session/${parliament}-${session}`,
    level: 'provincial',
    province_territory: 'ON',
    parliament_number: parliament,
    session_number: session,
    name: `${ordinal(parliament)} Parliament, ${ordinal(session)} Session`,
    start_date: firstSitting,
  };
}
