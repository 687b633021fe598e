// A chunk's row in chunk_rows: its piece of the speech (chunk-spans.ts) and the speech's facets that
// search filters on. The chunk step writes it; the carry-over check (build-db/reuse-speeches.ts)
// derives it again for a sample of speeches.
import type { Lang } from '../../src/core/text/terms.js';
import type { ChunkPiece } from './chunk-spans.js';

/** The speech's columns a chunk row carries (the chunk step reads them from the speeches table). */
export interface SpeechFacets {
  id: string;
  key: string;
  text: string;
  language: Lang;
  level: string;
  province_territory: string | null;
  politician_id: string | null;
  party_at_time: string | null;
  spoken_at: string;
  session_id: string | null;
  speech_type: string;
  is_presiding: number;
  politician_active: number | null;
}

/** A speech as the chunk step reads it: its row, its rowid, and its speaker's is_active. */
export type Speech = SpeechFacets & { _rowid: number };

export function chunkRow(rowid: number, s: Speech, spokenOn: string, c: ChunkPiece) {
  return {
    rowid,
    id: c.id,
    speech_id: s.id,
    speech_rowid: s._rowid,
    chunk_index: c.index,
    char_start: c.start,
    char_end: c.end,
    byte_start: c.byteStart,
    byte_end: c.byteEnd,
    language: s.language,
    level: s.level,
    province_territory: s.province_territory,
    politician_id: s.politician_id,
    party_at_time: s.party_at_time,
    spoken_at: s.spoken_at,
    spoken_on: spokenOn,
    session_id: s.session_id,
    speech_type: s.speech_type,
    is_presiding: s.is_presiding,
    politician_active: s.politician_active,
    content_hash: c.contentHash,
  };
}
