// The build's search phase: the encoder learned from the corpus (or an operator's pretrained one, or
// the previous file's with --reuse) is stored in the data file and every chunk embedded; a corpus
// too small to learn from builds keyword-only search.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFileWith } from '../../../build-db/build.js';
import { searchPhase, type SearchPhaseReport } from '../../../build-db/search/search-phase.js';
import { entryOf } from '../../../build-db/search/reuse-vectors.js';
import { buildCommand } from '../../../src/cli/commands/build.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { loadEncoder, readEncoderBlobs, releaseBytes } from '../../../src/core/data-file/encoder-store.js';
import { createEncoder } from '../../../src/core/encoder/create-encoder.js';
import { collectGarbage } from '../../../src/core/memory/collect-garbage.js';
import { onnxCleanup } from '../../helpers/encoder-corpus.js';
import { seededRandom } from '../../../build-db/search/encoder/random.js';
import { storedVector } from '../../../build-db/search/write-vectors.js';
import type { SearchFilters } from '../../../src/server/db/search.js';
import { codeBlocks } from '../../../src/core/data-file/code-blocks.js';
import { createVectorIndex } from '../../../src/server/search/vectors.js';
import { query16, query16Error } from '../../../src/core/data-file/int8-vectors.js';
import { loadSearchParts } from '../../../src/server/search/search-parts.js';
import { writeFixture } from '../../helpers/fixture.js';
import { tinyModel, WORDPIECE } from '../../helpers/tiny-transformer.js';
import { generateDemo } from '../../helpers/demo-sources.js';

const ANY: SearchFilters = { langs: ['en', 'fr'], exclude_presiding: false };
const dir = mkdtempSync(join(tmpdir(), 'canpol-search-phase-'));
const cleanup = onnxCleanup();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  cleanup();
});

const demo = join(dir, 'demo');
beforeAll(() => generateDemo(demo), 60_000);

async function build(sources: string, out: string, extra: Partial<Parameters<typeof searchPhase>[0]> = {}) {
  const report = {} as SearchPhaseReport;
  const result = await buildDataFileWith({ sources, out, now: new Date('2026-11-02T00:00:00Z') }, [
    searchPhase({ sources, report, ...extra }),
  ]);
  if (!result.ok) throw new Error(JSON.stringify(result.issues.slice(0, 3)));
  return report;
}

async function served(path: string) {
  const data = openDataFile(path);
  const embedder = await loadEncoder(data.db);
  const app = createApp({
    data,
    embedder,
    logError: (e) => {
      throw e;
    },
  });
  return {
    get: async (p: string) => (await app.request(`/api/public/v1${p}`)).json() as Promise<Record<string, any>>,
    close: async () => {
      await embedder?.close();
      data.close();
    },
  };
}

/** Each chunk's stored int8 vector and binary code (hex), from the blocks and `chunk_int8`. */
function vectorsOf(path: string): Map<number, { int8: Int8Array; code: string }> {
  const db = new Database(path, { readonly: true });
  const int8 = new Map(db.prepare('SELECT rowid, vector_i8 FROM chunk_int8').raw().all() as Array<[number, Buffer]>);
  const out = new Map<number, { int8: Int8Array; code: string }>();
  for (const b of codeBlocks(db)) {
    const bytes = b.codes.byteLength / b.entries;
    b.rowids.forEach((rowid, i) => {
      const v = int8.get(rowid)!;
      out.set(rowid, {
        int8: new Int8Array(v.buffer, v.byteOffset, v.byteLength),
        code: Buffer.from(b.codes.subarray(i * bytes, (i + 1) * bytes)).toString('hex'),
      });
    });
  }
  expect(out.size).toBe(int8.size);
  db.close();
  return out;
}

/** A copy of the demo sources named `name` whose speeches.jsonl lines are `edit`'s. */
async function demoWithSpeeches(name: string, edit: (lines: string[]) => string[]): Promise<string> {
  const copy = join(dir, name);
  spawnSync('cp', ['-r', demo, copy]);
  const path = join(copy, 'speeches.jsonl');
  writeFileSync(path, `${edit((await Bun.file(path).text()).trim().split('\n')).join('\n')}\n`);
  return copy;
}

/** Each chunk's rowid → the rowid of the first chunk of the same text (what --reuse copies from). */
function firstOfText(path: string): Map<number, number> {
  const db = new Database(path, { readonly: true });
  const rows = db.prepare('SELECT rowid, content_hash FROM chunks ORDER BY rowid').all() as Array<{ rowid: number; content_hash: string }>;
  db.close();
  const first = new Map<string, number>();
  return new Map(
    rows.map((r) => {
      if (!first.has(r.content_hash)) first.set(r.content_hash, r.rowid);
      return [r.rowid, first.get(r.content_hash)!];
    }),
  );
}

describe('learned encoder on the demo corpus, then --reuse', () => {
  const first = join(dir, 'first.db');
  const second = join(dir, 'second.db');
  let r1: SearchPhaseReport;
  let r2: SearchPhaseReport;

  test('the encoder is learned and stored; every chunk is embedded; a query finds its topic', async () => {
    r1 = await build(demo, first);
    expect(r1.encoder).toBe('learned');
    expect(r1.embedded).toBe(r1.chunks);
    expect(r1.chunks).toBeGreaterThan(1000);
    const api = await served(first);
    try {
      expect(await api.get('/search/meta')).toEqual({ total_chunks: r1.chunks, embedded_chunks: r1.chunks, coverage: 1 });
      const body = await api.get('/search/speeches?q=mental%20health%20services&lang=en&limit=5');
      expect(body.mode).toBe('hybrid');
      expect(body.items[0].similarity).toBeGreaterThan(0);
      expect(body.items.some((i: { text: string }) => /mental health/i.test(i.text))).toBe(true);
    } finally {
      await api.close();
    }
  }, 120_000); // a build of the demo corpus: 40-60 s on the loaded 2-core VM

  test("the index loaded from the blocks: the filter columns are the chunks', and its nearest are an exhaustive int8 scan's", () => {
    const db = new Database(first, { readonly: true });
    try {
      const n = db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;
      expect(db.prepare('SELECT count(*) FROM chunk_blocks').pluck().get()).toBe(Math.ceil(n / 65_536));
      const index = createVectorIndex(db, { rescore: n }); // short list = everything: results must be exact
      expect(index.count()).toBe(n);
      const chunks = db.prepare('SELECT rowid, language, politician_id, lower(party_at_time) AS party FROM chunks').all() as Array<{
        rowid: number;
        language: string;
        politician_id: string | null;
        party: string | null;
      }>;
      const fr = index.rowMask({ ...ANY, langs: ['fr'] }, null)!;
      for (const c of chunks) expect(fr[c.rowid]).toBe(c.language === 'fr' ? 1 : 0);
      expect(index.politicianIds(chunks.map((c) => c.rowid))).toEqual(chunks.map((c) => c.politician_id));
      const party = chunks.find((c) => c.party)!.party!;
      const byParty = index.rowMask({ ...ANY, party }, null)!;
      for (const c of chunks) expect(byParty[c.rowid]).toBe(c.party === party ? 1 : 0);
      // The exhaustive scan, written from the definition: cosine of the query to every int8 vector.
      const all = (db.prepare('SELECT rowid, vector_i8 FROM chunk_int8').raw().all() as Array<[number, Buffer]>).map(([rowid, b]) => ({
        rowid,
        v: new Int8Array(b.buffer, b.byteOffset, b.byteLength),
      }));
      const random = seededRandom(3);
      for (let t = 0; t < 5; t++) {
        // Queries: a stored vector (its own chunk must come first) and random directions.
        const q =
          t === 0
            ? Float32Array.from(all[7].v, (x) => x / Math.hypot(...all[7].v))
            : Float32Array.from({ length: all[0].v.length }, () => random() * 2 - 1);
        const norm = Math.hypot(...q);
        q.forEach((x, i) => {
          q[i] = x / norm;
        });
        // A chunk with no known word has a zero vector: similarity 0, as the index defines it.
        const cos = (v: Int8Array) => {
          const n = Math.hypot(...v);
          return n ? v.reduce((s, x, i) => s + x * q[i], 0) / n : 0;
        };
        const isFr = new Set(chunks.filter((c) => c.language === 'fr').map((c) => c.rowid));
        // The index scores the query as 16-bit integers (query16): at most half a step a component
        // off, plus float32's rounding of 1/|v|.
        const within = query16Error(query16(q, new Int16Array(q.length)), q.length) + 1e-6;
        for (const [f, keep] of [
          [ANY, () => true],
          [{ ...ANY, langs: ['fr'] }, (r: number) => isFr.has(r)],
        ] as const) {
          const want = all
            .filter((x) => keep(x.rowid))
            .map((x) => ({ rowid: x.rowid, similarity: cos(x.v) }))
            .sort((a, b) => b.similarity - a.similarity || a.rowid - b.rowid)
            .slice(0, 20);
          const got = index.nearest(q, 20, f as SearchFilters, null);
          // Same ranks up to ties: vectors whose cosines differ by less than the scoring's rounding
          // (`within`; near-duplicate texts) may come in either order.
          expect(got.length).toBe(20);
          expect(new Set(got.map((x) => x.rowid)).size).toBe(20);
          const exact = new Map(all.map((x) => [x.rowid, cos(x.v)]));
          got.forEach((x, i) => {
            expect(keep(x.rowid)).toBe(true);
            expect(Math.abs(x.similarity - want[i].similarity)).toBeLessThan(within);
            expect(Math.abs(exact.get(x.rowid)! - x.similarity)).toBeLessThan(within);
          });
          const clear = want.filter((x) => x.similarity > want[19].similarity + 2 * within).map((x) => x.rowid);
          expect(got.filter((x) => clear.includes(x.rowid)).length).toBe(clear.length);
        }
        if (t === 0) expect(Math.abs(index.nearest(q, 1, ANY, null)[0].similarity - 1)).toBeLessThan(within);
      }
    } finally {
      db.close();
    }
  });

  test("the server's loader (encoder beside the vector index) answers as loading one after the other; a damaged block fails it with the encoder closed", async () => {
    const data = openDataFile(first);
    const parts = await loadSearchParts(data.db);
    const serial = await served(first);
    try {
      expect(parts.embedder).not.toBeNull();
      expect(parts.vectors!.count()).toBe(r1.chunks);
      const app = createApp({
        data,
        embedder: parts.embedder,
        vectors: parts.vectors,
        logError: (e) => {
          throw e;
        },
      });
      for (const q of ['mental%20health%20services&lang=en', 'logement%20abordable', 'housing&group_by=politician']) {
        const body = (await (await app.request(`/api/public/v1/search/speeches?q=${q}&limit=10`)).json()) as Record<string, any>;
        expect(body).toEqual(await serial.get(`/search/speeches?q=${q}&limit=10`));
        expect(body.mode).toBe('hybrid');
      }
    } finally {
      await parts.embedder?.close();
      data.close();
      await serial.close();
    }
    const damaged = join(dir, 'damaged-block.db');
    copyFileSync(first, damaged);
    const rw = new Database(damaged);
    rw.prepare("UPDATE chunk_blocks SET rowids = x'00' WHERE block = 0").run();
    rw.close();
    const file = openDataFile(damaged);
    const closed: string[] = [];
    try {
      await expect(
        loadSearchParts(file.db, {
          loadEncoder: async (db) => {
            const e = await loadEncoder(db);
            return (
              e &&
              Object.assign(Object.create(e), {
                close: async () => {
                  closed.push('encoder');
                  await e.close();
                },
              })
            );
          },
        }),
      ).rejects.toThrow(/chunk_blocks: block 0 has 1 bytes of rowids/);
      expect(closed).toEqual(['encoder']);
    } finally {
      file.close();
    }
  }, 60_000);

  test("the server's encoder frees its model's bytes once loaded and embeds as one that keeps them", async () => {
    const data = openDataFile(first);
    const served = await loadEncoder(data.db);
    const blobs = readEncoderBlobs(data.db)!;
    const kept = await createEncoder({ ...blobs, threads: 1 });
    try {
      // The bytes loadEncoder read are detached: the same read now, kept here, still has them.
      expect(blobs.model.byteLength).toBeGreaterThan(0);
      collectGarbage();
      const texts = ['mental health services', 'logement abordable', 'zzqx unknown words', ''];
      const [a, b] = [await served!.embed(texts), await kept.embed(texts)];
      a.forEach((v, i) => expect([...v]).toEqual([...b[i]]));
    } finally {
      await served?.close();
      await kept.close();
      data.close();
    }
  });

  test('releaseBytes detaches the whole buffer under the model', () => {
    const model = new Uint8Array(1024);
    releaseBytes(model);
    expect(model.byteLength).toBe(0);
    expect(model.buffer.byteLength).toBe(0);
  });

  test("an encoder keeps nothing of the model bytes it was made from alive (Bun kept an async frame's whole scope for its closures)", async () => {
    const data = openDataFile(first);
    const made = async () => {
      const blobs = readEncoderBlobs(data.db)!;
      return { bytes: new WeakRef(blobs.model.buffer), encoder: await createEncoder({ ...blobs, threads: 1 }) };
    };
    const { bytes, encoder } = await made();
    try {
      for (let i = 0; i < 2; i++) {
        await new Promise((r) => setTimeout(r, 20));
        collectGarbage();
      }
      expect(bytes.deref()).toBeUndefined();
      expect((await encoder.embedQuery('mental health')).length).toBe(encoder.dim);
    } finally {
      await encoder.close();
      data.close();
    }
  });

  test('--reuse keeps the encoder and copies every unchanged vector instead of embedding it', async () => {
    r2 = await build(demo, second, { reuse: first });
    expect(r2).toMatchObject({ encoder: 'reused', embedded: 0, reused: r1.chunks });
    // Nothing moved, so each chunk keeps its own stored code and int8 vector, byte for byte: the
    // vector tables are the previous file's.
    const [a, b] = [vectorsOf(first), vectorsOf(second)];
    expect(b.size).toBe(a.size);
    for (const [rowid, v] of b) {
      const want = a.get(rowid)!;
      expect(v.code).toBe(want.code);
      expect(Array.from(v.int8)).toEqual(Array.from(want.int8));
    }
    // Copying again from the copy changes nothing: same blocks, same int8 table, byte for byte.
    const third = join(dir, 'second-again.db');
    await build(demo, third, { reuse: second });
    const tables = (p: string) => {
      const db = new Database(p, { readonly: true });
      const t = db
        .prepare('SELECT * FROM chunk_blocks ORDER BY block')
        .raw()
        .all()
        .concat(
          db.prepare('SELECT * FROM chunk_block_values ORDER BY name, code').raw().all(),
          db.prepare('SELECT * FROM chunk_int8 ORDER BY rowid').raw().all(),
        );
      db.close();
      return t;
    };
    expect(tables(third)).toEqual(tables(second));
    const blobs = (p: string) => {
      const db = new Database(p, { readonly: true });
      const b = readEncoderBlobs(db);
      db.close();
      return b;
    };
    expect(blobs(second)).toEqual(blobs(first));
  }, 120_000);

  test('--reuse of a schema-10 file (codes and int8 vectors in one row a chunk, chunk_codes) copies them as stored', async () => {
    const old = join(dir, 'schema10.db');
    spawnSync('cp', [first, old]);
    const db = new Database(old);
    db.exec('CREATE TABLE chunk_codes (rowid INTEGER PRIMARY KEY, code BLOB NOT NULL, vector_i8 BLOB NOT NULL)');
    const ins = db.prepare('INSERT INTO chunk_codes VALUES (?, ?, ?)');
    for (const [rowid, v] of vectorsOf(first)) ins.run(rowid, Buffer.from(v.code, 'hex'), v.int8);
    db.exec('DROP TABLE chunk_blocks; DROP TABLE chunk_block_values; DROP TABLE chunk_int8');
    db.close();
    const out = join(dir, 'from-schema10.db');
    const r = await build(demo, out, { reuse: old });
    expect(r).toMatchObject({ encoder: 'reused', embedded: 0, reused: r1.chunks });
    const [a, b] = [vectorsOf(first), vectorsOf(out)];
    const firstOf = firstOfText(first);
    expect(b.size).toBe(a.size);
    for (const [rowid, v] of b) {
      const want = a.get(firstOf.get(rowid)!)!;
      expect(v.code).toBe(want.code);
      expect(Array.from(v.int8)).toEqual(Array.from(want.int8));
    }
  }, 120_000);

  test('--reuse of a schema-9 file (float vectors in chunk_vectors) stores the codes a fresh embedding of those floats gives', async () => {
    // The old format, made from the first file: its codes dropped, each int8 vector kept as the unit
    // float vector it stands for. Quantizing that float again must give the same int8 bytes back.
    const old = join(dir, 'schema9.db');
    spawnSync('cp', [first, old]);
    const db = new Database(old);
    db.exec('CREATE TABLE chunk_vectors (rowid INTEGER PRIMARY KEY, embedding BLOB NOT NULL)');
    const ins = db.prepare('INSERT INTO chunk_vectors VALUES (?, ?)');
    for (const [rowid, v] of vectorsOf(first)) {
      const norm = Math.hypot(...v.int8);
      ins.run(rowid, Buffer.from(Float32Array.from(v.int8, (x) => x / norm).buffer));
    }
    db.exec('DROP TABLE chunk_blocks; DROP TABLE chunk_block_values; DROP TABLE chunk_int8');
    db.close();
    const out = join(dir, 'from-schema9.db');
    const r = await build(demo, out, { reuse: old });
    expect(r).toMatchObject({ encoder: 'reused', embedded: 0, reused: r1.chunks });
    // A text's vector is the one of its first chunk (by content hash); its code has a bit set for
    // each positive component (a float component too small for int8 became 0, so the bit is clear).
    const [a, b] = [vectorsOf(first), vectorsOf(out)];
    expect(b.size).toBe(a.size);
    const firstOf = firstOfText(first);
    for (const rowid of a.keys()) {
      const want = a.get(firstOf.get(rowid)!)!.int8;
      const got = b.get(rowid)!;
      expect(Array.from(got.int8)).toEqual(Array.from(want));
      const bits = new Uint8Array(got.code.length / 2);
      want.forEach((x, i) => {
        if (x > 0) bits[i >> 3] |= 1 << (i & 7);
      });
      expect(got.code).toBe(Buffer.from(bits).toString('hex'));
    }
  }, 120_000); // a copy and a build: ~50 s on the loaded 2-core VM

  test('--reuse: a chunk at its rowid with its text unchanged keeps its own stored vector, not that of another chunk of the text', async () => {
    const marked = join(dir, 'marked.db');
    copyFileSync(first, marked);
    const db = new Database(marked);
    const twin = db.prepare('SELECT max(rowid) AS rowid FROM chunks GROUP BY content_hash HAVING count(*) > 1 LIMIT 1').pluck().get() as
      | number
      | undefined;
    expect(twin).toBeDefined(); // the demo corpus repeats some texts
    const mark = Buffer.from(
      Int8Array.from(
        { length: db.prepare('SELECT length(vector_i8) FROM chunk_int8 LIMIT 1').pluck().get() as number },
        (_, i) => (i % 7) - 3,
      ).buffer,
    );
    db.prepare('UPDATE chunk_int8 SET vector_i8 = ? WHERE rowid = ?').run(mark, twin);
    db.exec('DROP TABLE checksums'); // a file from before checksums: its blobs cannot be checked, the rest is read as it is
    db.close();
    const out = join(dir, 'from-marked.db');
    expect(await build(demo, out, { reuse: marked })).toMatchObject({ embedded: 0, reused: r1.chunks });
    const kept = vectorsOf(out).get(twin!)!.int8;
    expect(Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength)).toEqual(mark);
  }, 120_000);

  test('--reuse when every chunk moved (a speech added first) copies by text: the vector of the first chunk of that text', async () => {
    const moved = await demoWithSpeeches('moved', (lines) => {
      const s = JSON.parse(lines[0]);
      Object.assign(s, {
        key: `${s.key}-added`,
        text: 'A speech added before all the others, about lighthouses and fog horns on the coast.',
      });
      return [JSON.stringify(s), ...lines];
    });
    const out = join(dir, 'moved.db');
    const r = await build(moved, out, { reuse: first });
    const db = new Database(out, { readonly: true });
    const rows = db.prepare('SELECT rowid, content_hash, text FROM chunks ORDER BY rowid').all() as Array<{
      rowid: number;
      content_hash: string;
      text: string;
    }>;
    db.close();
    const added = rows.filter((c) => c.text.includes('lighthouses and fog horns')).map((c) => c.rowid);
    expect(r).toMatchObject({ encoder: 'reused', embedded: added.length, reused: r1.chunks });
    const [a, b] = [vectorsOf(first), vectorsOf(out)];
    const before = new Database(first, { readonly: true });
    const previous = before.prepare('SELECT rowid, content_hash FROM chunks ORDER BY rowid').raw().all() as Array<[number, string]>;
    before.close();
    // The chunks after the added speech's sit one or more rowids later: nearly all of them moved.
    const hashAt = new Map(previous);
    expect(rows.filter((c) => hashAt.get(c.rowid) === c.content_hash).length).toBeLessThan(rows.length / 100);
    const firstByHash = new Map<string, number>();
    for (const [rowid, hash] of previous) if (!firstByHash.has(hash)) firstByHash.set(hash, rowid);
    for (const c of rows.filter((x) => !added.includes(x.rowid))) {
      const want = a.get(firstByHash.get(c.content_hash)!)!,
        got = b.get(c.rowid)!;
      expect(got.code).toBe(want.code);
      expect(Array.from(got.int8)).toEqual(Array.from(want.int8));
    }
  }, 120_000);

  test('--reuse with one speech changed embeds only its chunks', async () => {
    const changed = await demoWithSpeeches('changed', (lines) => {
      const s = JSON.parse(lines[0]);
      s.text = `${s.text} A sentence added for this test.`;
      return [JSON.stringify(s), ...lines.slice(1)];
    });
    const r3 = await build(changed, join(dir, 'third.db'), { reuse: first });
    expect(r3.embedded).toBe(1);
    expect(r3.reused).toBe(r1.chunks - 1);
    // The one embedded is the changed chunk's text (read apart from the batch when reusing).
    const db = new Database(join(dir, 'third.db'), { readonly: true });
    db.prepare('ATTACH DATABASE ? AS prev').run(first);
    const fresh = db
      .prepare('SELECT rowid, text FROM chunks WHERE content_hash NOT IN (SELECT content_hash FROM prev.chunk_rows)')
      .all() as Array<{ rowid: number; text: string }>;
    expect(fresh.length).toBe(1);
    expect(fresh[0].text).toContain('A sentence added for this test.');
    const encoder = await loadEncoder(db);
    const [vec] = await encoder!.embed([fresh[0].text]);
    const stored = db.prepare('SELECT vector_i8 FROM chunk_int8 WHERE rowid = ?').pluck().get(fresh[0].rowid) as Buffer;
    expect([...new Int8Array(stored.buffer, stored.byteOffset, stored.byteLength)]).toEqual([...storedVector(vec).int8]);
    await encoder!.close();
    db.close();
  }, 120_000);
});

describe('a corpus too small to learn from', () => {
  test('builds with keyword search only: no encoder, no vectors', async () => {
    const sources = writeFixture(mkdtempSync(join(dir, 'fixture-')));
    const out = join(dir, 'small.db');
    const report = await build(sources, out);
    expect(report.encoder).toBe('none');
    const api = await served(out);
    try {
      expect(await api.get('/search/meta')).toEqual({ total_chunks: 4, embedded_chunks: 0, coverage: 0 });
      expect((await api.get('/search/speeches?q=meeting')).items.length).toBeGreaterThan(0);
    } finally {
      await api.close();
    }
  }, 30_000);
});

describe("an operator's pretrained encoder (canpol build --encoder-model --encoder-tokenizer)", () => {
  test('is stored in the data file and embeds chunks and queries', async () => {
    const model = join(dir, 'model.onnx');
    const tokenizer = join(dir, 'tokenizer.json');
    writeFileSync(model, tinyModel(true));
    writeFileSync(tokenizer, JSON.stringify(WORDPIECE));
    const out = join(dir, 'pretrained.db');
    const code = await buildCommand({
      sources: demo,
      out,
      reuse: 'none',
      encoderModel: model,
      encoderTokenizer: tokenizer,
      encoderPrefixes: 'passage: |query: ',
    });
    expect(code).toBe(0);
    const db = new Database(out, { readonly: true });
    const card = JSON.parse(readEncoderBlobs(db)!.card);
    db.close();
    expect(card).toMatchObject({ kind: 'pretrained', dim: 3, prefix: 'passage: ', queryPrefix: 'query: ' });
    const api = await served(out);
    try {
      const meta = await api.get('/search/meta');
      expect(meta.embedded_chunks).toBe(meta.total_chunks);
      expect((await api.get('/search/speeches?q=budget&limit=1')).items[0].similarity).not.toBeNull();
    } finally {
      await api.close();
    }
  }, 60_000);

  test('a model without its tokenizer is a usage error', async () => {
    expect(
      await buildCommand({
        sources: demo,
        out: join(dir, 'x.db'),
        reuse: 'none',
        encoderModel: join(dir, 'model.onnx'),
        encoderTokenizer: 'none',
        encoderPrefixes: 'none',
      }),
    ).toBe(2);
  });
});

describe('canpol build --reuse', () => {
  test('a previous file that does not exist fails before anything is built, and writes nothing', async () => {
    const out = join(dir, 'never.db');
    const errors: string[] = [];
    const original = console.error;
    console.error = (m: unknown) => {
      errors.push(String(m));
    };
    try {
      expect(
        await buildCommand({
          sources: demo,
          out,
          reuse: join(dir, 'gone.db'),
          encoderModel: 'none',
          encoderTokenizer: 'none',
          encoderPrefixes: 'none',
        }),
      ).toBe(1);
    } finally {
      console.error = original;
    }
    expect(errors.join('\n')).toContain(`--reuse ${join(dir, 'gone.db')}: no such file`);
    expect(existsSync(out)).toBe(false);
  });
});

describe("--reuse finds a chunk among the previous file's block entries by bisection", () => {
  test('every rowid present is found at its index; absent ones, between or beyond, are not', () => {
    const rowids = Int32Array.of(3, 5, 9, 100, 101, 7_000_000);
    rowids.forEach((r, i) => expect(entryOf(rowids, r)).toBe(i));
    for (const absent of [0, 4, 6, 99, 102, 7_000_001]) expect(entryOf(rowids, absent)).toBeUndefined();
    expect(entryOf(new Int32Array(0), 1)).toBeUndefined();
  });
});
