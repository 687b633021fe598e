// An operator's pretrained sentence encoder (an ONNX export such as multilingual-e5-small, with its
// tokenizer.json in the card): input_ids + attention_mask (+ token_type_ids) → last_hidden_state
// [batch, len, hidden] → mean over real tokens → L2 normalise. A model whose first output is already
// pooled ([batch, hidden]) is only normalised.
import { lengthBatches } from './batches.js';
import type { PretrainedCard } from './card.js';
import { hfTokenizer } from './hf-tokenizer.js';
import { createSession, int64Tensor, type ModelSession, type SessionOptions } from './session.js';
import type { TextEncoder } from './text-encoder.js';

export interface PretrainedEncoderOptions extends SessionOptions {
  batchSize?: number;
}

export async function createPretrainedEncoder(
  model: Uint8Array,
  card: PretrainedCard,
  { batchSize = 32, ...opts }: PretrainedEncoderOptions = {},
): Promise<TextEncoder> {
  return pretrainedEncoder(await createSession(model, opts), card, batchSize);
}

/** Made apart from the async function that holds the model's bytes, so that its closures do not
 *  keep them alive under Bun (session.ts `modelSession`). */
function pretrainedEncoder(session: ModelSession, card: PretrainedCard, batchSize: number): TextEncoder {
  const tok = hfTokenizer(card.tokenizer, card.tokenizerConfig ?? {}, card.maxLength);
  const inputs = new Set(session.inputNames);
  for (const need of ['input_ids', 'attention_mask'])
    if (!inputs.has(need)) throw new Error(`pretrained encoder: the model has no ${need} input (inputs: ${session.inputNames.join(', ')})`);
  const output = session.outputNames.includes('last_hidden_state') ? 'last_hidden_state' : session.outputNames[0];

  async function run(texts: string[]): Promise<Float32Array[]> {
    const encs = texts.map((t) => tok.encode(t));
    const out: Float32Array[] = new Array(texts.length);
    for (const group of lengthBatches(
      encs.map((e) => e.ids.length),
      batchSize,
    )) {
      const len = encs[group[0]].ids.length;
      const feeds: Record<string, ReturnType<typeof int64Tensor>> = {
        input_ids: int64Tensor(group.length, len, (set) =>
          group.forEach((t, r) => {
            const ids = encs[t].ids;
            for (let c = 0; c < len; c++) set(r, c, c < ids.length ? ids[c] : tok.padId);
          }),
        ),
        attention_mask: int64Tensor(group.length, len, (set) =>
          group.forEach((t, r) => {
            for (let c = 0; c < encs[t].ids.length; c++) set(r, c, 1);
          }),
        ),
      };
      if (inputs.has('token_type_ids')) feeds.token_type_ids = int64Tensor(group.length, len, () => {});
      const res = session.run(feeds)[output];
      const data = res.data as Float32Array;
      const dims = res.dims;
      group.forEach((t, r) => {
        out[t] =
          dims.length === 3 ? meanPool(data, r, len, dims[2], encs[t].ids.length) : normalise(data.slice(r * dims[1], (r + 1) * dims[1]));
      });
    }
    return out;
  }

  const prefixed = (p: string | undefined, texts: string[]) => (p ? texts.map((t) => p + t) : texts);
  return {
    dim: card.dim,
    embed: (texts) => run(prefixed(card.prefix, texts)),
    embedQuery: async (q) => (await run(prefixed(card.queryPrefix ?? card.prefix, [q])))[0],
    close: async () => session.release(),
  };
}

/** Mean of the first `real` token vectors of row r (padding comes after them), normalised. */
function meanPool(data: Float32Array, r: number, len: number, hidden: number, real: number): Float32Array {
  const v = new Float32Array(hidden);
  const acc = new Float64Array(hidden);
  for (let c = 0; c < real; c++) for (let d = 0, o = (r * len + c) * hidden; d < hidden; d++) acc[d] += data[o + d];
  for (let d = 0; d < hidden; d++) v[d] = acc[d] / Math.max(real, 1);
  return normalise(v);
}

function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  if (n > 0) for (let d = 0; d < v.length; d++) v[d] /= n;
  return v;
}
