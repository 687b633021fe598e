// The scale corpus's speeches, one chunk each, streamed: a real speech gives the speaker, party,
// language, level and kind of sitting; 1-4 of its language's real paragraphs give the shape of the
// text, and 30% of their words are redrawn (from the real word frequencies, or from the tail of
// never-seen words at the fitted rate); the date is a weekday between 1994 and 2026 with its session.
import { REPLACE, TAIL_OFFSET, type CorpusModel, type Lang, type Speech } from './fit.js';
import { seeded, zipfRank } from './random.js';
import { tailWord } from './tail-words.js';

export interface Session {
  key: string;
  level: string;
  start_date: string;
  end_date?: string | null;
}

const FIRST_DAY = Date.UTC(1994, 0, 17);
const LAST_DAY = Date.UTC(2026, 5, 30);
const DAY = 86_400_000;
/** Under the chunker's 480 words, so each generated speech is one chunk. */
const MAX_WORDS = 470;

export function* generateSpeeches(model: CorpusModel, sessions: Session[], count: number, seed: number): Generator<Speech> {
  const random = seeded(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const federal = sessions.filter((s) => s.level === 'federal' && s.start_date).sort((a, b) => a.start_date.localeCompare(b.start_date));
  const typo: Record<Lang, (h: number) => string> = {
    en: (h) => model.languages.en.tokens[h % model.languages.en.tokens.length].toLowerCase(),
    fr: (h) => model.languages.fr.tokens[h % model.languages.fr.tokens.length].toLowerCase(),
  };
  for (let i = 0; i < count; i++) {
    const template = pick(model.speeches);
    const lang: Lang = model.languages[template.language]?.paragraphs.length ? template.language : 'en';
    const m = model.languages[lang];
    const parts: string[] = [];
    let words = 0;
    // As many paragraphs as the model speech has (so speech lengths are real), up to one chunk.
    for (let n = template.text.split(/\n\s*\n/).length; n > 0; n--) {
      const pieces = pick(m.paragraphs);
      const w = (pieces.length - 1) / 2;
      if (parts.length && words + w > MAX_WORDS) break;
      const keep = Math.min(w, MAX_WORDS);
      let text = pieces[0];
      for (let k = 0; k < keep; k++) {
        let word = pieces[2 * k + 1];
        if (random() < REPLACE)
          word = random() < m.tailShare ? tailWord(zipfRank(random, m.tailExponent, TAIL_OFFSET), lang, typo[lang]) : pick(m.tokens);
        text += word + (k === keep - 1 ? (keep < w ? '.' : pieces[2 * k + 2]) : pieces[2 * k + 2]);
      }
      parts.push(text.trim());
      words += keep;
    }
    let spoken: Date;
    let session = template.session_key ?? null;
    if (template.level === 'federal' && federal.length) {
      let day = FIRST_DAY + Math.floor(random() * ((LAST_DAY - FIRST_DAY) / DAY)) * DAY;
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0 || weekday === 6) day += (weekday === 6 ? 2 : 1) * DAY;
      spoken = new Date(day + 14 * 3_600_000);
      const iso = spoken.toISOString().slice(0, 10);
      session = (federal.findLast((s) => s.start_date <= iso) ?? federal[0]).key;
    } else {
      // Provincial samples come from one recent session: keep their dates within a season of it.
      spoken = new Date(Date.parse(template.spoken_at) + Math.floor(random() * 120) * DAY);
    }
    yield {
      ...template,
      key: `scale/${i}`,
      language: lang,
      text: parts.join('\n\n'),
      session_key: session,
      spoken_at: spoken.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      source_anchor: null,
      meeting_url:
        template.speech_type === 'committee'
          ? `${(template.meeting_url as string | null) ?? 'https://example.org/committee'}#scale-${i % 5000}`
          : (template.meeting_url ?? null),
    };
  }
}
