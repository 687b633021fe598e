// encode(): a body given as its UTF-8 bytes (a kept answer, or one the response cache did not keep)
// compresses to the same bytes as the string, for both encodings, and decompresses to the text.
import { describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encode } from '../../../src/server/http/compress.js';

describe('encode', () => {
  const text = JSON.stringify({
    items: Array.from({ length: 200 }, (_, i) => ({ i, t: `Québec — ${'logement abordable ’'.repeat(i % 7)}`, e: '😀' })),
  });
  const bytes = new Uint8Array(Buffer.from(text, 'utf8'));
  // A view inside a larger buffer, as a pooled Buffer would be.
  const padded = new Uint8Array(bytes.byteLength + 16);
  padded.set(bytes, 8);
  const view = padded.subarray(8, 8 + bytes.byteLength);
  for (const enc of ['br', 'gzip'] as const) {
    test(`${enc}: bytes and string give the same output`, () => {
      const fromText = encode(text, enc);
      expect(Buffer.compare(encode(bytes, enc), fromText)).toBe(0);
      expect(Buffer.compare(encode(view, enc), fromText)).toBe(0);
      const back = enc === 'br' ? brotliDecompressSync(fromText) : gunzipSync(fromText);
      expect(back.toString('utf8')).toBe(text);
    });
  }
});
