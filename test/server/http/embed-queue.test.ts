// The embedding queue behind the semantic routes (decisions 2, 4): 2 running, 6 waiting, the 9th
// concurrent request 503 search_overloaded with Retry-After; aborted requests leave the queue.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { writeVectors } from '../../../build-db/search/write-vectors.js';
import { openDataFile, type DataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { createWorkQueue } from '../../../src/server/limits/work-queue.js';
import type { Embedder } from '../../../src/core/encoder/embedder.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';

const DIM = 8;
const unit = () => {
  const v = new Float32Array(DIM);
  v[0] = 1;
  return v;
};
let f: Fixture;
let data: DataFile;

beforeAll(async () => {
  f = buildFixture();
  f.data.close();
  const db = new Database(f.dbPath);
  sqliteVec.load(db);
  await writeVectors({ db, embedder: { dim: DIM, embed: async (t) => t.map(unit) } });
  db.close();
  data = openDataFile(f.dbPath);
});
afterAll(() => {
  data.close();
  f.cleanup();
});

/** An embedder whose calls wait until the test releases them. */
function heldEmbedder() {
  const held: Array<() => void> = [];
  const calls = { n: 0 };
  const embedder: Embedder = {
    dim: DIM,
    embed: (texts) => {
      calls.n++;
      return new Promise((resolve) => held.push(() => resolve(texts.map(unit))));
    },
  };
  return {
    embedder,
    held,
    calls,
    releaseAll: () => {
      while (held.length) held.shift()!();
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

test('8 semantic requests in flight across the three routes; the 9th is 503 with Retry-After', async () => {
  const { embedder, held, releaseAll } = heldEmbedder();
  const queue = createWorkQueue();
  const app = createApp({
    data,
    embedder,
    embedQueue: queue,
    logError: (err) => {
      throw err;
    },
  });
  const paths = ['/search/speeches?q=speech', '/search/speeches/count?q=speech', '/search/facets?q=speech'];
  const inFlight = Array.from({ length: 8 }, (_, i) => app.request(`/api/public/v1${paths[i % 3]}`));
  await settle();
  expect([queue.running, queue.waiting, held.length]).toEqual([2, 6, 2]);
  const refused = await app.request('/api/public/v1/search/speeches?q=speech');
  expect(refused.status).toBe(503);
  expect(await refused.json()).toMatchObject({ statusCode: 503, code: 'search_overloaded', error: 'Service Unavailable' });
  expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  expect(refused.headers.get('Cache-Control')).toBe('no-store');
  // Routes without an embedding step are not queued.
  expect((await app.request('/api/public/v1/search/meta')).status).toBe(200);
  while (queue.running + queue.waiting > 0) {
    releaseAll();
    await settle();
  }
  expect((await Promise.all(inFlight)).map((r) => r.status)).toEqual(Array(8).fill(200));
});

test('clients that go away while waiting free their places; none of their embeddings run', async () => {
  const { embedder, held, calls, releaseAll } = heldEmbedder();
  const queue = createWorkQueue();
  const logged: unknown[] = [];
  const app = createApp({ data, embedder, embedQueue: queue, logError: (err) => logged.push(err) });
  const running = [0, 1].map(() => app.request('/api/public/v1/search/speeches?q=speech'));
  const leaving = Array.from({ length: 6 }, () => new AbortController());
  const waiting = leaving.map((a) =>
    Promise.resolve(app.request('/api/public/v1/search/speeches?q=speech', { signal: a.signal })).catch((e) => e),
  );
  await settle();
  expect([queue.running, queue.waiting]).toEqual([2, 6]);
  leaving.forEach((a) => a.abort());
  await settle();
  expect([queue.running, queue.waiting]).toEqual([2, 0]);
  // Six new requests fit in the freed places.
  const next = Array.from({ length: 6 }, () => app.request('/api/public/v1/search/speeches/count?q=speech'));
  await settle();
  expect(queue.waiting).toBe(6);
  while (queue.running + queue.waiting > 0) {
    releaseAll();
    await settle();
  }
  expect((await Promise.all([...running, ...next])).map((r) => r.status)).toEqual(Array(8).fill(200));
  await Promise.all(waiting);
  expect(held.length).toBe(0);
  expect(calls.n).toBe(8); // 2 + 6: the 6 who left never reached the embedder
  expect(logged).toEqual([]); // and their aborts are not logged as bugs
});
