// The learned encoder at run time: tokenizer (token-ids.ts) → ONNX model (Gather → weighted mean →
// L2 normalise). Used by the build for chunks and by the server for queries: one code path.
import { lengthBatches } from './batches.js';
import type { LearnedCard } from './card.js';
import { createSession, float32Tensor, int64Tensor, type ModelSession, type SessionOptions } from './session.js';
import type { TextEncoder } from './text-encoder.js';
import { learnedTokenizer } from './token-ids.js';

export interface LearnedEncoderOptions extends SessionOptions {
  batchSize?: number;
}

export async function createLearnedEncoder(
  model: Uint8Array,
  card: LearnedCard,
  { batchSize = 64, ...opts }: LearnedEncoderOptions = {},
): Promise<TextEncoder> {
  return learnedEncoder(await createSession(model, opts), card, batchSize);
}

/** Made apart from the async function that holds the model's bytes, so that its closures do not
 *  keep them alive under Bun (session.ts `modelSession`). */
function learnedEncoder(session: ModelSession, card: LearnedCard, batchSize: number): TextEncoder {
  const tokenizer = learnedTokenizer(card);
  const dim = card.dim;
  async function embed(texts: string[]): Promise<Float32Array[]> {
    const toks = texts.map((t) => tokenizer.encode(t));
    const out: Float32Array[] = new Array(texts.length);
    for (const group of lengthBatches(
      toks.map((t) => t.ids.length),
      batchSize,
    )) {
      // At least one column: an empty text is a row of zero weights and embeds to zeros.
      const len = Math.max(1, toks[group[0]].ids.length);
      const w = new Float32Array(group.length * len);
      const ids = int64Tensor(group.length, len, (set) => {
        group.forEach((t, r) => {
          const { ids: row, weights } = toks[t];
          for (let c = 0; c < row.length; c++) {
            set(r, c, row[c]);
            w[r * len + c] = weights[c];
          }
        });
      });
      const res = session.run({ ids, weights: float32Tensor(w, [group.length, len]) });
      const data = res.embedding.data as Float32Array;
      group.forEach((t, r) => {
        out[t] = data.slice(r * dim, (r + 1) * dim);
      });
    }
    return out;
  }
  const knowsAnyWord = (text: string) => tokenizer.encode(text).ids.some((id) => id < tokenizer.vocabSize);
  return { dim, embed, embedQuery: async (q) => (await embed([q]))[0], knowsAnyWord, close: async () => session.release() };
}
