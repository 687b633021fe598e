// Turns of one sitting → speech records (build-db/sources/schemas.ts, speeches), and the BC session
// record when the files establish its opening date.
import type { ImportContext, SourceInput } from '../types.js';
import { localTimestamp } from './clock.js';
import type { Sitting } from './sitting.js';
import { speechType } from './speech-type.js';
import type { Turn } from './walk.js';
import { presidingHolder } from './presiding.js';
import { linkSpeaker } from './link-speaker.js';

export const SOURCE_SYSTEM = 'bc-hansard';

/** 1 → "1st", 2 → "2nd", 43 → "43rd", 11 → "11th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')}`;
}

export const sessionKey = (s: Pick<Sitting, 'parliament' | 'session'>) =>
  s.parliament && s.session ? `bc/session/${s.parliament}-${s.session}` : null;

/**
 * Where leg.bc.ca serves the file: its Hansard document server keeps finals and Blues under
 * `/hdms/file/Debates/<43rd2nd>/<file name>` (the same layout as the committee URLs in the seed list,
 * e.g. https://lims.leg.bc.ca/hdms/file/Debates/43rd1st/20250218pm-Hansard-n2.html).
 */
export function sourceUrl(s: Sitting, fileName: string): string | null {
  return s.parliament && s.session
    ? `https://lims.leg.bc.ca/hdms/file/Debates/${ordinal(s.parliament)}${ordinal(s.session)}/${encodeURIComponent(fileName)}`
    : null;
}

export function speechRecords(
  turns: Turn[],
  sitting: Sitting,
  fileName: string,
  file: string,
  ctx: ImportContext,
  /** The Speaker the page's masthead names, or null when it names none. */
  speaker: string | null = null,
): Array<SourceInput<'speeches'>> {
  const out: Array<SourceInput<'speeches'>> = [];
  const url = sourceUrl(sitting, fileName);
  for (const t of turns) {
    const record = `paragraph ${t.paragraph} (${t.speaker.raw})`;
    const text = t.paragraphs.join('\n\n');
    if (!text) {
      ctx.skip({ file, record, reason: 'speaker line with no text' });
      continue;
    }
    if (t.minutes === null) {
      ctx.skip({
        file,
        record,
        reason: 'speech before any printed time',
        detail: 'no "The House met at" line, time stamp or start-time meta before it',
      });
      continue;
    }
    const who = linkSpeaker(t, sitting.date, ctx, file, SOURCE_SYSTEM, (turn) =>
      turn.speaker.presiding ? presidingHolder(turn.speaker.name, turn.chair, speaker) : null,
    );
    const sequence = out.length + 1;
    out.push({
      key: `bc/speech/${sitting.id}/${sequence}`,
      session_key: sessionKey(sitting),
      politician_key: who,
      speaker_name_raw: t.speaker.raw,
      speaker_role: t.speaker.role,
      speaker_kind: t.speaker.presiding ? 'presiding' : null,
      spoken_at: localTimestamp(sitting.date, t.minutes),
      language: 'en',
      level: 'provincial',
      province_territory: 'BC',
      speech_type: speechType(t.speaker.presiding, t.orderOfBusiness),
      is_presiding: t.speaker.presiding,
      text,
      source_url: url,
      source_anchor: t.anchor,
      source_system: SOURCE_SYSTEM,
      order_of_business: t.orderOfBusiness,
      subject: t.subject,
      sequence,
      is_draft: sitting.isDraft,
    });
  }
  return out;
}

/**
 * A session's record, when one of its sittings in the files is the opening: BC opens every session
 * with the Speech from the Throne, so the earliest sitting with that business is the start date.
 * 43-2: the Blues of 2026-02-12 ("Second Session, 43rd Parliament") hold the throne speech — the
 * seed list's note that 43rd-2nd "opened 2026-02-24" is contradicted by the transcript itself.
 * 43-1 (not in these files, so not emitted): opened 2025-02-18, per that day's Hansard
 * (https://lims.leg.bc.ca/hdms/file/Debates/43rd1st/20250218pm-Hansard-n2.html: "This is the first
 * sitting of the 43rd parliament"), after the October 2024 general election.
 */
export function sessionRecord(parliament: number, session: number, openedOn: string): SourceInput<'sessions'> {
  return {
    key: `bc/session/${parliament}-${session}`,
    level: 'provincial',
    province_territory: 'BC',
    parliament_number: parliament,
    session_number: session,
    name: `${ordinal(parliament)} Parliament, ${ordinal(session)} Session`,
    start_date: openedOn,
  };
}

export const opensSession = (turns: Turn[]) => turns.some((t) => /^speech from the throne$/i.test(t.orderOfBusiness ?? ''));
