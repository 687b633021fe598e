// One GET streamed to a file (an archive of tens of MB is not held in memory): the body is written
// beside `dest` and renamed over it only when complete (Content-Length met, within `maxBytes`).
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fetchError, type GetResult } from '../http-get.js';

export type Download =
  | { kind: 'file'; status: 200; headers: Headers; bytes: number; sha256: string }
  /** Any status but 200: the body is not kept. */
  | { kind: 'response'; status: number; headers: Headers }
  | Extract<GetResult, { kind: 'error' }>;

export async function downloadTo(
  url: string,
  dest: string,
  { userAgent, timeoutMs, maxBytes }: { userAgent: string; timeoutMs: number; maxBytes: number },
): Promise<Download> {
  mkdirSync(dirname(dest), { recursive: true });
  const tmp = `${dest}.tmp-${process.pid}`;
  try {
    const res = await fetch(url, {
      headers: { 'user-agent': userAgent, accept: '*/*' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    });
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      return { kind: 'response', status: res.status, headers: res.headers };
    }
    const hash = createHash('sha256');
    let bytes = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > maxBytes) return done(new Error(`archive larger than ${maxBytes} bytes`));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), count, createWriteStream(tmp));
    const declared = res.headers.get('content-length');
    // Compressed transfers are decoded by fetch, so the declared length is of the encoded bytes.
    if (declared && !res.headers.get('content-encoding') && Number(declared) !== bytes) {
      rmSync(tmp, { force: true });
      return { kind: 'error', error: `truncated body: ${bytes} of ${declared} bytes`, transient: true };
    }
    renameSync(tmp, dest);
    return { kind: 'file', status: 200, headers: res.headers, bytes, sha256: hash.digest('hex') };
  } catch (err) {
    rmSync(tmp, { force: true });
    const failed = fetchError(err, timeoutMs);
    // Our own size limit is not the network's fault: another try would give the same.
    return /larger than/.test((err as Error).message) ? { ...failed, transient: false } : failed;
  }
}
