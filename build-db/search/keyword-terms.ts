// What the keyword index stores per chunk (build-db/search/write-keyword-index.ts): the chunk's
// stems at their impact level and its facet tokens, as the one string FTS5 indexes, and the chunks
// counted per stem and level. Pure computation on rows, so that it runs on the build's main thread
// or on a worker thread (build-db/workers/) with the same result.
import { facetToken, levelOf, LEVELS, termToken, termWeight, type Facet } from '../../src/search/keyword-index.js';
import { indexTerms, type Lang } from '../../src/search/text/terms.js';

export interface ChunkTerms {
  rowid: number; text: string; language: Lang; level: string; province_territory: string | null; politician_id: string | null;
  party_at_time: string | null; session_id: string | null; speech_type: string; spoken_on: string;
}

export const CHUNK_TERMS_COLUMNS = 'text, language, level, province_territory, politician_id, party_at_time, session_id, speech_type, spoken_on';

export type SampleRow = Pick<ChunkTerms, 'rowid' | 'text' | 'language'>;

export class KeywordTerms {
  /** Chunks per stem and impact level, in the order stems are first met. */
  readonly levelDocs = new Map<string, Uint32Array>();
  /** The batch each stem of levelDocs was first met in, in the same order (see mergeLevelDocs). */
  readonly firstBatch: number[] = [];
  postings = 0;
  private avgdl = 1;
  // The sample's terms are kept for the pass that writes them (up to 20,000 chunks' stems, ~12 MB):
  // below 20,000 chunks the sample is every chunk, which would otherwise be tokenized twice.
  private readonly sampleTerms = new Map<number, string[]>();
  // A facet token is a SHA-1 of its value; the values repeat (8 facets a chunk over a few thousand
  // distinct values), so each is hashed once instead of once a row.
  private readonly facets = new Map<string, string>();

  /** Tokenizes the length sample; returns its chunks and terms. */
  sample(rows: SampleRow[]): { chunks: number; terms: number } {
    let terms = 0;
    for (const r of rows) {
      const t = indexTerms(r.text, r.language);
      this.sampleTerms.set(r.rowid, t);
      terms += t.length;
    }
    return { chunks: rows.length, terms };
  }

  setAverageLength(avgdl: number): void {
    this.avgdl = avgdl;
  }

  /** The FTS5 text of each chunk: its stems at their level, then its facet tokens. `batch` numbers
   *  the batches in chunk order when several workers share them. */
  lines(rows: ChunkTerms[], batch = 0): string[] {
    return rows.map((r) => this.line(r, batch));
  }

  private line(r: ChunkTerms, batch: number): string {
    const terms = this.sampleTerms.get(r.rowid) ?? indexTerms(r.text, r.language);
    this.sampleTerms.delete(r.rowid);
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    const tokens: string[] = [];
    for (const [stem, n] of tf) {
      const level = levelOf(termWeight(n, terms.length, this.avgdl));
      tokens.push(termToken(stem, level));
      let counts = this.levelDocs.get(stem);
      if (!counts) {
        this.levelDocs.set(stem, (counts = new Uint32Array(LEVELS)));
        this.firstBatch.push(batch);
      }
      counts[level]++;
    }
    this.postings += tokens.length;
    return [...tokens, ...this.facetTokens(r)].join(' ');
  }

  private facetTokens(c: ChunkTerms): string[] {
    const values: Array<[Facet, string | null]> = [
      ['language', c.language], ['level', c.level], ['province_territory', c.province_territory], ['politician_id', c.politician_id],
      ['party', c.party_at_time?.toLowerCase() ?? null], ['session_id', c.session_id], ['speech_type', c.speech_type], ['year', c.spoken_on.slice(0, 4)],
    ];
    const out: string[] = [];
    for (const [f, v] of values) {
      if (v === null || v === '') continue;
      const key = `${f}\u0000${v}`;
      let token = this.facets.get(key);
      if (token === undefined) this.facets.set(key, (token = facetToken(f, v)));
      out.push(token);
    }
    return out;
  }
}

/** The counts of several workers, each given every n-th batch, as one map in the order one worker
 *  given every batch would have met the stems: by the batch a stem was first met in anywhere, and
 *  within a batch in its worker's order (a batch is one worker's). The order stems are written in. */
export function mergeLevelDocs(parts: Array<{ levelDocs: Map<string, Uint32Array>; firstBatch: number[] }>): Map<string, Uint32Array> {
  if (parts.length === 1) return parts[0].levelDocs;
  const entries = parts.flatMap((p) => [...p.levelDocs].map(([stem, counts], i) => ({ stem, counts, batch: p.firstBatch[i] })));
  entries.sort((a, b) => a.batch - b.batch); // stable: a worker's own order is kept within a batch
  const merged = new Map<string, Uint32Array>();
  for (const { stem, counts } of entries) {
    const into = merged.get(stem);
    if (!into) merged.set(stem, counts);
    else for (let l = 0; l < LEVELS; l++) into[l] += counts[l];
  }
  return merged;
}
