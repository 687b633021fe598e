// snippet_html reads a chunk's words only up to the end of its window (the speed of a search page
// of 20 results is mostly this). What it shows must not change: it is compared with the direct
// definition (every word read, the matching ones kept, the window around the first) on real Hansard
// paragraphs in English and French, chunked as the build does, with queries whose words sit early,
// late or nowhere in the chunk.
import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chunksOf, hansardParagraphs } from '../../../bench/encoder/corpus.js';
import { escapeHtml, snippetHtml } from '../../../src/server/search/snippet.js';
import { chunkWords } from '../../../src/core/text/chunk-words.js';
import { isStop, stem, type Lang } from '../../../src/core/text/terms.js';
import { words } from '../../../src/core/text/words.js';

const SAMPLES = join(import.meta.dir, '../../../../shared/datasets/hoc-hansard-xml-samples');

/** The definition: all words, the query's, a window of `width` from a word boundary before the first. */
function reference(text: string, lang: Lang, stems: ReadonlySet<string>, width = 240): string {
  const marks = stems.size ? words(text).filter((w) => !isStop(w.norm, lang) && stems.has(stem(w.norm, lang))) : [];
  let start = 0;
  if (marks.length && marks[0].start > width / 3) {
    const from = marks[0].start - Math.floor(width / 3);
    start = text.indexOf(' ', from) + 1 || from;
  }
  let end = Math.min(text.length, start + width);
  if (end < text.length) {
    const cut = text.lastIndexOf(' ', end);
    if (cut > start) end = cut;
  }
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

/** Stem sets from the chunk's own words (first, middle, last), from other text, and empty. */
function stemSets(text: string, lang: Lang): Array<Set<string>> {
  const ws = words(text).filter((w) => !isStop(w.norm, lang));
  const at = (i: number) => (ws.length ? stem(ws[Math.max(0, Math.min(ws.length - 1, i))].norm, lang) : 'x');
  return [
    new Set([at(0)]),
    new Set([at(ws.length >> 1)]),
    new Set([at(ws.length - 1)]),
    new Set([at(3), at(ws.length - 2)]),
    new Set([stem('nonexistentword', lang)]),
    new Set(),
  ];
}

describe('snippet_html', () => {
  test('hand-written texts: marks, escapes, elisions, compounds, windows', () => {
    const texts: Array<[string, Lang]> = [
      ['Mr. Speaker, the <housing> crisis & "affordable" homes: houses, housing, HOUSING.', 'en'],
      [`${'word '.repeat(120)}housing at the very end, past any window`, 'en'],
      ["L'État et le bien-être des logements aujourd'hui: qu'il soit logé, l'habitation.", 'fr'],
      ['Short.', 'en'],
      ['', 'en'],
      [`${'x'.repeat(600)} housing`, 'en'],
    ];
    for (const [text, lang] of texts) {
      for (const q of [['housing'], ['hous'], ['etat', 'logement'], ['etr'], ['word'], []]) {
        const stems = new Set(q.map((w) => stem(w, lang)));
        expect(snippetHtml(text, lang, stems)).toBe(reference(text, lang, stems));
        expect(snippetHtml(text, lang, stems, {}, chunkWords(text, lang))).toBe(reference(text, lang, stems));
      }
    }
  });

  test.skipIf(!existsSync(SAMPLES))(
    'real Hansard chunks, English and French, early, late and absent matches',
    () => {
      let compared = 0;
      for (const file of readdirSync(SAMPLES)
        .filter((f) => f.endsWith('.xml.gz'))
        .slice(0, 6)) {
        const lang: Lang = file.includes('-fr') ? 'fr' : 'en';
        const chunks = chunksOf(
          hansardParagraphs(join(SAMPLES, file)).map((p) => p.text),
          480,
        ).slice(0, 60);
        for (const text of chunks) {
          // The chunk's words stemmed once (the server keeps them: src/server/search/query-caches.ts) give the same snippet.
          const kept = chunkWords(text, lang);
          for (const stems of stemSets(text, lang)) {
            expect(snippetHtml(text, lang, stems)).toBe(reference(text, lang, stems));
            expect(snippetHtml(text, lang, stems, {}, kept)).toBe(reference(text, lang, stems));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(300);
    },
    30_000,
  ); // parsing six whole sitting files: 3.6 s with the machine busy, over bun's 5 s default when shared
});
