// The members of a .tar.gz that are wanted, read with node-tar's parser over node's gunzip (no
// extraction to disk: each member's bytes go to the caller, who checks and stores them).
import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { withoutTopFolder } from './github-archive.js';

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/** Calls `onMember` with each regular file whose path below the top folder `wanted` accepts, in
 *  archive order. Rejects on a damaged archive (bad gzip, bad header checksum, cut short); the
 *  members handed over before the damage stay handed over. */
export async function readMembers(
  file: string,
  wanted: (path: string) => boolean,
  onMember: (path: string, body: Buffer) => void,
  maxMemberBytes: number,
): Promise<{ members: number; skipped: string[] }> {
  let members = 0;
  const skipped: string[] = [];
  let failure: Error | null = null;
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      const path = withoutTopFolder(entry.path);
      // The parser goes on only once each entry's body is read: the unwanted ones are drained.
      if (!path || !FILE_TYPES.has(entry.type) || !wanted(path)) return void entry.resume();
      if (entry.size > maxMemberBytes) {
        skipped.push(`${path}: ${entry.size} bytes, more than the ${maxMemberBytes} allowed`);
        return void entry.resume();
      }
      const chunks: Buffer[] = [];
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => {
        members++;
        try {
          onMember(path, Buffer.concat(chunks));
        } catch (err) {
          failure ??= err as Error;
        }
      });
    },
  });
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  // An error before the reading loop awaits `ended` must not go unhandled.
  ended.catch(() => {});
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), ended]);
  });
  parser.end();
  await ended;
  if (failure) throw failure;
  return { members, skipped };
}
