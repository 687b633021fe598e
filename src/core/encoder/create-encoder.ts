// The one entry point of the runtime: a model blob and its card (both stored in the data file) →
// an encoder. The card's kind picks the learned bag-of-words encoder or an operator's pretrained one.
import { checkCard } from './card.js';
import { createLearnedEncoder } from './learned-encoder.js';
import { createPretrainedEncoder } from './pretrained-encoder.js';
import type { SessionOptions } from './session.js';
import type { TextEncoder } from './text-encoder.js';

export interface CreateEncoderInput extends SessionOptions {
  model: Uint8Array;
  /** The card as stored (JSON text) or parsed. */
  card: string | object;
  batchSize?: number;
}

export async function createEncoder({ model, card, ...opts }: CreateEncoderInput): Promise<TextEncoder> {
  const { card: c, problems } = checkCard(typeof card === 'string' ? JSON.parse(card) : card);
  if (!c) throw new Error(`encoder card: ${problems.join('; ')}`);
  return c.kind === 'learned' ? createLearnedEncoder(model, c, opts) : createPretrainedEncoder(model, c, opts);
}
