// The model session (src/search/encoder/session.ts): runs of onnxruntime-node's native addon, done
// in the call. They give what the package's public API gives for the same inputs, and an embedding
// is over before anything deferred with setImmediate runs (the order that kept the server's
// embedding queue full, decisions 4).
import { afterAll, describe, expect, test } from 'bun:test';
import { createSession, createPublicSession, int64Tensor } from '../../../src/core/encoder/session.js';
import { createEncoder } from '../../../src/core/encoder/create-encoder.js';
import type { PretrainedCard } from '../../../src/core/encoder/card.js';
import { H, tinyModel, WORDPIECE } from '../../helpers/tiny-transformer.js';
import { onnxCleanup } from '../../helpers/encoder-corpus.js';

const cleanup = onnxCleanup();
afterAll(() => cleanup());

const feeds = () => ({
  input_ids: int64Tensor(2, 4, (set) =>
    [
      [2, 4, 5, 3],
      [2, 7, 3, 0],
    ].forEach((row, r) => row.forEach((v, c) => set(r, c, v))),
  ),
  attention_mask: int64Tensor(2, 4, (set) =>
    [
      [1, 1, 1, 1],
      [1, 1, 1, 0],
    ].forEach((row, r) => row.forEach((v, c) => set(r, c, v))),
  ),
  token_type_ids: int64Tensor(2, 4, () => {}),
});

describe('model session', () => {
  test('a run returns its outputs, not a promise, equal to the public API run of the same model', async () => {
    const model = tinyModel(true);
    const mine = await createSession(model, { threads: 1 });
    const theirs = await createPublicSession(model, { threads: 1 });
    expect(mine.inputNames).toEqual([...theirs.inputNames]);
    expect(mine.outputNames).toEqual([...theirs.outputNames]);
    const out = mine.run(feeds());
    expect(out).not.toBeInstanceOf(Promise);
    const expected = (await theirs.run(feeds())).last_hidden_state;
    expect(out.last_hidden_state.dims).toEqual(expected.dims);
    expect([...(out.last_hidden_state.data as Float32Array)]).toEqual([...(expected.data as Float32Array)]);
    expect(out.last_hidden_state.dims).toEqual([2, 4, H]);
    mine.release();
    await theirs.release();
  });

  test('a query embedding is done before what was deferred with setImmediate before it', async () => {
    const card: PretrainedCard = { kind: 'pretrained', version: 1, dim: H, tokenizer: WORDPIECE as Record<string, unknown>, maxLength: 16 };
    const enc = await createEncoder({ model: tinyModel(true), card });
    const order: string[] = [];
    setImmediate(() => order.push('deferred'));
    const embedded = enc.embedQuery!('the housing budget').then(() => order.push('embedded'));
    await embedded;
    expect(order).toEqual(['embedded']);
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['embedded', 'deferred']);
    await enc.close();
  });
});
