// `--build-workers`: chunking and keyword tokenizing on worker threads give the same data file as one thread: from source (workers run
// build-db/workers/worker-entry.ts), from the esbuild bundle (workers run dist/canpol.mjs again) and
// from the single binary (itself again). Compared through the checksums the build records over every
// table (FTS5 shadow tables, encoder model and vectors included).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFileWith } from '../../../build-db/build.js';
import { KeywordTerms, type ChunkTerms } from '../../../build-db/search/keyword-terms.js';
import { searchPhase, type SearchPhaseReport } from '../../../build-db/search/search-phase.js';
import { facetToken, levelOf, LEVELS, termWeight } from '../../../src/core/data-file/keyword-index.js';
import { indexTerms, type Lang } from '../../../src/core/text/terms.js';
import { onnxCleanup } from '../../helpers/encoder-corpus.js';
import { writeFixture } from '../../helpers/fixture.js';
import type { WorkerMode } from '../../../build-db/workers/start-worker.js';
import { buildBinary } from '../../../src/cli/natives/build-binary.js';
import { buildBundle } from '../../server/ops/serve-process.js';
import { generateDemo } from '../../helpers/demo-sources.js';

const REPO = join(import.meta.dir, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'canpol-build-workers-'));
const cleanup = onnxCleanup();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  cleanup();
});

const demo = join(dir, 'demo');
beforeAll(() => generateDemo(demo), 60_000);

function checksums(path: string): string[] {
  const db = new Database(path, { readonly: true });
  const rows = db.prepare('SELECT kind, name, sha256, rows, bytes FROM checksums ORDER BY kind, name').all() as Array<
    Record<string, unknown>
  >;
  db.close();
  return rows.map((r) => `${r.kind} ${r.name} ${r.sha256} ${r.rows} ${r.bytes}`);
}

async function build(out: string, workers: WorkerMode, sources = demo) {
  const report = {} as SearchPhaseReport;
  const progress: string[] = [];
  const result = await buildDataFileWith(
    { sources, out, now: new Date('2026-11-02T00:00:00Z'), workers, onProgress: (m) => progress.push(m) },
    [searchPhase({ sources, report })],
  );
  if (!result.ok) throw new Error(JSON.stringify(result.issues.slice(0, 3)));
  return { report, progress };
}

describe('from source', () => {
  test('workers on writes the same tables, index and encoder as workers off', async () => {
    const off = await build(join(dir, 'off.db'), 'off');
    const on = await build(join(dir, 'on.db'), 'always');
    // The workers did run: chunking and tokenizing were announced on worker threads, not on this one;
    // the encoder learns on this thread after the keyword index (its learning beside it added the peaks).
    expect(on.progress.some((m) => m.includes('chunked on a worker thread'))).toBe(true);
    expect(on.progress.some((m) => m.includes('tokenizing on 2 worker threads'))).toBe(true);
    expect(on.progress.some((m) => /^checksums: .* on 2 threads$/.test(m))).toBe(true);
    const learning = on.progress.findIndex((m) => m.startsWith('search: learning the text encoder'));
    const indexed = on.progress.findIndex((m) => m.startsWith('wrote their keyword index'));
    expect(indexed).toBeGreaterThanOrEqual(0);
    expect(learning).toBeGreaterThan(indexed);
    expect(off.progress.some((m) => m.includes('worker thread') || m.includes('2 threads'))).toBe(false);
    expect(on.report.encoder).toBe('learned');
    expect(on.report.embedded).toBe(off.report.embedded);
    const sums = checksums(join(dir, 'off.db'));
    expect(sums.some((s) => s.startsWith('table chunks_fts_data '))).toBe(true);
    expect(sums.some((s) => s.startsWith('blob encoder/model.onnx '))).toBe(true);
    expect(checksums(join(dir, 'on.db'))).toEqual(sums);
  }, 120_000);

  test("chunk_term_docs counts the chunks holding each stem at each level, as the chunks' own texts give them, on one thread and on workers", async () => {
    // The demo's 497 stems and 3,000 more (600 speeches of 5 words no other has). The counts are
    // worked out here from each chunk's text and the stored average length, not from the index.
    const more = join(dir, 'more-stems');
    cpSync(demo, more, { recursive: true });
    const lines = readFileSync(join(more, 'speeches.jsonl'), 'utf8').trim().split('\n');
    const template = JSON.parse(lines[0]) as Record<string, unknown>;
    const word = (i: number, k: number) => `zq${(i * 5 + k).toString(36)}x`;
    const added = Array.from({ length: 600 }, (_, i) =>
      JSON.stringify({
        ...template,
        key: `${template.key}/stems-${i}`,
        text: `The member spoke of ${Array.from({ length: 5 }, (_, k) => word(i, k)).join(' and ')} today.`,
      }),
    );
    writeFileSync(join(more, 'speeches.jsonl'), `${[...lines, ...added].join('\n')}\n`);
    for (const workers of ['off', 'always'] as const) {
      const out = join(dir, `more-stems-${workers}.db`);
      await build(out, workers, more);
      const db = new Database(out, { readonly: true });
      const avgdl = db.prepare("SELECT value FROM chunk_term_stats WHERE name = 'average_length'").pluck().get() as number;
      const counted = new Map<string, number[]>();
      for (const [text, language] of db.prepare('SELECT text, language FROM chunks').raw().iterate() as Iterable<[string, Lang]>) {
        const terms = indexTerms(text, language);
        const tf = new Map<string, number>();
        for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
        for (const [stem, n] of tf) {
          let levels = counted.get(stem);
          if (!levels) counted.set(stem, (levels = Array<number>(LEVELS).fill(0)));
          levels[levelOf(termWeight(n, terms.length, avgdl))]++;
        }
      }
      const stored = db.prepare('SELECT term, docs, level_docs FROM chunk_term_docs ORDER BY term').raw().all() as Array<
        [string, number, string]
      >;
      db.close();
      expect(stored.length).toBeGreaterThan(3000);
      expect(stored.length).toBe(counted.size);
      const wrong = stored.filter(
        ([term, docs, levels]) => levels !== JSON.stringify(counted.get(term)) || docs !== counted.get(term)!.reduce((a, b) => a + b, 0),
      );
      expect(wrong).toEqual([]);
      // A stem named like a facet's first part ("f") is a stem; facet tokens are not.
      expect(stored.some(([term]) => term.startsWith('f_'))).toBe(false);
    }
  }, 120_000);

  test('`on` leaves a corpus under 20,000 speeches and chunks on one thread, the same file', async () => {
    const on = await build(join(dir, 'small-steps.db'), 'on');
    expect(on.progress.some((m) => m.includes('worker thread'))).toBe(false);
    expect(checksums(join(dir, 'small-steps.db'))).toEqual(checksums(join(dir, 'off.db')));
  }, 120_000);
});

describe('a corpus too small to learn from', () => {
  test('workers on build keyword search only, as on one thread', async () => {
    const sources = writeFixture(mkdtempSync(join(dir, 'fixture-')));
    const off = await build(join(dir, 'small-off.db'), 'off', sources);
    const on = await build(join(dir, 'small-on.db'), 'always', sources);
    expect(on.progress.some((m) => m.includes('tokenizing on 2 worker threads'))).toBe(true);
    expect(off.report.encoder).toBe('none');
    expect(on.report.encoder).toBe('none');
    expect(checksums(join(dir, 'small-on.db'))).toEqual(checksums(join(dir, 'small-off.db')));
  }, 30_000);
});

/** Builds the demo with `--build-workers always`, then `off`, through `command` (the bundle on Node or the
 *  binary); both must succeed and write the same file. Returns the `always` run's stderr. */
function buildAlwaysAndOff(command: string, before: string[], name: string): string {
  const env = { ...process.env, SOURCE_DATE_EPOCH: '1790000000' };
  const run = (workers: string) =>
    spawnSync(command, [...before, 'build', '--sources', demo, '--out', join(dir, `${name}-${workers}.db`), '--build-workers', workers], {
      encoding: 'utf8',
      env,
      cwd: dir,
    });
  const on = run('always');
  expect(on.status).toBe(0);
  expect(run('off').status).toBe(0);
  expect(checksums(join(dir, `${name}-always.db`))).toEqual(checksums(join(dir, `${name}-off.db`)));
  return on.stderr;
}

describe('from the esbuild bundle on Node', () => {
  test('`canpol build --build-workers always` and `off` write the same file', () => {
    buildBundle();
    const stderr = buildAlwaysAndOff(join(REPO, 'node_modules/.bin/node'), [join(REPO, 'dist/canpol.mjs')], 'node');
    expect(stderr).toContain('tokenizing on 2 worker threads');
    expect(stderr).toContain('encoder learned');
  }, 180_000);
});

describe('from the single binary', () => {
  test('`canpol build --build-workers always` runs its workers from the binary itself and writes the same file as `off`', async () => {
    const binary = join(dir, 'canpol');
    await buildBinary(binary);
    const stderr = buildAlwaysAndOff(binary, [], 'bin');
    expect(stderr).toContain('chunked on a worker thread');
    expect(stderr).toContain('tokenizing on 2 worker threads');
    expect(stderr).toContain('encoder learned');
  }, 180_000);
});

describe('KeywordTerms', () => {
  test('facet tokens are the hashed tokens of src/core/data-file/keyword-index.ts, for each row', () => {
    const t = new KeywordTerms();
    const row = (rowid: number, party: string | null) => ({
      rowid,
      text: 'housing housing budget',
      language: 'en' as const,
      level: 'federal',
      province_territory: null,
      politician_id: 'p1',
      party_at_time: party,
      session_id: 's1',
      speech_type: 'debate',
      spoken_on: '2021-03-04',
    });
    const [a, b, c] = t.lines([row(1, 'Liberal'), row(2, 'Liberal'), row(3, 'NDP')]);
    expect(a).toBe(b);
    expect(a.split(' ')).toContain(facetToken('party', 'liberal'));
    expect(c.split(' ')).toContain(facetToken('party', 'ndp'));
    expect(c.split(' ')).not.toContain(facetToken('party', 'liberal'));
    expect(a.split(' ')).toContain(facetToken('year', '2021'));
    expect(a.split(' ').filter((token) => /^housing_\d+$/.test(token))).toHaveLength(1);
  });
});

describe('tokenizing in parallel', () => {
  test('two tokenizers given alternate batches write the lines and postings of one', () => {
    const texts = ['budget housing budget', 'climate budget', 'river housing', 'school climate river', 'school farm', 'farm farm budget'];
    const row = (text: string, i: number): ChunkTerms => ({
      rowid: i + 1,
      text,
      language: 'en',
      level: 'federal',
      province_territory: null,
      politician_id: null,
      party_at_time: null,
      session_id: null,
      speech_type: 'debate',
      spoken_on: '2020-01-01',
    });
    const batches = texts.map((t, i) => [row(t, i)]);
    const one = new KeywordTerms();
    const two = [new KeywordTerms(), new KeywordTerms()];
    for (const t of [one, ...two]) t.setAverageLength(2.5);
    const oneLines = batches.flatMap((rows) => one.lines(rows));
    const twoLines = batches.flatMap((rows, b) => two[b % 2].lines(rows));
    expect(twoLines).toEqual(oneLines);
    // budget twice in a 3-word chunk is at a higher level than once in a 2-word one.
    expect(oneLines[0].split(' ')[0]).not.toBe(oneLines[1].split(' ')[1]);
    expect(two[0].postings + two[1].postings).toBe(one.postings);
    expect(one.postings).toBe(13); // (chunk, stem) pairs: 2 + 2 + 2 + 3 + 2 + 2
  });
});
