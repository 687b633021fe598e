// snippet_html (decisions 6): a window of the chunk around its first matched word, every matched
// word wrapped in <mark>, everything else HTML-escaped. Matching uses the same words and stems as
// the keyword index, so what is marked is what matched.
import { isStop, stem, stemInitials, type Lang } from './text/terms.js';
import { eachWord, type Word } from './text/words.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

export interface SnippetOptions { width?: number }

/** `stems`: the query's stems; empty marks nothing (recent and anchor modes). */
export function snippetHtml(text: string, lang: Lang, stems: ReadonlySet<string>, { width = 240 }: SnippetOptions = {}): string {
  const marks: Word[] = [];
  let start = 0;
  if (stems.size) {
    // Words are read only up to the end of the window: none after it is shown.
    let stop = Infinity;
    const initials = stemInitials(stems);
    eachWord(text, (w) => {
      if (w.start >= stop) return false;
      if (!initials.has(w.norm[0]) || isStop(w.norm, lang) || !stems.has(stem(w.norm, lang))) return;
      if (!marks.length) {
        if (w.start > width / 3) {
          // Start at a word boundary a little before the first match.
          const from = w.start - Math.floor(width / 3);
          start = text.indexOf(' ', from) + 1 || from;
        }
        stop = start + width;
      }
      marks.push(w);
    });
  }
  let end = Math.min(text.length, start + width);
  if (end < text.length) { const cut = text.lastIndexOf(' ', end); if (cut > start) end = cut; }
  let html = start > 0 ? '…' : '';
  let at = start;
  for (const m of marks) {
    if (m.start < start || m.end > end) continue;
    html += `${escapeHtml(text.slice(at, m.start))}<mark>${escapeHtml(text.slice(m.start, m.end))}</mark>`;
    at = m.end;
  }
  html += escapeHtml(text.slice(at, end));
  return end < text.length ? `${html}…` : html;
}
