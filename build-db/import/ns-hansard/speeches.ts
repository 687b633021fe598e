// Nova Scotia Hansard turns → speech records: members linked by their profile slug (the key
// ns-members writes), else by the name printed among Nova Scotia members serving that day; the
// Speaker by the name the sitting's head prints for the office; a Deputy Speaker or Chair only when
// the label names them; the Clerk and the members' collective voice never linked.
import type { SpeechType } from '../../../src/core/domain/enums.js';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { unlinkedReason } from '../identity.js';
import type { ImportContext, SourceInput } from '../types.js';
import type { NsSitting, NsTurn } from './turns.js';

export const NS_HANSARD_SOURCE = 'ns-hansard';

function speechType(t: NsTurn): SpeechType {
  if (t.speaker.kind === 'presiding') return 'presiding';
  if (t.speaker.kind !== 'member') return 'procedural';
  if (/^ORAL QUESTIONS/.test(t.orderOfBusiness ?? '')) return 'question_period';
  if (/^STATEMENTS BY (?:MEMBERS|MINISTERS)$/.test(t.orderOfBusiness ?? '')) return 'statement';
  return 'floor';
}

export function nsSpeechRecords(
  s: NsSitting & { date: string },
  where: { file: string; sessionKey: string; url: string },
  ctx: ImportContext,
  add: (k: string, n?: number) => void,
): Array<SourceInput<'speeches'>> {
  const out: Array<SourceInput<'speeches'>> = [];
  const roster = ctx.identity.hasRoster('provincial', 'NS');
  for (const t of s.turns) {
    const record = `${t.anchor ?? `turn ${out.length + 1}`} (${t.speaker.raw})`;
    const text = t.paragraphs.join('\n\n');
    if (!text) {
      ctx.skip({ file: where.file, record, reason: 'speaker line with no text' });
      continue;
    }
    if (t.minutes === null) {
      ctx.skip({ file: where.file, record, reason: 'speech before any printed time' });
      continue;
    }
    const { speaker } = t;
    // The Speaker's turns are the head's Speaker's; another presiding officer only when named.
    const name = speaker.name ?? (speaker.kind === 'presiding' && speaker.role === 'Speaker' ? s.speakerName : null);
    let key: string | null = null;
    if (speaker.kind === 'member' || speaker.kind === 'presiding') {
      if (!roster)
        ctx.skip({
          file: where.file,
          record,
          reason: 'speaker unlinked: no Nova Scotia roster in the bundle',
          detail: `${speaker.raw} on ${s.date}`,
        });
      else if (!name && !speaker.slug)
        ctx.skip({
          file: where.file,
          record,
          reason: 'speaker unlinked: presiding officer not named',
          detail: `${speaker.raw} on ${s.date}`,
        });
      else {
        const r = ctx.identity.resolve(NS_HANSARD_SOURCE, {
          key: speaker.slug ? `ns-leg/member/${speaker.slug}` : null,
          name,
          on: s.date,
          level: 'provincial',
          province: 'NS',
        });
        if (r.key !== null) {
          key = r.key;
          add('speeches_linked');
        } else
          ctx.skip({
            file: where.file,
            record,
            reason: unlinkedReason('speaker', r.reason, 'Nova Scotia members'),
            detail: `${speaker.raw}${name && name !== speaker.raw ? ` (${name})` : ''} on ${s.date}`,
          });
      }
    }
    const sequence = out.length + 1;
    out.push({
      key: `ns/speech/${s.date}/${sequence}`,
      session_key: where.sessionKey,
      politician_key: key,
      speaker_name_raw: speaker.raw,
      speaker_role: speaker.role,
      speaker_kind: speaker.kind,
      spoken_at: wallClockTimestamp(s.date, t.minutes * 60, 'NS'),
      language: 'en',
      level: 'provincial',
      province_territory: 'NS',
      speech_type: speechType(t),
      is_presiding: speaker.kind === 'presiding',
      text,
      source_url: where.url,
      source_anchor: t.anchor,
      source_system: NS_HANSARD_SOURCE,
      order_of_business: t.orderOfBusiness,
      subject: t.subject,
      sequence,
    });
  }
  return out;
}
