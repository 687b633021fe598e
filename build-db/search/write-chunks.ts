// Build phase: speeches → chunks (with the metadata search filters on) → keyword index.
import { hash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Jurisdiction } from '../../src/domain/enums.js';
import { localDate } from '../../src/domain/time-zones.js';
import type { Lang } from '../../src/search/text/terms.js';
import { ids } from '../ids.js';
import { chunkText } from './chunk.js';
import { SEARCH_SCHEMA_SQL } from './schema.js';
import { writeKeywordIndex } from './write-keyword-index.js';

interface SpeechRow {
  id: string; key: string; text: string; language: Lang; level: string; province_territory: string | null;
  politician_id: string | null; party_at_time: string | null; spoken_at: string; session_id: string | null;
  speech_type: string; is_presiding: number; politician_active: number | null;
}

export function contentHash(text: string, language: string): string {
  // The one-shot hash: the same SHA-256, ~2x cheaper per chunk than createHash().update().digest().
  return hash('sha256', `${language}\n${text}`, 'hex').slice(0, 32);
}

export interface ChunkStepOptions {
  /** Tokenize the keyword index on a worker thread (`--build-workers on`). */
  workers?: boolean;
  /** Called once the chunks are written, before their keyword index: a later phase may start
   *  work that needs only the chunks (the search phase learns its encoder on a worker meanwhile). */
  afterChunks?: (db: Database.Database) => void;
}

/** Returns the number of chunks written. Runs inside the build's transaction. */
export function writeChunks(db: Database.Database, onProgress: (msg: string) => void = () => {}, { workers = false, afterChunks }: ChunkStepOptions = {}): number {
  db.exec(SEARCH_SCHEMA_SQL);
  const insChunk = db.prepare(`INSERT INTO chunk_rows VALUES (@rowid, @id, @speech_id, @speech_rowid, @chunk_index, @char_start, @char_end,
    @byte_start, @byte_end, @language, @level, @province_territory, @politician_id, @party_at_time, @spoken_at, @spoken_on, @session_id, @speech_type, @is_presiding, @politician_active, @content_hash)`);
  const started = performance.now();
  let rowid = 0;
  // Chronological rowids make "recent" mode and rowid-ordered scans cheap. better-sqlite3 cannot
  // write while a statement iterates, so read the order first, then the speeches in batches.
  const order = db.prepare('SELECT rowid FROM speeches ORDER BY spoken_at, key').pluck().all() as number[];
  const batch = db.prepare(`SELECT s.rowid AS _rowid, s.*, p.is_active AS politician_active FROM speeches s
    LEFT JOIN politicians p ON p.id = s.politician_id WHERE s.rowid IN (SELECT value FROM json_each(?))`);
  const BATCH = 2000;
  for (let i = 0; i < order.length; i += BATCH) {
    const wanted = order.slice(i, i + BATCH);
    const byRowid = new Map((batch.all(JSON.stringify(wanted)) as Array<SpeechRow & { _rowid: number }>).map((r) => [r._rowid, r]));
    for (const s of wanted.map((r) => byRowid.get(r)!)) {
      for (const span of chunkText(s.text)) {
        const text = s.text.slice(span.start, span.end);
        const byteStart = Buffer.byteLength(s.text.slice(0, span.start));
        rowid++;
        insChunk.run({
          rowid, id: ids.chunk(s.key, span.index), speech_id: s.id, speech_rowid: s._rowid, chunk_index: span.index, char_start: span.start, char_end: span.end,
          byte_start: byteStart, byte_end: byteStart + Buffer.byteLength(text), language: s.language, level: s.level, province_territory: s.province_territory, politician_id: s.politician_id,
          party_at_time: s.party_at_time, spoken_at: s.spoken_at, spoken_on: localDate(s.spoken_at, (s.province_territory ?? 'federal') as Jurisdiction),
          session_id: s.session_id, speech_type: s.speech_type, is_presiding: s.is_presiding, politician_active: s.politician_active, content_hash: contentHash(text, s.language),
        });
      }
    }
  }
  onProgress(`wrote ${rowid} search chunks in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  afterChunks?.(db);
  const index = writeKeywordIndex(db, { onProgress, workers });
  onProgress(`wrote their keyword index (${index.terms} terms, ${index.postings} postings, ${index.avgdl.toFixed(1)} terms per chunk) in ${index.seconds.toFixed(1)}s`);
  return rowid;
}
