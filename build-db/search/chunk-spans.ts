// A speech's chunks as the chunk_rows table stores them: spans (build-db/search/chunk.ts), their
// UTF-8 byte ranges, ids and content hashes. Pure computation on the speech, so that it runs on the
// build's main thread or on a worker thread (build-db/workers/) with the same result.
import { hash } from 'node:crypto';
import type { Jurisdiction } from '../../src/core/domain/enums.js';
import { localDate } from '../../src/core/domain/time-zones.js';
import { ids } from '../ids.js';
import { chunkText } from './chunk.js';

export interface SpeechToChunk {
  key: string;
  text: string;
  language: string;
  spoken_at: string;
  province_territory: string | null;
}

export interface ChunkPiece {
  index: number;
  start: number;
  end: number;
  byteStart: number;
  byteEnd: number;
  id: string;
  contentHash: string;
}

export interface ChunkedSpeech {
  spokenOn: string;
  pieces: ChunkPiece[];
}

export function contentHash(text: string, language: string): string {
  // The one-shot hash: the same SHA-256, ~2x cheaper per chunk than createHash().update().digest().
  return hash('sha256', `${language}\n${text}`, 'hex').slice(0, 32);
}

export function chunkSpeech(s: SpeechToChunk): ChunkedSpeech {
  // Once a speech, not once a chunk: Intl formatting is a few microseconds a call.
  const spokenOn = localDate(s.spoken_at, (s.province_territory ?? 'federal') as Jurisdiction);
  const pieces = chunkText(s.text).map((span) => {
    const text = s.text.slice(span.start, span.end);
    const byteStart = Buffer.byteLength(s.text.slice(0, span.start));
    return {
      index: span.index,
      start: span.start,
      end: span.end,
      byteStart,
      byteEnd: byteStart + Buffer.byteLength(text),
      id: ids.chunk(s.key, span.index),
      contentHash: contentHash(text, s.language),
    };
  });
  return { spokenOn, pieces };
}

export const chunkSpeeches = (speeches: SpeechToChunk[]): ChunkedSpeech[] => speeches.map(chunkSpeech);
