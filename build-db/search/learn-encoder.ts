// Learning the build's text encoder (build-db/search/encoder/train.ts) and exporting it as ONNX,
// from a fixed sample of chunk texts and the bundle's English/French pairs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { partFilesOf } from '../sources/files.js';
import { exportEncoderOnnx } from './encoder/export-onnx.js';
import { trainEncoder, type TrainOptions, type TrainStats } from './encoder/train.js';

export interface LearnedEncoder {
  model: Uint8Array;
  card: string;
  stats: TrainStats;
  dim: number;
}

/** Chunk texts the encoder learns from at most: training is the build's peak of memory (learning
 *  alone from the scale corpus peaked at 1.27 GB with 50,000 texts and 1.89 GB with 100,000; the
 *  whole 100 k build at 2.06 GB with 100,000, against ≤ 0.36 GB for import, chunks and keyword
 *  index), so a fixed sample keeps the peak the same at any corpus size. It was 250,000. */
export const TRAIN_TEXTS = 50_000;

export function* parallelTexts(sources: string): Generator<readonly [string, string]> {
  if (!existsSync(sources)) return;
  for (const file of partFilesOf('parallel_texts', readdirSync(sources))) {
    for (const line of readFileSync(join(sources, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const { en, fr } = JSON.parse(line) as { en: string; fr: string };
      yield [en, fr];
    }
  }
}

type TrainSettings = Omit<TrainOptions, 'onProgress'>;

/** Learns and exports the encoder; throws CorpusTooSmallError when there is too little text. */
export function learnEncoder(
  texts: Iterable<string>,
  sources: string,
  train: TrainSettings,
  onProgress: (msg: string) => void,
): LearnedEncoder {
  const trained = trainEncoder({ texts, pairs: parallelTexts(sources) }, { onProgress, ...train });
  const model = exportEncoderOnnx(trained.table, trained.card.dim, { precision: 'float16' });
  return { model, card: JSON.stringify(trained.card), stats: trained.stats, dim: trained.card.dim };
}
