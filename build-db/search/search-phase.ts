// The build's search phase, run on the temporary data file after the chunks are written: learn the
// text encoder from the chunks and the bundle's English/French pairs (or take it from a previous
// data file with --reuse, or an operator's pretrained one), store it in the file, embed every chunk.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createEncoder } from '../../src/core/encoder/create-encoder.js';
import { ENCODER_TABLE_SQL, readEncoderBlobs } from '../../src/core/data-file/encoder-store.js';
import { assertReusableBlobs } from '../../src/core/data-file/data-checksums.js';
import { loadSqliteVec } from '../../src/core/natives/native-files.js';
import type { ExtraPhase } from '../build.js';
import { trainLexicon } from './encoder/lexicon.js';
import { CorpusTooSmallError, type TrainOptions } from './encoder/train.js';
import { learnEncoder, parallelTexts, TRAIN_TEXTS, type LearnedEncoder } from './learn-encoder.js';
import { sampledTexts } from './training-sample.js';
import { LEXICON_BLOB } from '../../src/core/text/translate.js';
import { writeVectors } from './write-vectors.js';
import { reusedVectors } from './reuse-vectors.js';
import { collectGarbage } from '../../src/core/memory/collect-garbage.js';

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
  chunks: number;
  embedded: number;
  reused: number;
  embed_seconds: number;
  chunks_per_second: number;
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
      // A damaged encoder in the previous file must not be carried into the new one.
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
          // the keyword index (on a worker, as it was) added the two peaks, 3.7 GB at 1 M chunks.
          // The collection first: the keyword index's garbage is still held.
          onProgress('search: learning the text encoder from the chunks and the English/French pairs');
          collectGarbage();
          trained = learnEncoder(sampledTexts(db, TRAIN_TEXTS), opts.sources, train, (m) => onProgress(`search: ${m}`));
        } catch (err) {
          if (!(err instanceof CorpusTooSmallError)) throw err;
          onProgress(`search: ${err.message}; no encoder and no vectors, search ranks by keywords only`);
          db.exec(ENCODER_TABLE_SQL);
          storeLexicon(db, opts.sources, onProgress);
          if (opts.report)
            Object.assign(opts.report, {
              encoder: 'none',
              train_seconds: 0,
              chunks: 0,
              embedded: 0,
              reused: 0,
              embed_seconds: 0,
              chunks_per_second: 0,
              model_bytes: 0,
            } satisfies SearchPhaseReport);
          previous?.close();
          return;
        }
        blobs = { model: trained.model, card: trained.card };
        source = 'learned';
        onProgress(`search: encoder learned (${trained.stats.vocabulary} words, ${trained.stats.pairs} pairs, dim ${trained.dim})`);
      }
      const trainSeconds = (performance.now() - started) / 1000;
      db.exec(ENCODER_TABLE_SQL);
      db.prepare('INSERT INTO encoder (name, value) VALUES (?, ?), (?, ?)').run(
        'model.onnx',
        Buffer.from(blobs.model),
        'card.json',
        Buffer.from(blobs.card),
      );
      storeLexicon(db, opts.sources, onProgress);

      // One intra-op thread and runs of 16 texts (the model is a gather and a weighted mean, bound by
      // memory: the [batch, length, dim] rows of a run of 64 padded texts leave the cache, and two
      // threads contend with the tokenizer and SQLite on 2 cores). Measured on 5,120 scale-corpus
      // chunks: ~0.3 s of model runs against ~0.9 s with 2 threads and 64.
      // An operator's pretrained model (a transformer) keeps the defaults.
      const learned = (JSON.parse(blobs.card) as { kind?: string }).kind === 'learned';
      const encoder = await createEncoder({ model: blobs.model, card: blobs.card, ...(learned ? { threads: 1, batchSize: 16 } : {}) });
      try {
        const reuse = previous && kept ? reusedVectors(previous) : null;
        const r = await writeVectors({ db, embedder: encoder, reuse, onProgress });
        onProgress(`search: ${r.embedded} chunks embedded (${Math.round(r.chunksPerSecond)}/s), ${r.reused} vectors reused`);
        if (opts.report)
          Object.assign(opts.report, {
            encoder: source,
            train_seconds: trainSeconds,
            chunks: r.total,
            embedded: r.embedded,
            reused: r.reused,
            embed_seconds: r.seconds,
            chunks_per_second: r.chunksPerSecond,
            model_bytes: blobs.model.byteLength,
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

/** The English/French stem lexicon of query translation (src/core/text/translate.ts), learned from
 *  the bundle's pairs on every build (a second or two): it follows the pairs, not the encoder. */
function storeLexicon(db: Database.Database, sources: string, onProgress: (m: string) => void) {
  const started = performance.now();
  const { lexicon, pairs } = trainLexicon(parallelTexts(sources));
  db.prepare('INSERT INTO encoder (name, value) VALUES (?, ?)').run(LEXICON_BLOB, Buffer.from(JSON.stringify(lexicon)));
  onProgress(
    `search: English/French lexicon learned from ${pairs} pairs (${Object.keys(lexicon.en).length} English and ${Object.keys(lexicon.fr).length} French stems, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
