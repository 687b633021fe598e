// Result rows → the response shapes of decisions 6.
import type { ResultRow } from '../db/search.js';
import { slugify } from '../../core/domain/text.js';
import { snippetHtml } from './snippet.js';
import type { ChunkWords } from '../../core/text/chunk-words.js';

const politicianOf = (r: ResultRow) =>
  r.politician_id === null
    ? null
    : {
        id: r.politician_id,
        name: r.politician_name!,
        slug: r.politician_slug ?? slugify(r.politician_name!),
        photo_url: r.photo_url,
        party: r.politician_party,
      };

/** A live social handle as search results carry it: the array the original's clients loop over. */
export interface SearchSocial {
  platform: string;
  url: string;
  handle: string;
}

export const politicianWithSocials = (r: ResultRow) => {
  const p = politicianOf(r);
  return p && { ...p, socials: r.socials ? (JSON.parse(r.socials) as SearchSocial[]) : [] };
};

export const politicianBrief = (r: ResultRow) => {
  const p = politicianOf(r);
  return p && { id: p.id, name: p.name, slug: p.slug };
};

/** `words`: the chunk's words, when the caller keeps them (the snippet then need not tokenize the text). */
export function resultItem(r: ResultRow, stems: ReadonlySet<string>, similarity: number | null, score: number | null, words?: ChunkWords) {
  return {
    chunk_id: r.chunk_id,
    speech_id: r.speech_id,
    chunk_index: r.chunk_index,
    text: r.text,
    snippet_html: snippetHtml(r.text, r.language, stems, {}, words),
    similarity: similarity === null ? null : round(similarity),
    score: score === null ? null : round(score),
    spoken_at: r.spoken_at,
    language: r.language,
    level: r.level,
    province_territory: r.province_territory,
    party_at_time: r.party_at_time,
    politician: politicianWithSocials(r),
    speech: {
      speaker_name_raw: r.speaker_name_raw,
      speaker_role: r.speaker_role,
      speech_type: r.speech_type,
      source_url: r.source_url,
      source_anchor: r.source_anchor,
      source_system: r.source_system,
      session:
        r.session_id === null
          ? null
          : { session_id: r.session_id, parliament_number: r.parliament_number!, session_number: r.session_number! },
    },
  };
}

export function chunkDetail(r: ResultRow) {
  return {
    chunk_id: r.chunk_id,
    speech_id: r.speech_id,
    chunk_index: r.chunk_index,
    text: r.text,
    char_start: r.char_start,
    char_end: r.char_end,
    language: r.language,
    speaker_name_raw: r.speaker_name_raw,
    party_at_time: r.party_at_time,
    spoken_at: r.spoken_at,
    level: r.level,
    province_territory: r.province_territory,
    source_url: r.source_url,
    source_anchor: r.source_anchor,
    source_system: r.source_system,
    politician: politicianOf(r),
  };
}

export type ResultItem = ReturnType<typeof resultItem>;

/** Similarities and scores to 6 decimals: more is noise, and it keeps responses stable. */
export const round = (x: number) => Math.round(x * 1e6) / 1e6;
