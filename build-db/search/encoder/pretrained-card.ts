// An operator's pretrained sentence encoder for the build: the ONNX file and its tokenizer.json
// (+ optional tokenizer_config.json) read from disk into the model blob and card the data file
// stores. The embedding size is read off the model by embedding one probe text.
import { readFileSync } from 'node:fs';
import type { PretrainedCard } from '../../../src/core/encoder/card.js';
import { createPretrainedEncoder } from '../../../src/core/encoder/pretrained-encoder.js';

export interface PretrainedFiles {
  modelPath: string;
  tokenizerPath: string;
  tokenizerConfigPath?: string;
  /** E5 models want "passage: " before passages and "query: " before queries. */
  prefix?: string;
  queryPrefix?: string;
  maxLength?: number;
  name?: string;
}

export async function loadPretrained(f: PretrainedFiles): Promise<{ model: Uint8Array; card: PretrainedCard }> {
  const model = new Uint8Array(readFileSync(f.modelPath));
  const card: PretrainedCard = {
    kind: 'pretrained',
    version: 1,
    dim: 0,
    tokenizer: JSON.parse(readFileSync(f.tokenizerPath, 'utf8')),
    ...(f.tokenizerConfigPath ? { tokenizerConfig: JSON.parse(readFileSync(f.tokenizerConfigPath, 'utf8')) } : {}),
    ...(f.prefix ? { prefix: f.prefix } : {}),
    ...(f.queryPrefix ? { queryPrefix: f.queryPrefix } : {}),
    maxLength: f.maxLength ?? 512,
    ...(f.name ? { name: f.name } : {}),
  };
  const probe = await createPretrainedEncoder(model, card, { threads: 1 });
  try {
    card.dim = (await probe.embed(['dimension probe']))[0].length;
  } finally {
    await probe.close();
  }
  return { model, card };
}
