// The vector index (binary-code shortlist, re-scoring with the int8 vectors) and the feedback probe of
// hybrid search, on random vectors whose neighbours a brute-force cosine gives independently.
import { seededRandom } from '../../../build-db/search/encoder/random.js';
import { afterAll, describe, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as sqliteVec from 'sqlite-vec';
import type { SearchFilters } from '../../../src/server/db/search.js';
import { feedbackProbe } from '../../../src/server/search/feedback.js';
import { binaryCode, codeWords } from '../../../src/core/data-file/binary-code.js';
import { quantizeInt8, query16, query16Error } from '../../../src/core/data-file/int8-vectors.js';
import { createVectorIndex, VECTOR_TABLES_SQL } from '../../../src/server/search/vectors.js';
import { CodeBlockWriter } from '../../../build-db/search/write-code-blocks.js';

const rng = seededRandom; // deterministic, so a failure reproduces
const DIM = 32,
  N = 200;
const random = rng(7);
const unit = (v: Float32Array) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const randomUnit = () => unit(Float32Array.from({ length: DIM }, () => random() * 2 - 1));
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0) / (Math.hypot(...a) * Math.hypot(...b));
/** How far a reported similarity may be from the cosine: the query is scored as 16-bit integers
 *  (query16 in src/core/data-file/int8-vectors.ts), at most half a step per component. */
const within = (q: Float32Array) => query16Error(query16(q, new Int16Array(q.length)), q.length);
const near = (got: number | undefined, want: number, q: Float32Array) => expect(Math.abs(got! - want)).toBeLessThanOrEqual(within(q));
const ANY: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };

const dir = mkdtempSync(join(tmpdir(), 'canpol-vectors-'));
const vectors = Array.from({ length: N }, randomUnit);
const db = new Database(join(dir, 'v.db'));
sqliteVec.load(db);
db.exec(VECTOR_TABLES_SQL);
/** A federal floor speech of 2024 by nobody in particular: the filter columns these tests do not vary. */
const FLOOR_2024 = {
  level: 'federal',
  province_territory: '',
  speech_type: 'floor',
  spoken_on: '2024-01-01',
  is_presiding: 0,
  politician_active: 1,
  politician_id: '',
  party: '',
  session_id: '',
};
// Blocks of 64 chunks (the build's are 64 Ki), so the index reads several, the last one partial.
const blocks = new CodeBlockWriter(db, 64);
const insI8 = db.prepare('INSERT INTO chunk_int8 VALUES (?, ?)');
vectors.forEach((v, i) => {
  insI8.run(i + 1, quantizeInt8(v));
  blocks.add(i + 1, binaryCode(v, codeWords(DIM)), {
    language: i % 2 ? 'fr' : 'en',
    ...FLOOR_2024,
    party: i % 3 ? 'bloc québécois' : 'ndp',
  });
});
blocks.finish();
const index = createVectorIndex(db, { rescore: 1000 }); // short list = everything: results must be exact
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

// What the index scores against: each vector scaled so its largest component is ±127, rounded
// (written here from the definition, not with the index's own code).
const stored = vectors.map((v) => {
  const scale = 127 / Math.max(...v.map(Math.abs));
  return Float32Array.from(v, (x) => Math.round(x * scale));
});
const exact = (q: Float32Array, keep: (i: number) => boolean = () => true) =>
  stored
    .map((v, i) => ({ rowid: i + 1, similarity: cos(q, v) }))
    .filter((_, i) => keep(i))
    .sort((a, b) => b.similarity - a.similarity);

describe('vector index', () => {
  test('the stored int8 vectors keep cosine similarities within 0.01 of the float ones', () => {
    const q = randomUnit();
    for (let i = 0; i < N; i++) expect(Math.abs(cos(q, stored[i]) - cos(q, vectors[i]))).toBeLessThan(0.01);
  });

  test('with a short list covering every code, the nearest are the exact cosine neighbours', () => {
    const q = randomUnit();
    const got = index.nearest(q, 10, ANY, null);
    const want = exact(q).slice(0, 10);
    expect(got.map((n) => n.rowid)).toEqual(want.map((n) => n.rowid));
    got.forEach((n, i) => near(n.similarity, want[i].similarity, q));
  });

  test('a filter applies during the scan: every neighbour passes it and none is missing', () => {
    const q = randomUnit();
    const got = index.nearest(q, 15, { ...ANY, langs: ['fr'] }, null);
    expect(got.map((n) => n.rowid)).toEqual(
      exact(q, (i) => i % 2 === 1)
        .slice(0, 15)
        .map((n) => n.rowid),
    );
  });

  test('ranked by the probe, similarity reported to the reference vector', () => {
    const q = randomUnit(),
      probe = randomUnit();
    const got = index.nearest(probe, 10, ANY, null, q);
    expect(got.map((n) => n.rowid)).toEqual(
      exact(probe)
        .slice(0, 10)
        .map((n) => n.rowid),
    );
    for (const n of got) near(n.similarity, cos(q, stored[n.rowid - 1]), q);
  });

  test('rowMask: the filter by rowid, from the in-memory columns; null without a filter', () => {
    expect(index.rowMask(ANY, null)).toBeNull();
    const fr = index.rowMask({ ...ANY, langs: ['fr'] }, null)!;
    expect([fr.length, fr[0]]).toEqual([N + 1, 0]); // rowid 0 is no chunk
    for (let i = 0; i < N; i++) expect(fr[i + 1]).toBe(i % 2 ? 1 : 0);
    expect(index.politicianIds([1, 9999])).toEqual([null, null]);
    // Party compares lower-cased, accents kept (the build lower-cases it into the blocks).
    const bloc = index.rowMask({ ...ANY, party: 'bloc québécois' }, null)!;
    for (let i = 0; i < N; i++) expect(bloc[i + 1]).toBe(i % 3 ? 1 : 0);
  });

  test('similarities() is the cosine to each stored vector, missing rowids absent', () => {
    const q = randomUnit();
    const s = index.similarities(q, [3, 50, 9999]);
    expect([...s.keys()].sort((a, b) => a - b)).toEqual([3, 50]);
    near(s.get(50), cos(q, stored[49]), q);
  });
});

describe('rowids with gaps (a file whose chunks are not numbered one after another)', () => {
  // The same vectors stored at rowids 5, 8, 11, …: the index maps rowids to entries instead of
  // subtracting the first one, and its row masks are copies indexed by rowid.
  const gapped = new Database(join(dir, 'gapped.db'));
  sqliteVec.load(gapped);
  gapped.exec(VECTOR_TABLES_SQL);
  const rowidOf = (i: number) => 5 + 3 * i;
  const w = new CodeBlockWriter(gapped, 64);
  const ins = gapped.prepare('INSERT INTO chunk_int8 VALUES (?, ?)');
  vectors.forEach((v, i) => {
    ins.run(rowidOf(i), quantizeInt8(v));
    w.add(rowidOf(i), binaryCode(v, codeWords(DIM)), {
      language: i % 2 ? 'fr' : 'en',
      ...FLOOR_2024,
    });
  });
  w.finish();
  const gi = createVectorIndex(gapped, { rescore: 1000 });
  afterAll(() => gapped.close());

  test('nearest, filtered nearest, similarities and the row mask are those of the dense file, at the other rowids', () => {
    const q = randomUnit();
    expect(gi.nearest(q, 10, ANY, null).map((n) => n.rowid)).toEqual(
      exact(q)
        .slice(0, 10)
        .map((n) => rowidOf(n.rowid - 1)),
    );
    expect(gi.nearest(q, 12, { ...ANY, langs: ['fr'] }, null).map((n) => n.rowid)).toEqual(
      exact(q, (i) => i % 2 === 1)
        .slice(0, 12)
        .map((n) => rowidOf(n.rowid - 1)),
    );
    const s = gi.similarities(q, [rowidOf(49), rowidOf(49) + 1, 4]);
    expect([...s.keys()]).toEqual([rowidOf(49)]);
    near(s.get(rowidOf(49)), cos(q, stored[49]), q);
    const fr = gi.rowMask({ ...ANY, langs: ['fr'] }, null)!;
    expect(fr.length).toBe(rowidOf(N - 1) + 1);
    for (let r = 0; r < fr.length; r++) {
      const i = (r - 5) / 3;
      expect(fr[r]).toBe(Number.isInteger(i) && i >= 0 && i % 2 === 1 ? 1 : 0);
    }
  });
});

describe('int8 vectors kept between searches', () => {
  test('keeping none, a few (evicting all the time) or all of them gives the same answers', () => {
    const indexes = [0, 7 * DIM, 1 << 20].map((keepBytes) => createVectorIndex(db, { rescore: 1000, keepBytes }));
    const answers = indexes.map(() => [] as unknown[]);
    const asked = Array.from({ length: 40 }, () => ({
      q: randomUnit(),
      probe: randomUnit(),
      ids: Array.from({ length: 12 }, () => 1 + Math.floor(random() * (N + 5))),
    }));
    for (const [x, index] of indexes.entries()) {
      for (const { q, probe, ids } of asked) {
        answers[x].push(index.nearest(probe, 20, ANY, null, q), index.nearest(q, 7, { ...ANY, langs: ['fr'] }, null));
        answers[x].push([...index.similarities(q, [...ids, ids[0]])].sort((a, b) => a[0] - b[0]));
        answers[x].push([...index.vectors(ids)].sort((a, b) => a[0] - b[0]).map(([r, v]) => [r, [...v]]));
      }
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // The answers are right, not only alike: the first probe's neighbours by exact cosine.
    expect((answers[0][0] as Array<{ rowid: number }>).map((n) => n.rowid)).toEqual(
      exact(asked[0].probe)
        .slice(0, 20)
        .map((n) => n.rowid),
    );
    const [none, few, all] = indexes.map((i) => i.cacheStats());
    expect([none.entries, none.hits, none.maxBytes]).toEqual([0, 0, 0]);
    expect([few.entries, few.maxBytes]).toEqual([7, 7 * DIM]);
    expect(few.evictions).toBeGreaterThan(100);
    expect([all.entries, all.evictions]).toEqual([N, 0]);
    expect(all.hits).toBeGreaterThan(few.hits);
  });
});

describe('feedbackProbe', () => {
  test('unit length, closer to the feedback than the query was, and still closest to the query', () => {
    const q = randomUnit(),
      fb = randomUnit();
    const p = feedbackProbe(q, fb, 0.35);
    expect(Math.hypot(...p)).toBeCloseTo(1, 5);
    expect(cos(p, fb)).toBeGreaterThan(cos(q, fb));
    expect(cos(p, q)).toBeGreaterThan(cos(p, fb));
  });

  test('no feedback, a weight of 0 or a vector of another size leave the query as it is', () => {
    const q = randomUnit();
    expect(feedbackProbe(q, undefined)).toBe(q);
    expect(feedbackProbe(q, randomUnit(), 0)).toBe(q);
    expect(feedbackProbe(q, new Float32Array(DIM + 1))).toBe(q);
  });
});

describe('nearest per legislature', () => {
  // The same vectors, each chunk of one of three legislatures in turn: the House, Ontario, BC.
  const LEGISLATURES = [
    { level: 'federal', province_territory: '' },
    { level: 'provincial', province_territory: 'ON' },
    { level: 'provincial', province_territory: 'BC' },
  ];
  const legislatureOfChunk = (i: number) => (i % 5 === 0 ? 2 : i % 5 < 3 ? 1 : 0);
  const mixed = new Database(join(dir, 'mixed.db'));
  sqliteVec.load(mixed);
  mixed.exec(VECTOR_TABLES_SQL);
  const writer = new CodeBlockWriter(mixed, 64);
  const ins = mixed.prepare('INSERT INTO chunk_int8 VALUES (?, ?)');
  vectors.forEach((v, i) => {
    ins.run(i + 1, quantizeInt8(v));
    writer.add(i + 1, binaryCode(v, codeWords(DIM)), {
      language: i % 2 ? 'fr' : 'en',
      ...FLOOR_2024,
      ...LEGISLATURES[legislatureOfChunk(i)],
    });
  });
  writer.finish();
  const perIndex = createVectorIndex(mixed, { rescore: 1000 });
  afterAll(() => mixed.close());

  test("each legislature's k nearest, exact, whatever the other legislatures hold", () => {
    const q = randomUnit();
    const lists = perIndex.nearestPerLegislature(q, 7, ANY, null);
    expect(lists).toHaveLength(3);
    const got = lists.map((l) => l.map((n) => n.rowid)).sort((a, b) => a[0] - b[0]);
    const want = [0, 1, 2]
      .map((p) =>
        exact(q, (i) => legislatureOfChunk(i) === p)
          .slice(0, 7)
          .map((n) => n.rowid),
      )
      .sort((a, b) => a[0] - b[0]);
    expect(got).toEqual(want);
    // legislatureOf names one legislature per list, a different one for each.
    const of = lists.map((l) => new Set(l.map((n) => perIndex.legislatureOf(n.rowid))));
    for (const s of of) expect(s.size).toBe(1);
    expect(new Set(of.map((s) => [...s][0])).size).toBe(3);
    expect(perIndex.legislatureOf(N + 10)).toBe(-1);
  });

  test('the filters apply within each legislature; a legislature the filter leaves empty gives no list', () => {
    const q = randomUnit();
    const fr = perIndex.nearestPerLegislature(q, 5, { ...ANY, langs: ['fr'] }, null);
    for (const l of fr) for (const n of l) expect((n.rowid - 1) % 2).toBe(1);
    const on = perIndex.nearestPerLegislature(q, 5, { ...ANY, province_territory: 'ON' }, null);
    expect(on).toHaveLength(1);
    expect(on[0].map((n) => n.rowid)).toEqual(
      exact(q, (i) => legislatureOfChunk(i) === 1)
        .slice(0, 5)
        .map((n) => n.rowid),
    );
  });
});
