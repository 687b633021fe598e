// The chunk text is not stored twice: `chunks` is a view that cuts it out of the speech by UTF-8
// byte range (schema 10). It must equal the JavaScript slice the chunker made, for any text.
import { describe, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import { SCHEMA_SQL } from '../../../src/core/data-file/schema.js';
import { SEARCH_SCHEMA_SQL } from '../../../src/core/data-file/search-schema.js';
import { contentHash, writeChunks } from '../../../build-db/search/write-chunks.js';
import { chunkText } from '../../../build-db/search/chunk.js';

const paragraph = (i: number) => `Paragraphe ${i} : l’État « québécois » 😀 naïve café — 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ${'mot '.repeat(60)}fin.`;
const texts = [
  'A short speech.',
  Array.from({ length: 12 }, (_, i) => paragraph(i)).join('\n\n'), // several chunks, astral characters in each
  '😀😀 only emoji and accents éèê',
];

describe('chunks view', () => {
  test('each chunk text equals the speech slice at its UTF-16 offsets, and the content hash is of that text', () => {
    const db = new Database(':memory:');
    db.exec(SCHEMA_SQL);
    db.exec(SEARCH_SCHEMA_SQL);
    const ins =
      db.prepare(`INSERT INTO speeches (id, key, speaker_name_raw, spoken_at, language, level, speech_type, is_presiding, text, source_system, is_draft)
      VALUES (?, ?, 'X', ?, 'fr', 'federal', 'floor', 0, ?, 'test', 0)`);
    texts.forEach((t, i) => ins.run(`s${i}`, `k${i}`, `2024-01-0${i + 1}T12:00:00Z`, t));
    const n = writeChunks(db).chunks;
    const expected = texts.flatMap((t) => chunkText(t).map((s) => t.slice(s.start, s.end)));
    expect(n).toBe(expected.length);
    expect(n).toBeGreaterThan(texts.length);
    const rows = db
      .prepare(
        'SELECT c.text, c.char_start, c.char_end, c.content_hash, s.text AS speech FROM chunks c JOIN speeches s ON s.id = c.speech_id ORDER BY c.rowid',
      )
      .all() as Array<{ text: string; char_start: number; char_end: number; content_hash: string; speech: string }>;
    expect(rows.map((r) => r.text)).toEqual(expected);
    for (const r of rows) {
      expect(r.text).toBe(r.speech.slice(r.char_start, r.char_end));
      expect(r.content_hash).toBe(contentHash(r.text, 'fr'));
    }
    db.close();
  });

  test('the content hash (what --reuse matches earlier files by) is the first 32 hex digits of SHA-256 of "language\ntext"', () => {
    // Computed with sha256sum: printf 'en\nHello' | sha256sum
    expect(contentHash('Hello', 'en')).toBe('558a32f836aeb327060b732084353711');
  });
});
