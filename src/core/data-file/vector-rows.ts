// The vector index's tables (code blocks, schema 11) and how a stored float vector is read back.
import { CODE_BLOCKS_SQL } from './code-blocks.js';

export const VECTOR_TABLES_SQL = CODE_BLOCKS_SQL;

/** A stored little-endian float32 vector as a Float32Array of its own (a copy: the blob's buffer is SQLite's). */
export const floatsOf = (b: Buffer) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
