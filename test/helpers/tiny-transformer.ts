// A tiny transformer-shaped ONNX model (token and type embeddings, one MatMul, a 3-D
// last_hidden_state) and two tiny HuggingFace tokenizers (BERT WordPiece, XLM-R-style Unigram):
// stand-ins for an operator's pretrained sentence encoder, with outputs computable by hand.
import { initializer, modelBytes, node, valueInfo } from '../../build-db/search/encoder/onnx-graph.js';

const special = (id: number, content: string) => ({
  id,
  content,
  single_word: false,
  lstrip: false,
  rstrip: false,
  normalized: false,
  special: true,
});
const template = (cls: string, clsId: number, sep: string, sepId: number) => ({
  type: 'TemplateProcessing',
  single: [{ SpecialToken: { id: cls, type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: sep, type_id: 0 } }],
  pair: [
    { SpecialToken: { id: cls, type_id: 0 } },
    { Sequence: { id: 'A', type_id: 0 } },
    { SpecialToken: { id: sep, type_id: 0 } },
    { Sequence: { id: 'B', type_id: 1 } },
    { SpecialToken: { id: sep, type_id: 1 } },
  ],
  special_tokens: { [cls]: { id: cls, ids: [clsId], tokens: [cls] }, [sep]: { id: sep, ids: [sepId], tokens: [sep] } },
});

export const WORDPIECE = {
  version: '1.0',
  truncation: null,
  padding: null,
  added_tokens: [special(0, '[PAD]'), special(1, '[UNK]'), special(2, '[CLS]'), special(3, '[SEP]')],
  normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
  pre_tokenizer: { type: 'BertPreTokenizer' },
  post_processor: template('[CLS]', 2, '[SEP]', 3),
  decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
  model: {
    type: 'WordPiece',
    unk_token: '[UNK]',
    continuing_subword_prefix: '##',
    max_input_chars_per_word: 100,
    vocab: { '[PAD]': 0, '[UNK]': 1, '[CLS]': 2, '[SEP]': 3, the: 4, hous: 5, '##ing': 6, budget: 7, ',': 8, sante: 9 },
  },
};

export const UNIGRAM = {
  version: '1.0',
  truncation: null,
  padding: { pad_id: 1 },
  added_tokens: [special(0, '<s>'), special(1, '<pad>'), special(2, '</s>'), special(3, '<unk>')],
  normalizer: { type: 'NFKC' },
  pre_tokenizer: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
  post_processor: template('<s>', 0, '</s>', 2),
  decoder: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
  model: {
    type: 'Unigram',
    unk_id: 3,
    byte_fallback: false,
    vocab: [
      ['<s>', 0],
      ['<pad>', 0],
      ['</s>', 0],
      ['<unk>', 0],
      ['▁', -2],
      ['▁santé', -5],
      ['▁san', -8],
      ['té', -8],
      ['▁budget', -6],
      ['s', -4],
      ['▁le', -3],
    ],
  },
};

// Tiny "transformer": hidden = (E[input_ids] + T[token_type_ids]) · W, H = 3.
export const H = 3,
  VOCAB = 11;
export const E = Float32Array.from({ length: VOCAB * H }, (_, i) => Math.sin(i + 1));
export const T = Float32Array.of(0.1, -0.2, 0.3, 0, 0, 0);
export const W = Float32Array.of(1, 0.5, 0, 0, 1, 0.25, -0.5, 0, 1);
export function tinyModel(withTypes: boolean): Uint8Array {
  return modelBytes({
    name: 'tiny-transformer',
    nodes: [
      node('Gather', ['E', 'input_ids'], ['tok'], { axis: 0 }),
      ...(withTypes
        ? [node('Gather', ['T', 'token_type_ids'], ['typ'], { axis: 0 }), node('Add', ['tok', 'typ'], ['emb'])]
        : [node('Identity', ['tok'], ['emb'])]),
      node('MatMul', ['emb', 'W'], ['last_hidden_state']),
    ],
    inputs: [
      valueInfo('input_ids', 'int64', ['batch', 'len']),
      valueInfo('attention_mask', 'int64', ['batch', 'len']),
      ...(withTypes ? [valueInfo('token_type_ids', 'int64', ['batch', 'len'])] : []),
    ],
    outputs: [valueInfo('last_hidden_state', 'float32', ['batch', 'len', H])],
    initializers: [
      initializer('E', 'float32', [VOCAB, H], E),
      initializer('T', 'float32', [2, H], T),
      initializer('W', 'float32', [H, H], W),
    ],
  });
}
