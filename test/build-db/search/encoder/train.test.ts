// Training and export on a synthetic bilingual corpus whose right answers are known by
// construction (test/helpers/encoder-corpus.ts): determinism, ONNX = JS reference, unseen words,
// and the bilingual step.
import { afterAll, describe, expect, test } from 'bun:test';
import { exportEncoderOnnx, fromFloat16, toFloat16 } from '../../../../build-db/search/encoder/export-onnx.js';
import { referenceEncoder } from '../../../../build-db/search/encoder/reference.js';
import { trainEncoder } from '../../../../build-db/search/encoder/train.js';
import { createEncoder } from '../../../../src/core/encoder/create-encoder.js';
import { onnxCleanup, syntheticCorpus } from '../../../helpers/encoder-corpus.js';

const cleanup = onnxCleanup();
afterAll(cleanup);

const corpus = syntheticCorpus(500, 500);
const OPTS = { dim: 8, minCount: 2, buckets: 512 };
const trained = trainEncoder(corpus, OPTS);
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

describe('trainEncoder', () => {
  test('the same corpus gives the same model and card bytes', () => {
    const again = trainEncoder(syntheticCorpus(500, 500), OPTS);
    expect(Buffer.from(exportEncoderOnnx(again.table, 8)).equals(Buffer.from(exportEncoderOnnx(trained.table, 8)))).toBe(true);
    expect(JSON.stringify(again.card)).toBe(JSON.stringify(trained.card));
  });
  test('a different seed changes the vectors (the determinism test can fail)', () => {
    const other = trainEncoder(corpus, { ...OPTS, seed: 2 });
    expect(Buffer.from(other.table.buffer).equals(Buffer.from(trained.table.buffer))).toBe(false);
  });
  test('the table has a row per vocabulary word and n-gram bucket; frequent words weigh less', () => {
    const { card, table } = trained;
    expect(table.length).toBe((card.vocab.length + 512) * 8);
    // Filler words occur in every sentence, topic words in a quarter of them.
    expect(card.weights[card.vocab.indexOf('the')]).toBeLessThan(card.weights[card.vocab.indexOf('hospital')]);
    expect(card.unknownWeight).toBeGreaterThan(Math.max(...card.weights));
  });
  test('topic words land near their topic, in both languages, with the bilingual step', () => {
    const embed = referenceEncoder(trained.table, trained.card);
    expect(cos(embed('hospital'), embed('doctors'))).toBeGreaterThan(cos(embed('hospital'), embed('mortgage')) + 0.3);
    expect(cos(embed('santé'), embed('health'))).toBeGreaterThan(cos(embed('santé'), embed('budget')) + 0.3);
  });
  test('without the bilingual step French and English topic words are unrelated', () => {
    const mono = trainEncoder(corpus, { ...OPTS, crossWeight: 0 });
    const embed = referenceEncoder(mono.table, mono.card);
    const bi = referenceEncoder(trained.table, trained.card);
    expect(cos(embed('santé'), embed('health'))).toBeLessThan(cos(bi('santé'), bi('health')) - 0.3);
  });
  test('an unseen word gets a non-zero vector close to the word it extends', () => {
    const embed = referenceEncoder(trained.table, trained.card);
    expect(trained.card.vocab).not.toContain('hospitals');
    const v = embed('hospitals');
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect(cos(v, embed('hospital'))).toBeGreaterThan(0.6);
    expect(cos(v, embed('hospital'))).toBeGreaterThan(cos(v, embed('budget')) + 0.3);
  });
  test('maxTokens stops reading texts but still reads every pair', () => {
    const capped = trainEncoder(corpus, { ...OPTS, maxTokens: 5000 });
    // Sentences are 10 words: the cap is crossed after the 500th text, so 500 of 1,000 are skipped.
    expect(capped.stats.skippedTexts).toBe(500);
    expect(capped.stats.pairs).toBe(500);
    expect(trained.stats.skippedTexts).toBe(0);
  });
  test('a corpus with almost no repeated words is refused with a reason', () => {
    expect(() => trainEncoder({ texts: ['one two three'] })).toThrow(/too small/);
  });
});

describe('ONNX export', () => {
  const texts = ['The minister said that health care and hospitals matter.', 'Le budget, les impôts et la dette.', '', 'zzz qqq', 'budget'];
  test('onnxruntime computes what the JS reference computes, within 1e-5', async () => {
    const enc = await createEncoder({ model: exportEncoderOnnx(trained.table, 8), card: JSON.stringify(trained.card), batchSize: 2 });
    const ref = referenceEncoder(trained.table, trained.card);
    const out = await enc.embed(texts);
    expect(out).toHaveLength(texts.length);
    texts.forEach((t, i) => {
      const r = ref(t);
      expect(out[i]).toHaveLength(8);
      for (let d = 0; d < 8; d++) expect(Math.abs(out[i][d] - r[d])).toBeLessThan(1e-5);
    });
    expect(Math.max(...out[2].map(Math.abs))).toBe(0); // empty text: zeros, not NaN
    expect(await enc.embedQuery(texts[0])).toEqual(out[0]);
    await enc.close();
  });
  test('float16 tables halve the model and match the reference over the rounded table', async () => {
    const model = exportEncoderOnnx(trained.table, 8, { precision: 'float16' });
    expect(model.length).toBeLessThan(exportEncoderOnnx(trained.table, 8).length * 0.55);
    const rounded = Float32Array.from(toFloat16(trained.table), fromFloat16);
    const enc = await createEncoder({ model, card: trained.card });
    const ref = referenceEncoder(rounded, trained.card);
    const out = await enc.embed(texts);
    texts.forEach((t, i) => {
      const r = ref(t);
      for (let d = 0; d < 8; d++) expect(Math.abs(out[i][d] - r[d])).toBeLessThan(1e-5);
    });
    await enc.close();
  });
  test('half-precision conversion rounds to nearest like IEEE (known bit patterns)', () => {
    // 1 → 0x3c00, -2 → 0xc000, 65504 (max half) → 0x7bff, 2^-24 (smallest subnormal) → 0x0001.
    expect([...toFloat16(Float32Array.of(1, -2, 65504, 2 ** -24, 0))]).toEqual([0x3c00, 0xc000, 0x7bff, 0x0001, 0]);
    expect(fromFloat16(0x3555)).toBeCloseTo(1 / 3, 3);
  });
  test('a bad card is refused with every problem named', async () => {
    await expect(createEncoder({ model: new Uint8Array(), card: { kind: 'learned', dim: 0 } })).rejects.toThrow(
      /dim must be a positive integer; learned card version/,
    );
  });
});
