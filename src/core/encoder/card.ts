// The encoder card: the JSON stored beside the ONNX model in the data file. It carries everything
// the tokenizer needs so the server turns a query into exactly the token ids the build used.
import type { NgramSettings } from './ngrams.js';

/** Bump when the word splitter, n-gram hashing or id layout changes: old cards are then refused. */
export const LEARNED_CARD_VERSION = 1;

export interface LearnedCard {
  kind: 'learned';
  version: number;
  dim: number;
  /** Row i of the embedding table is vocab[i]; n-gram bucket b is row vocab.length + b. */
  vocab: string[];
  /** SIF weight of each vocabulary word, aligned with vocab. */
  weights: number[];
  /** Weight of a word not in the vocabulary, spread over its n-grams. */
  unknownWeight: number;
  ngrams: NgramSettings;
  /** Training facts kept for `/search/meta` and reports. */
  trained?: Record<string, number | string | boolean>;
}

/** An operator's sentence encoder: tokenizer.json (HuggingFace) inside the card, mean pooling. */
export interface PretrainedCard {
  kind: 'pretrained';
  version: number;
  dim: number;
  tokenizer: Record<string, unknown>;
  tokenizerConfig?: Record<string, unknown>;
  /** Prepended to every text, e.g. "passage: " for E5 models (queries may use queryPrefix). */
  prefix?: string;
  queryPrefix?: string;
  maxLength: number;
  name?: string;
}

export type EncoderCard = LearnedCard | PretrainedCard;

export interface CardCheck {
  card: EncoderCard | null;
  problems: string[];
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const posInt = (v: unknown) => Number.isInteger(v) && (v as number) > 0;

/** Checks a parsed card; reports every problem instead of throwing. */
export function checkCard(raw: unknown): CardCheck {
  const problems: string[] = [];
  if (!isObj(raw)) return { card: null, problems: ['card is not an object'] };
  if (!posInt(raw.dim)) problems.push('dim must be a positive integer');
  if (raw.kind === 'learned') {
    if (raw.version !== LEARNED_CARD_VERSION) problems.push(`learned card version ${String(raw.version)} is not ${LEARNED_CARD_VERSION}`);
    const vocab = raw.vocab,
      weights = raw.weights,
      ng = raw.ngrams;
    if (!Array.isArray(vocab) || vocab.some((w) => typeof w !== 'string')) problems.push('vocab must be an array of strings');
    if (!Array.isArray(weights) || weights.some((w) => typeof w !== 'number')) problems.push('weights must be an array of numbers');
    else if (Array.isArray(vocab) && weights.length !== vocab.length)
      problems.push(`weights has ${weights.length} entries for ${vocab.length} words`);
    if (typeof raw.unknownWeight !== 'number') problems.push('unknownWeight must be a number');
    if (!isObj(ng) || !posInt(ng.min) || !posInt(ng.max) || !posInt(ng.buckets) || (ng.min as number) > (ng.max as number)) {
      problems.push('ngrams must be { min, max, buckets } positive integers with min <= max');
    }
  } else if (raw.kind === 'pretrained') {
    if (!isObj(raw.tokenizer) || !isObj(raw.tokenizer.model)) problems.push('tokenizer must be a tokenizer.json object with a model');
    if (!posInt(raw.maxLength)) problems.push('maxLength must be a positive integer');
  } else {
    problems.push(`unknown card kind ${JSON.stringify(raw.kind)}`);
  }
  return { card: problems.length ? null : (raw as unknown as EncoderCard), problems };
}
