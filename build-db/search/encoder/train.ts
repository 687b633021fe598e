// Learns the text encoder from the corpus: tokens → vocabulary → windowed co-occurrence (+ the
// bilingual pair term) → PPMI → randomized SVD → unit word vectors with the common component
// removed → n-gram bucket vectors → SIF weights. Returns the embedding table and the card; export
// to ONNX with export-onnx.ts. Deterministic: the same texts and options give the same bytes.
import { LEARNED_CARD_VERSION, type LearnedCard } from '../../../src/core/encoder/card.js';
import { countCooccurrences } from './cooccurrence.js';
import { ppmiMatrix } from './ppmi.js';
import { randomizedSvd } from './randomized-svd.js';
import { sifWeights, unknownWeight } from './sif-weights.js';
import { subwordVectors } from './subword-vectors.js';
import { tokenStream } from './token-stream.js';
import { chooseVocabulary } from './vocabulary.js';
import { collectGarbage } from '../../../src/core/memory/collect-garbage.js';
import { removeCommonComponent, wordVectors } from './word-vectors.js';

/** Too few distinct words to learn vectors from: the build then serves keyword search only. */
export class CorpusTooSmallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorpusTooSmallError';
  }
}

export interface TrainOptions {
  dim?: number;
  window?: number;
  minCount?: number;
  maxVocabulary?: number;
  /** 0 turns the bilingual step off (pairs are then plain texts). */
  crossWeight?: number;
  powerIterations?: number;
  ngramMin?: number;
  ngramMax?: number;
  buckets?: number;
  sifA?: number;
  seed?: number;
  /** Stop reading texts after this many tokens (default 10 M: ~1 GB peak, about a minute). */
  maxTokens?: number;
  onProgress?: (msg: string) => void;
}

export interface TrainInput {
  texts: Iterable<string>;
  /** Parallel [english, french] texts: bill titles, the two editions of a sitting's paragraphs. */
  pairs?: Iterable<readonly [string, string]>;
}

export interface TrainedEncoder {
  table: Float32Array;
  card: LearnedCard;
  stats: TrainStats;
}
export interface TrainStats {
  tokens: number;
  documents: number;
  skippedTexts: number;
  pairs: number;
  vocabulary: number;
  nonZeros: number;
  rows: number;
  seconds: Record<string, number>;
}

export function trainEncoder({ texts, pairs = [] }: TrainInput, o: TrainOptions = {}): TrainedEncoder {
  const {
    dim = 256,
    window = 5,
    minCount = 3,
    maxVocabulary = 100_000,
    crossWeight = 5,
    powerIterations = 2,
    ngramMin = 3,
    ngramMax = 5,
    buckets = 1 << 15,
    sifA = 1e-3,
    seed = 1,
    maxTokens = 10_000_000,
    onProgress = () => {},
  } = o;
  const seconds: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    seconds[name] = Math.round(now - t) / 1000;
    t = now;
    onProgress(`encoder: ${name} ${seconds[name]} s`);
  };

  // Each step runs in a function of its own, so what it no longer needs (the token stream, the
  // co-occurrence counts, then the PPMI matrix) is out of scope when the next one starts, and a full
  // collection runs before the SVD and before the vectors: they were all still held (and the SVD's
  // garbage not yet collected) when the vectors were made, the learning's peak (100 k scale corpus,
  // sampled every second: 1.28 GB during the SVD, 1.78 GB at the vectors' end; with the collection
  // before the vectors, 1.40 GB at the SVD's end).
  const { vocab, svd, read } = factorize(
    texts,
    pairs,
    { dim, window, minCount, maxVocabulary, crossWeight, powerIterations, seed, maxTokens, onProgress },
    lap,
  );
  collectGarbage();
  const V = vocab.words.length;
  const weights = sifWeights(vocab.counts, vocab.totalTokens, sifA);
  const words = wordVectors(svd, V);
  const rank = svd.rank;
  removeCommonComponent(
    words,
    rank,
    Float64Array.from(vocab.counts, (c, i) => c * weights[i]),
  );
  const ngrams = { min: ngramMin, max: ngramMax, buckets };
  const sub = subwordVectors(vocab.words, words, rank, ngrams);
  // A corpus smaller than `dim` words yields fewer dimensions; pad so the card's dim holds.
  const table = new Float32Array((V + buckets) * dim);
  for (let i = 0; i < V; i++) table.set(words.subarray(i * rank, (i + 1) * rank), i * dim);
  for (let b = 0; b < buckets; b++) table.set(sub.subarray(b * rank, (b + 1) * rank), (V + b) * dim);
  lap('vectors');
  const stats: TrainStats = {
    tokens: vocab.totalTokens,
    documents: read.documents,
    skippedTexts: read.skippedTexts,
    pairs: read.pairs,
    vocabulary: V,
    nonZeros: read.nonZeros,
    rows: V + buckets,
    seconds,
  };
  const card: LearnedCard = {
    kind: 'learned',
    version: LEARNED_CARD_VERSION,
    dim,
    vocab: vocab.words,
    weights,
    unknownWeight: unknownWeight(vocab.totalTokens, sifA),
    ngrams,
    trained: {
      tokens: stats.tokens,
      documents: stats.documents,
      pairs: stats.pairs,
      window,
      minCount,
      crossWeight,
      powerIterations,
      sifA,
      seed,
    },
  };
  return { table, card, stats };
}

type FactorOptions = Required<
  Pick<
    TrainOptions,
    'dim' | 'window' | 'minCount' | 'maxVocabulary' | 'crossWeight' | 'powerIterations' | 'seed' | 'maxTokens' | 'onProgress'
  >
>;

/** Vocabulary and PPMI matrix of the texts and pairs; the stream and the counts end with this call. */
function ppmiOf(texts: Iterable<string>, pairs: Iterable<readonly [string, string]>, o: FactorOptions, lap: (name: string) => void) {
  const stream = tokenStream(texts, pairs, o.maxTokens);
  if (stream.skippedTexts) o.onProgress(`encoder: token cap ${o.maxTokens} reached, ${stream.skippedTexts} texts not read`);
  const vocab = chooseVocabulary(stream, { minCount: o.minCount, maxSize: o.maxVocabulary });
  lap('tokens');
  const counts = countCooccurrences(stream, vocab, { window: o.window, crossWeight: o.crossWeight });
  lap('cooccurrence');
  const A = ppmiMatrix(counts, vocab.words.length);
  lap('ppmi');
  return { vocab, A, read: { documents: stream.documents, skippedTexts: stream.skippedTexts, pairs: stream.pairs.length / 4 } };
}

/** The SVD of the PPMI matrix (after a full collection); the matrix ends with this call. */
function factorize(texts: Iterable<string>, pairs: Iterable<readonly [string, string]>, o: FactorOptions, lap: (name: string) => void) {
  const { vocab, A, read } = ppmiOf(texts, pairs, o, lap);
  const V = vocab.words.length;
  if (V < 2) throw new CorpusTooSmallError(`encoder: only ${V} words occur ${o.minCount}+ times; the corpus is too small to learn from`);
  collectGarbage();
  const svd = randomizedSvd(A, { rank: Math.min(o.dim, V - 1), powerIterations: o.powerIterations, seed: o.seed });
  lap('svd');
  return { vocab, svd, read: { ...read, nonZeros: A.idx.length } };
}
