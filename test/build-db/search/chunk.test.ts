// Chunking (decisions 6): one chunk when short; ~480-word chunks at paragraph boundaries with a
// small overlap when long; offsets slice the speech text exactly.
import { describe, expect, test } from 'bun:test';
import { chunkText } from '../../../build-db/search/chunk.js';
import { countWords } from '../../../src/core/text/words.js';

const sentence = (i: number, n: number) => `Sentence ${i} says ${'word '.repeat(n - 3).trim()}.`;
const paragraph = (from: number, count: number, n: number) => Array.from({ length: count }, (_, k) => sentence(from + k, n)).join(' ');

describe('chunkText', () => {
  test('a short speech is one chunk covering its text', () => {
    expect(chunkText('  Thank you, Mr. Speaker.  ')).toEqual([{ index: 0, start: 2, end: 25 }]);
    expect(chunkText('')).toEqual([]);
  });

  test('a long speech: chunks of at most 480 words, in order, overlapping a little, covering everything', () => {
    const text = [paragraph(0, 12, 20), paragraph(12, 15, 20), paragraph(27, 9, 20)].join('\n\n'); // 720 words
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    expect(chunks[0].start).toBe(0);
    expect(chunks[chunks.length - 1].end).toBe(text.length);
    for (const c of chunks) expect(countWords(text.slice(c.start, c.end))).toBeLessThanOrEqual(480);
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i].start).toBeGreaterThan(chunks[i - 1].start);
      expect(chunks[i].start).toBeLessThan(chunks[i - 1].end); // overlap
      expect(countWords(text.slice(chunks[i].start, chunks[i - 1].end))).toBeLessThanOrEqual(48);
    }
  });

  test('prefers to end at a paragraph boundary', () => {
    const text = [paragraph(0, 15, 20), paragraph(15, 15, 20)].join('\n\n'); // 300 + 300 words
    const [first] = chunkText(text);
    expect(text.slice(first.start, first.end)).toBe(paragraph(0, 15, 20));
  });

  test('a run-on sentence longer than a chunk is cut into word windows', () => {
    const text = `${'word '.repeat(1100).trim()}`;
    const chunks = chunkText(text);
    expect(chunks).toHaveLength(3);
    for (const c of chunks) expect(countWords(text.slice(c.start, c.end))).toBeLessThanOrEqual(480);
  });
});
