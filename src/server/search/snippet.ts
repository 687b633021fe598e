// snippet_html (decisions 6): a window of the chunk around its first matched word, every matched
// word wrapped in <mark>, everything else HTML-escaped. Matching uses the same words and stems as
// the keyword index, so what is marked is what matched.
import { isStop, stem, stemInitials, type Lang } from '../../core/text/terms.js';
import type { ChunkWords } from '../../core/text/chunk-words.js';
import { eachWord } from '../../core/text/words.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

export interface SnippetOptions {
  width?: number;
}

/** `stems`: the query's stems; empty marks nothing (recent and anchor modes). `words`: the text's
 *  words already stemmed (src/search/text/chunk-words.ts), when the caller keeps them. */
export function snippetHtml(
  text: string,
  lang: Lang,
  stems: ReadonlySet<string>,
  { width = 240 }: SnippetOptions = {},
  words?: ChunkWords,
): string {
  // Offsets of the marked words: [start, end, start, end, ...].
  const marks: number[] = [];
  let start = 0;
  // Words are read only up to the end of the window: none after it is shown.
  let stop = Infinity;
  const mark = (from: number, to: number) => {
    if (!marks.length) {
      if (from > width / 3) {
        // Start at a word boundary a little before the first match.
        const back = from - Math.floor(width / 3);
        start = text.indexOf(' ', back) + 1 || back;
      }
      stop = start + width;
    }
    marks.push(from, to);
  };
  if (stems.size && words) {
    const { stems: held, offsets } = words;
    for (let i = 0; i < held.length; i++) {
      if (offsets[2 * i] >= stop) break;
      const s = held[i];
      if (s !== null && stems.has(s)) mark(offsets[2 * i], offsets[2 * i + 1]);
    }
  } else if (stems.size) {
    const initials = stemInitials(stems);
    eachWord(text, (w) => {
      if (w.start >= stop) return false;
      if (!initials.has(w.norm[0]) || isStop(w.norm, lang) || !stems.has(stem(w.norm, lang))) return;
      mark(w.start, w.end);
    });
  }
  let end = Math.min(text.length, start + width);
  if (end < text.length) {
    const cut = text.lastIndexOf(' ', end);
    if (cut > start) end = cut;
  }
  let html = start > 0 ? '…' : '';
  let at = start;
  for (let i = 0; i < marks.length; i += 2) {
    const from = marks[i],
      to = marks[i + 1];
    if (from < start || to > end) continue;
    html += `${escapeHtml(text.slice(at, from))}<mark>${escapeHtml(text.slice(from, to))}</mark>`;
    at = to;
  }
  html += escapeHtml(text.slice(at, end));
  return end < text.length ? `${html}…` : html;
}
