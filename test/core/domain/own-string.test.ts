// What keeps a text alive. A word read from a text, and a stem cut from it, can be views into the
// whole text (JavaScriptCore shares the buffer of a substring past a few characters); whatever keeps
// such a word for long keeps the text. Both the build's tokenizing threads and the server keep a
// stem cache of 200,000 words, so it must keep copies (ownString). Measured as the heap still held after a full
// collection, each in a process of its own (test/helpers/retained-heap.ts): the texts take ~20 MB,
// copies of their words and the structures holding them ~1 MB.
import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ownString } from '../../../src/core/domain/text.js';
import { TEXT_BYTES, TEXTS } from '../../helpers/retained-heap.js';

function retained(mode: string): { bytes: number; kept: number | null } {
  const r = spawnSync(process.execPath, [join(import.meta.dir, '../../helpers/retained-heap.ts'), mode], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`retained-heap ${mode}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

describe('ownString', () => {
  test('a map of copies does not keep the texts its words were read from; a map of the words does', () => {
    const views = retained('views'),
      copies = retained('copies');
    expect(views.kept).toBe(TEXTS);
    expect(copies.kept).toBe(TEXTS);
    // The premise, on this engine: views keep most of the texts. Copies keep almost nothing.
    expect(views.bytes).toBeGreaterThan(TEXT_BYTES / 2);
    expect(copies.bytes).toBeLessThan(TEXT_BYTES / 8);
  });

  test('equals its string, code units JSON escapes included (lone surrogates, controls, quotes)', () => {
    for (const s of ['zq0elephantine', '\ud800x', 'a\u0000b', '"\\', 'é’😀']) expect(ownString(s)).toBe(s);
  });
});

describe('what the build and the server keep', () => {
  test('the stem cache keeps copies of its words and stems, not their texts', () => {
    expect(retained('stem-cache').bytes).toBeLessThan(TEXT_BYTES / 8);
  });
});
