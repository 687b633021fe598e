// gzip/br for bodies over ~1 KB when the client accepts them (decisions 3), with node:zlib.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (q > 0), preferring br; null for identity. */
export function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wants = (enc: string) => (offered.get(enc) ?? offered.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

/** Fast settings: these bodies are small and produced per request. */
export function encode(text: string | Uint8Array, encoding: Encoding): Uint8Array {
  // zlib compresses a string's UTF-8 bytes: bytes given are compressed as they are, the same output.
  const input = typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  return encoding === 'br'
    ? brotliCompressSync(input, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(input) },
      })
    : gzipSync(input, { level: 6 });
}
