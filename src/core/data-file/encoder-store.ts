// Where the data file keeps its text encoder: two blobs, the ONNX model and its JSON card.
import type Database from 'better-sqlite3';
import { createEncoder } from '../encoder/create-encoder.js';
import type { TextEncoder } from '../encoder/text-encoder.js';
import { checkLexicon, LEXICON_BLOB, type Lexicon } from '../text/translate.js';

export const ENCODER_TABLE_SQL = 'CREATE TABLE encoder (name TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;';

export function readEncoderBlobs(db: Database.Database): { model: Uint8Array; card: string } | null {
  if (!db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'encoder'").get()) return null;
  const get = db.prepare('SELECT value FROM encoder WHERE name = ?').pluck();
  const model = get.get('model.onnx') as Buffer | undefined;
  const card = get.get('card.json') as Buffer | undefined;
  return model && card ? { model: new Uint8Array(model), card: card.toString('utf8') } : null;
}

/** The data file's encoder, ready to embed queries; null for a file built without one. One thread a
 *  run: a query is one short row, which a second thread only slows (the learned encoder on the real
 *  file: ~100 against ~160 µs of CPU a query), and the server already runs two embeddings at once
 *  (its embedding queue). On a core shared with the event loop, a pool worker spinning between runs
 *  would take the event loop's time. The build embeds chunks in batches with its own sessions. */
export async function loadEncoder(db: Database.Database): Promise<TextEncoder | null> {
  const blobs = readEncoderBlobs(db);
  if (!blobs) return null;
  const encoder = await createEncoder({ ...blobs, threads: 1 });
  releaseBytes(blobs.model);
  return encoder;
}

/**
 * Frees the model's bytes (ES2024 `transfer`: at once, whoever still holds the buffer) as soon as
 * the session is made, which has copied what it needs. Nothing keeps them alive any more
 * (session.ts `modelSession`), but left to the collector they went only after the vector index had
 * loaded, too late for the allocator to reuse them: the Bun-built binary idled at 106 MiB of RssAnon
 * on the real file against 84 freed here.
 */
export function releaseBytes(model: Uint8Array): void {
  (model.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }).transfer?.(0);
}

/** The data file's English/French lexicon of query translation; null for a file built without one
 *  (or with one this server does not read: the search then does without translation). */
export function loadLexicon(db: Database.Database): Lexicon | null {
  if (!db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'encoder'").get()) return null;
  const blob = db.prepare('SELECT value FROM encoder WHERE name = ?').pluck().get(LEXICON_BLOB) as Buffer | undefined;
  if (!blob) return null;
  try {
    return checkLexicon(JSON.parse(blob.toString('utf8')));
  } catch {
    return null;
  }
}
