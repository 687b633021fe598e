// The build's embedding step alone (build-db/search/write-vectors.ts), on a data file built before:
// its chunks embedded again with its own encoder, as the build does (one onnxruntime thread, runs of
// 16 texts), with 1 batch at a time and with `inFlight` batches at once, the variants alternating
// round by round in one sitting. Prints the seconds of each and checks that every variant wrote the
// same int8 vectors and code blocks.
//   bun bench/build-embedding.ts --data FILE.db --scratch /tmp/embed-scratch.db [--in-flight 1,2] [--rounds 2]
import { copyFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { writeVectors } from '../build-db/search/write-vectors.js';
import { createEncoder } from '../src/search/encoder/create-encoder.js';
import { readEncoderBlobs } from '../src/search/encoder-store.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, scratch: { type: 'string' }, 'in-flight': { type: 'string', default: '1,2' }, rounds: { type: 'string', default: '2' } } });
if (!values.data || !values.scratch) {
  console.error('usage: bun bench/build-embedding.ts --data FILE.db --scratch SCRATCH.db [--in-flight 1,2] [--rounds 2]');
  process.exit(2);
}
const variants = values['in-flight']!.split(',').map(Number);
const scratch = values.scratch;
rmSync(scratch, { force: true });
copyFileSync(values.data, scratch);
const db = new Database(scratch);
const blobs = readEncoderBlobs(db);
if (!blobs) throw new Error(`${values.data} has no encoder`);
const digest = () => {
  const h = createHash('sha256');
  for (const r of db.prepare('SELECT * FROM chunk_int8 ORDER BY rowid').raw().iterate()) h.update(JSON.stringify(r, (_, v) => (Buffer.isBuffer(v) ? v.toString('base64') : v)));
  for (const r of db.prepare('SELECT * FROM chunk_blocks ORDER BY block').raw().iterate()) h.update(JSON.stringify(r, (_, v) => (Buffer.isBuffer(v) ? v.toString('base64') : v)));
  return h.digest('hex').slice(0, 16);
};
const seconds: Record<number, number[]> = {};
const digests = new Set<string>();
for (let round = 0; round < Number(values.rounds); round++) {
  for (const inFlight of variants) {
    db.exec('DROP TABLE IF EXISTS chunk_int8; DROP TABLE IF EXISTS chunk_blocks; DROP TABLE IF EXISTS chunk_block_values;');
    const encoder = await createEncoder({ ...blobs, threads: 1, batchSize: 16 });
    const started = performance.now();
    const r = await writeVectors({ db, embedder: encoder, inFlight });
    const s = (performance.now() - started) / 1000;
    await encoder.close();
    (seconds[inFlight] ??= []).push(s);
    const d = digest();
    digests.add(d);
    console.error(`round ${round + 1}, ${inFlight} in flight: ${r.embedded} chunks in ${s.toFixed(1)} s (${Math.round(r.embedded / s)}/s; embedding rate ${Math.round(r.chunksPerSecond)}/s), vectors ${d}, load ${loadavg()[0].toFixed(1)}`);
  }
}
db.close();
rmSync(scratch, { force: true });
console.log(JSON.stringify({ seconds, same_vectors: digests.size === 1 }));
