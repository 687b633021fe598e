// What the build and the server get from createEncoder: the Embedder of src/core/encoder/embedder.ts
// (batched passages) plus a query form, because some pretrained models (E5) mark queries and
// passages with different prefixes, and a way to free the onnxruntime session.
import type { Embedder } from './embedder.js';

export interface TextEncoder extends Embedder {
  /** The embedding of one search query (same space as `embed`). */
  embedQuery(text: string): Promise<Float32Array>;
  close(): Promise<void>;
}
