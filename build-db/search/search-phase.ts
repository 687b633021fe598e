// The build's search phase, run on the temporary data file after the chunks are written: learn the
// text encoder from the chunks and the bundle's English/French pairs (or take it from a previous
// data file with --reuse, or an operator's pretrained one), store it in the file, embed every chunk.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createEncoder } from '../../src/search/encoder/create-encoder.js';
import { ENCODER_TABLE_SQL, readEncoderBlobs } from '../../src/search/encoder-store.js';
import { assertReusableBlobs } from '../../src/db/data-checksums.js';
import { loadSqliteVec } from '../../src/natives/native-files.js';
import { codeBlocks, codeBlocksSize, hasCodeBlocks } from '../../src/search/scan/code-blocks.js';
import { floatsOf } from '../../src/search/vectors.js';
import type { ExtraPhase } from '../build.js';
import { trainLexicon } from './encoder/lexicon.js';
import { CorpusTooSmallError, type TrainOptions } from './encoder/train.js';
import { learnEncoder, parallelTexts, sampledTexts, TRAIN_TEXTS, type LearnedEncoder } from './learn-encoder.js';
import { LEXICON_BLOB } from '../../src/search/translate.js';
import { storedVector, writeVectors, type StoredVector } from './write-vectors.js';
import { collectGarbage } from '../../src/ops/collect-garbage.js';

export interface SearchPhaseOptions {
  /** The source bundle (its parallel_texts files feed the bilingual step). */
  sources: string;
  /** A previous data file: its encoder is kept and the vectors of unchanged chunks are copied. */
  reuse?: string | null;
  /** An operator's encoder ({ model, card } from loadPretrained) instead of learning one. */
  pretrained?: { model: Uint8Array; card: object } | null;
  /** Training texts are read up to this many words (a spread-out sample of the chunks beyond it). */
  train?: TrainOptions;
  /** Filled in when the phase ends, for the build summary and benchmarks. */
  report?: SearchPhaseReport;
}

export interface SearchPhaseReport {
  encoder: 'learned' | 'reused' | 'pretrained' | 'none';
  train_seconds: number;
  chunks: number; embedded: number; reused: number; embed_seconds: number; chunks_per_second: number;
  model_bytes: number;
}

export { TRAIN_TEXTS };

export function searchPhase(opts: SearchPhaseOptions): ExtraPhase {
  const { onProgress: _ignored, ...train } = opts.train ?? {};
  const phase: ExtraPhase = async (path, onProgress) => {
    const db = new Database(path);
    loadSqliteVec(db);
    try {
      const started = performance.now();
      let blobs: { model: Uint8Array; card: string };
      let source: SearchPhaseReport['encoder'];
      let previous: Database.Database | null = null;
      if (opts.reuse) {
        if (!existsSync(opts.reuse)) throw new Error(`--reuse ${opts.reuse}: no such file`);
        previous = new Database(opts.reuse, { readonly: true });
        loadSqliteVec(previous);
      }
      // A damaged encoder in the previous file must not be carried into the new one (issue 21).
      if (previous) assertReusableBlobs(previous, opts.reuse!);
      const kept = previous ? readEncoderBlobs(previous) : null;
      if (kept) {
        blobs = kept;
        source = 'reused';
        onProgress(`search: encoder reused from ${opts.reuse}`);
      } else if (opts.pretrained) {
        blobs = { model: opts.pretrained.model, card: JSON.stringify(opts.pretrained.card) };
        source = 'pretrained';
      } else {
        let trained: LearnedEncoder;
        try {
          // After the keyword index, on this thread, whatever `--build-workers` says: learning beside
          // the keyword index (on a worker, as it was) added the two peaks, 3.7 GB at 1 M chunks
          // (docs/benchmarks.md). The collection first: the keyword index's garbage is still held.
          onProgress('search: learning the text encoder from the chunks and the English/French pairs');
          collectGarbage();
          trained = learnEncoder(sampledTexts(db, TRAIN_TEXTS), opts.sources, train, (m) => onProgress(`search: ${m}`));
        } catch (err) {
          if (!(err instanceof CorpusTooSmallError)) throw err;
          onProgress(`search: ${err.message}; no encoder and no vectors, search ranks by keywords only`);
          db.exec(ENCODER_TABLE_SQL);
          storeLexicon(db, opts.sources, onProgress);
          if (opts.report) Object.assign(opts.report, { encoder: 'none', train_seconds: 0, chunks: 0, embedded: 0, reused: 0, embed_seconds: 0, chunks_per_second: 0, model_bytes: 0 } satisfies SearchPhaseReport);
          previous?.close();
          return;
        }
        blobs = { model: trained.model, card: trained.card };
        source = 'learned';
        onProgress(`search: encoder learned (${trained.stats.vocabulary} words, ${trained.stats.pairs} pairs, dim ${trained.dim})`);
      }
      const trainSeconds = (performance.now() - started) / 1000;
      db.exec(ENCODER_TABLE_SQL);
      db.prepare('INSERT INTO encoder (name, value) VALUES (?, ?), (?, ?)').run('model.onnx', Buffer.from(blobs.model), 'card.json', Buffer.from(blobs.card));
      storeLexicon(db, opts.sources, onProgress);

      // One intra-op thread and runs of 16 texts (the model is a gather and a weighted mean, bound by
      // memory: the [batch, length, dim] rows of a run of 64 padded texts leave the cache, and two
      // threads contend with the tokenizer and SQLite on 2 cores). Measured on 5,120 scale-corpus
      // chunks: ~0.3 s of model runs against ~0.9 s with 2 threads and 64 (docs/benchmarks.md).
      // An operator's pretrained model (a transformer) keeps the defaults.
      const learned = (JSON.parse(blobs.card) as { kind?: string }).kind === 'learned';
      const encoder = await createEncoder({ model: blobs.model, card: blobs.card, ...(learned ? { threads: 1, batchSize: 16 } : {}) });
      try {
        const reuse = previous && kept ? reusedVectors(previous) : null;
        const r = await writeVectors({ db, embedder: encoder, reuse, onProgress });
        onProgress(`search: ${r.embedded} chunks embedded (${Math.round(r.chunksPerSecond)}/s), ${r.reused} vectors reused`);
        if (opts.report) Object.assign(opts.report, {
          encoder: source, train_seconds: trainSeconds, chunks: r.total, embedded: r.embedded, reused: r.reused,
          embed_seconds: r.seconds, chunks_per_second: r.chunksPerSecond, model_bytes: blobs.model.byteLength,
        } satisfies SearchPhaseReport);
      } finally {
        await encoder.close();
        previous?.close();
      }
    } finally {
      db.close();
    }
  };
  return phase;
}

/** The English/French stem lexicon of query translation (src/search/translate.ts), learned from
 *  the bundle's pairs on every build (a second or two): it follows the pairs, not the encoder. */
function storeLexicon(db: Database.Database, sources: string, onProgress: (m: string) => void) {
  const started = performance.now();
  const { lexicon, pairs } = trainLexicon(parallelTexts(sources));
  db.prepare('INSERT INTO encoder (name, value) VALUES (?, ?)').run(LEXICON_BLOB, Buffer.from(JSON.stringify(lexicon)));
  onProgress(`search: English/French lexicon learned from ${pairs} pairs (${Object.keys(lexicon.en).length} English and ${Object.keys(lexicon.fr).length} French stems, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

/** Stored vectors of a previous data file by content hash (same text, same language, same encoder):
 *  its codes and int8 forms as they are (schema 11: codes from its blocks, int8 from `chunk_int8`;
 *  schema 10: both from `chunk_codes`), or, from a file of schema ≤ 9, its float vectors
 *  (`chunk_vectors`) turned into them as a fresh embedding would be. */
function reusedVectors(previous: Database.Database): (hash: string) => StoredVector | undefined {
  const has = (name: string) => Boolean(previous.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(name));
  // One chunk of that text is enough: the same text gives the same vector. BigInt rowids also read
  // a schema-3 file, whose vectors were in a vec0 table.
  const rowidOf = previous.prepare('SELECT rowid FROM chunks WHERE content_hash = ? LIMIT 1').pluck();
  const int8Of = (b: Buffer) => new Int8Array(b.buffer, b.byteOffset, b.byteLength);
  if (has('chunk_vectors')) {
    const vectorOf = previous.prepare('SELECT embedding FROM chunk_vectors WHERE rowid = ?').pluck();
    return (hash) => {
      const rowid = rowidOf.get(hash) as number | undefined;
      const buf = rowid === undefined ? undefined : (vectorOf.get(BigInt(rowid)) as Buffer | undefined);
      return buf && storedVector(floatsOf(buf));
    };
  }
  if (hasCodeBlocks(previous)) {
    // The codes are only in blocks: held in memory for the build (32 MB per million chunks), with
    // their rowids, which blocks hold in ascending order (CodeBlockWriter refuses any other): an
    // entry is found by bisection. A Map from rowid to entry held 446 MB more at 8 M entries (56 bytes
    // an entry, measured under Bun), within the build's 2 GB.
    const { entries, codeBytes } = codeBlocksSize(previous);
    const codes = new Uint8Array(entries * codeBytes), rowids = new Int32Array(entries);
    let filled = 0;
    for (const b of codeBlocks(previous)) {
      codes.set(b.codes, filled * codeBytes);
      rowids.set(b.rowids, filled);
      filled += b.entries;
    }
    const vectorOf = previous.prepare('SELECT vector_i8 FROM chunk_int8 WHERE rowid = ?').pluck();
    return (hash) => {
      const rowid = rowidOf.get(hash) as number | undefined;
      const e = rowid === undefined ? undefined : entryOf(rowids, rowid);
      const v = e === undefined ? undefined : (vectorOf.get(rowid) as Buffer | undefined);
      return v && { code: codes.slice(e! * codeBytes, (e! + 1) * codeBytes), int8: int8Of(v) };
    };
  }
  if (!has('chunk_codes')) return () => undefined;
  const codesOf = previous.prepare('SELECT code, vector_i8 FROM chunk_codes WHERE rowid = ?');
  return (hash) => {
    const rowid = rowidOf.get(hash) as number | undefined;
    const row = rowid === undefined ? undefined : (codesOf.get(rowid) as { code: Buffer; vector_i8: Buffer } | undefined);
    return row && { code: row.code, int8: int8Of(row.vector_i8) };
  };
}

/** The index of `rowid` in ascending `rowids`, or undefined. */
export function entryOf(rowids: Int32Array, rowid: number): number | undefined {
  let lo = 0, hi = rowids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1, r = rowids[mid];
    if (r === rowid) return mid;
    if (r < rowid) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
