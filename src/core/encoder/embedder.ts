// What search needs from a text encoder, whichever produced it (the encoder learned at build, or
// an operator's pretrained model): a dimension and batched, L2-normalised embeddings.
export interface Embedder {
  readonly dim: number;
  embed(texts: string[]): Promise<Float32Array[]>;
  /** A query's embedding when the model marks queries differently from passages (E5 prefixes). */
  embedQuery?(text: string): Promise<Float32Array>;
  /** Whether the model knows any word of the text (a learned vocabulary): a text of unknown words
   *  only embeds to hashed character n-grams, whose similarities mean nothing. Absent: it always does. */
  knowsAnyWord?(text: string): boolean;
}
