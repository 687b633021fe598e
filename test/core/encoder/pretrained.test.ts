// The pluggable path: an operator's transformer-style ONNX export + HuggingFace tokenizer.json.
// The test writes a tiny transformer-shaped model (token and type embeddings, one MatMul, a 3-D
// last_hidden_state) and two tiny tokenizers (BERT WordPiece, XLM-R-style Unigram), then checks
// token ids and pooled vectors against values computed here by hand.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializer, modelBytes, node, valueInfo } from '../../../build-db/search/encoder/onnx-graph.js';
import { E, H, T, tinyModel, UNIGRAM, VOCAB, W, WORDPIECE } from '../../helpers/tiny-transformer.js';
import { loadPretrained } from '../../../build-db/search/encoder/pretrained-card.js';
import type { PretrainedCard } from '../../../src/core/encoder/card.js';
import { createEncoder } from '../../../src/core/encoder/create-encoder.js';
import { hfTokenizer } from '../../../src/core/encoder/hf-tokenizer.js';
import { onnxCleanup } from '../../helpers/encoder-corpus.js';

const cleanup = onnxCleanup();
const dir = mkdtempSync(join(tmpdir(), 'canpol-pretrained-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  cleanup();
});

/** What the encoder must return for these ids: normalise(mean_i((E[id_i] + T[0])·W)). */
function expected(ids: number[], withTypes = true): number[] {
  const acc = [0, 0, 0];
  for (const id of ids)
    for (let o = 0; o < H; o++) {
      let s = 0;
      for (let h = 0; h < H; h++) s += (E[id * H + h] + (withTypes ? T[h] : 0)) * W[h * H + o];
      acc[o] += s / ids.length;
    }
  const n = Math.hypot(...acc);
  return acc.map((x) => x / n);
}

const card = (tokenizer: object, extra: Partial<PretrainedCard> = {}): PretrainedCard => ({
  kind: 'pretrained',
  version: 1,
  dim: H,
  tokenizer: tokenizer as Record<string, unknown>,
  maxLength: 16,
  ...extra,
});

describe('tokenizer.json', () => {
  test('WordPiece: lower case, accents stripped, sub-words, [UNK], [CLS] … [SEP]', () => {
    // BertNormalizer strips accents when strip_accents is null and lowercase is true (HF's rule).
    expect(hfTokenizer(WORDPIECE).encode('The HOUSING budget, Santé zzz').ids).toEqual([2, 4, 5, 6, 7, 8, 9, 1, 3]);
  });
  test('Unigram: the most probable segmentation, <s> … </s>', () => {
    // "▁santé" (−5) beats "▁san" + "té" (−16); "budgets" = "▁budget" + "s".
    expect(hfTokenizer(UNIGRAM).encode('le santé budgets').ids).toEqual([0, 10, 5, 8, 9, 2]);
    expect(hfTokenizer(UNIGRAM).padId).toBe(1);
  });
  test('long texts are truncated to maxLength and keep the closing token', () => {
    const ids = hfTokenizer(WORDPIECE, {}, 6).encode('the budget '.repeat(20)).ids;
    expect(ids).toEqual([2, 4, 7, 4, 7, 3]);
  });
});

describe('pretrained encoder', () => {
  test('mean-pools last_hidden_state over real tokens, whatever the padding of the batch', async () => {
    const enc = await createEncoder({ model: tinyModel(true), card: card(WORDPIECE), batchSize: 4 });
    const [short, long] = await enc.embed(['budget', 'the housing budget, the budget']);
    expected([2, 7, 3]).forEach((x, d) => expect(short[d]).toBeCloseTo(x, 6));
    expected([2, 4, 5, 6, 7, 8, 4, 7, 3]).forEach((x, d) => expect(long[d]).toBeCloseTo(x, 6));
    await enc.close();
  });
  test('a model without token_type_ids works (XLM-R style), with the Unigram tokenizer', async () => {
    const enc = await createEncoder({ model: tinyModel(false), card: card(UNIGRAM) });
    const [v] = await enc.embed(['santé']);
    expected([0, 5, 2], false).forEach((x, d) => expect(v[d]).toBeCloseTo(x, 6));
    await enc.close();
  });
  test('queries and passages get their own prefixes (E5: "query: ", "passage: ")', async () => {
    const withPrefixes = await createEncoder({ model: tinyModel(true), card: card(WORDPIECE, { prefix: 'budget ', queryPrefix: 'the ' }) });
    const plain = await createEncoder({ model: tinyModel(true), card: card(WORDPIECE) });
    expect(await withPrefixes.embedQuery('sante')).toEqual(await plain.embedQuery('the sante'));
    expect((await withPrefixes.embed(['sante']))[0]).toEqual((await plain.embed(['budget sante']))[0]);
    await withPrefixes.close();
    await plain.close();
  });
  test('loadPretrained reads the files, finds the dimension, and its card round-trips through JSON', async () => {
    writeFileSync(join(dir, 'model.onnx'), tinyModel(true));
    writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify(WORDPIECE));
    const { model, card: c } = await loadPretrained({
      modelPath: join(dir, 'model.onnx'),
      tokenizerPath: join(dir, 'tokenizer.json'),
      maxLength: 32,
    });
    expect(c.dim).toBe(H);
    const enc = await createEncoder({ model, card: JSON.stringify(c) });
    expect(enc.dim).toBe(H);
    const [v] = await enc.embed(['budget']);
    expected([2, 7, 3]).forEach((x, d) => expect(v[d]).toBeCloseTo(x, 6));
    await enc.close();
  });
  test('a model without attention_mask is refused with its inputs named', async () => {
    const bad = modelBytes({
      name: 'no-mask',
      nodes: [node('Gather', ['E', 'input_ids'], ['last_hidden_state'], { axis: 0 })],
      inputs: [valueInfo('input_ids', 'int64', ['batch', 'len'])],
      outputs: [valueInfo('last_hidden_state', 'float32', ['batch', 'len', H])],
      initializers: [initializer('E', 'float32', [VOCAB, H], E)],
    });
    await expect(createEncoder({ model: bad, card: card(WORDPIECE) })).rejects.toThrow('no attention_mask input (inputs: input_ids)');
  });
});
