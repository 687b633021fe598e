// An operator's HuggingFace tokenizer.json (WordPiece, Unigram, BPE…) through @huggingface/tokenizers,
// a dependency-free JS port of the Rust library that reads the file offline. It has no truncation,
// so this wrapper truncates the text's tokens and keeps the template's special tokens around them.
import { Tokenizer } from '@huggingface/tokenizers';

/** Single texts only, so token_type_ids are all 0 and the caller writes them as such. */
export interface HfTokenizer {
  encode(text: string): { ids: number[] };
  padId: number;
}

export function hfTokenizer(tokenizerJson: object, tokenizerConfig: object = {}, maxLength = 512): HfTokenizer {
  const tok = new Tokenizer(tokenizerJson, tokenizerConfig);
  // Learn the template's prefix and suffix (e.g. [CLS] … [SEP], <s> … </s>) from a probe text.
  const bare = tok.encode('a', { add_special_tokens: false }).ids;
  const full = tok.encode('a', { add_special_tokens: true }).ids;
  const at = indexOfRun(full, bare);
  const prefix = at >= 0 ? full.slice(0, at) : [];
  const suffix = at >= 0 ? full.slice(at + bare.length) : [];
  const room = Math.max(1, maxLength - prefix.length - suffix.length);
  const json = tokenizerJson as { padding?: { pad_id?: number } | null };
  const padId = json.padding?.pad_id ?? tok.token_to_id('[PAD]') ?? tok.token_to_id('<pad>') ?? 0;
  return {
    padId,
    encode(text) {
      return { ids: [...prefix, ...tok.encode(text, { add_special_tokens: false }).ids.slice(0, room), ...suffix] };
    },
  };
}

function indexOfRun(hay: number[], needle: number[]): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
