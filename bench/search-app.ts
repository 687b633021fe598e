// The app as the search benchmarks drive it: every answer computed. They warm up on the very URLs
// they then measure, and the response cache would answer those again (until 2026-11-28 it did: a
// sixth of search-scale's samples, docs/benchmarks.md "Eighth session"). The search caches stay:
// they are the engine's own.
import type Database from 'better-sqlite3';
import { API_PREFIX, createApp, type AppOptions } from '../src/server/http/app.js';
import { createResponseCache } from '../src/server/http/response-cache.js';

export type BenchApp = ReturnType<typeof createApp>;

export function computingApp(options: Omit<AppOptions, 'cache'>): BenchApp {
  return createApp({ ...options, cache: createResponseCache({ maxBytes: 0 }) });
}

/** The answer to GET `path` (under the API prefix), its body read whole; throws unless it is a 200. */
export async function getBody(app: BenchApp, path: string): Promise<Uint8Array> {
  const res = await app.request(`${API_PREFIX}${path}`);
  const body = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return body;
}

/** Milliseconds to GET `path` and read its body whole; throws unless it is a 200. */
export async function timedGet(app: BenchApp, path: string): Promise<number> {
  const t = performance.now();
  await getBody(app, path);
  return performance.now() - t;
}

/** `--lists blobs|fts5` of the search benchmarks: with `fts5`, the searches on `db` read every
 *  posting list through FTS5, as before the lists' blobs (chunk_postings, schema 12): the blob
 *  statement is prepared as one that finds no row, which is the path a token without a blob takes.
 *  For measuring the blobs against FTS5 on one file and in one sitting. Call it before the app is
 *  made: statements are prepared then. Returns whether FTS5 reads the lists; throws on another value. */
export function useListsOption(db: Database.Database, lists: string | undefined): boolean {
  if (lists === undefined || lists === 'blobs') return false;
  if (lists !== 'fts5') throw new Error(`--lists is blobs (the default) or fts5, not ${lists}`);
  const prepare = db.prepare.bind(db);
  (db as { prepare: Database.Database['prepare'] }).prepare = ((sql: string) =>
    prepare(
      sql.includes('FROM chunk_postings WHERE token = ?') ? 'SELECT NULL AS docs, NULL AS rowids WHERE ? IS NULL' : sql,
    )) as Database.Database['prepare'];
  return true;
}
