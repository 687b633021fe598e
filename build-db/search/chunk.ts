// Speeches → search chunks (decisions 6): a short speech is one chunk; a long one is split at
// paragraph boundaries into chunks of at most MAX_TOKENS words, each starting with a small overlap
// of the previous chunk's last sentences so a passage cut at a boundary is still found whole.
import { countWords } from '../../src/core/text/words.js';
import { SENTENCE } from '../../src/core/text/sentences.js';

export interface ChunkSpan {
  index: number;
  start: number;
  end: number;
}

export interface ChunkOptions {
  maxTokens?: number;
  overlapTokens?: number;
}

interface Segment {
  start: number;
  end: number;
  tokens: number;
  paragraphEnd: boolean;
}

/** Sentences (or, inside a run-on sentence, word windows) with their offsets and word counts. */
function segments(text: string, maxTokens: number): Segment[] {
  const out: Segment[] = [];
  const paragraphs = /[^\n]+(?:\n(?!\s*\n)[^\n]*)*/g; // blocks separated by blank lines
  for (const p of text.matchAll(paragraphs)) {
    const pStart = p.index!;
    const sentences = [...p[0].matchAll(SENTENCE)].filter((s) => s[0].trim());
    sentences.forEach((s, i) => {
      const lead = s[0].length - s[0].trimStart().length;
      const sStart = pStart + s.index! + lead;
      const sText = s[0].slice(lead);
      const tokens = countWords(sText);
      const last = i === sentences.length - 1;
      if (tokens <= maxTokens) {
        out.push({ start: sStart, end: sStart + sText.trimEnd().length, tokens, paragraphEnd: last });
        return;
      }
      // A sentence longer than a chunk: cut it into word windows.
      const ws = [...sText.matchAll(/\S+/g)];
      for (let w = 0; w < ws.length; w += maxTokens) {
        const first = ws[w];
        const lastW = ws[Math.min(w + maxTokens, ws.length) - 1];
        const piece = sText.slice(first.index!, lastW.index! + lastW[0].length);
        out.push({
          start: sStart + first.index!,
          end: sStart + lastW.index! + lastW[0].length,
          tokens: countWords(piece),
          paragraphEnd: last && w + maxTokens >= ws.length,
        });
      }
    });
  }
  return out;
}

export function chunkText(text: string, { maxTokens = 480, overlapTokens = 48 }: ChunkOptions = {}): ChunkSpan[] {
  const segs = segments(text, maxTokens);
  if (!segs.length) return text.trim() ? [{ index: 0, start: 0, end: text.length }] : [];
  const total = segs.reduce((n, s) => n + s.tokens, 0);
  if (total <= maxTokens) return [{ index: 0, start: segs[0].start, end: segs[segs.length - 1].end }];

  const chunks: ChunkSpan[] = [];
  let first = 0;
  while (first < segs.length) {
    let last = first;
    let tokens = segs[first].tokens;
    while (last + 1 < segs.length && tokens + segs[last + 1].tokens <= maxTokens) tokens += segs[++last].tokens;
    // Prefer ending at a paragraph boundary when one falls in the second half of the chunk.
    if (last + 1 < segs.length && !segs[last].paragraphEnd) {
      let t = tokens;
      for (let k = last; k > first; k--) {
        t -= segs[k].tokens;
        if (segs[k - 1].paragraphEnd && t >= maxTokens / 2) {
          last = k - 1;
          break;
        }
      }
    }
    chunks.push({ index: chunks.length, start: segs[first].start, end: segs[last].end });
    if (last + 1 >= segs.length) break;
    // The next chunk repeats the trailing sentences of this one, up to overlapTokens, and always advances.
    let next = last + 1;
    let overlap = 0;
    while (next - 1 > first && overlap + segs[next - 1].tokens <= overlapTokens) overlap += segs[--next].tokens;
    first = next;
  }
  return chunks;
}
