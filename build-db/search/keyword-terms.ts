// What the keyword index stores per chunk (build-db/search/write-keyword-index.ts): the chunk's
// stems at their impact level and its facet tokens, as the one string FTS5 indexes. Pure
// computation on rows, so that it runs on the build's main thread or on a worker thread
// (build-db/workers/) with the same result. The chunks per stem and level are not counted here:
// the index counts them itself (write-keyword-index.ts reads them from its vocabulary).
import { facetToken, levelOf, termToken, termWeight, type Facet } from '../../src/core/data-file/keyword-index.js';
import { indexTerms, type Lang } from '../../src/core/text/terms.js';

export interface ChunkTerms {
  rowid: number;
  text: string;
  language: Lang;
  level: string;
  province_territory: string | null;
  politician_id: string | null;
  party_at_time: string | null;
  session_id: string | null;
  speech_type: string;
  spoken_on: string;
}

export const CHUNK_TERMS_COLUMNS =
  'text, language, level, province_territory, politician_id, party_at_time, session_id, speech_type, spoken_on';

export type SampleRow = Pick<ChunkTerms, 'rowid' | 'text' | 'language'>;

export class KeywordTerms {
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

  /** The FTS5 text of each chunk: its stems at their level, then its facet tokens. */
  lines(rows: ChunkTerms[]): string[] {
    return rows.map((r) => this.line(r));
  }

  private line(r: ChunkTerms): string {
    const terms = this.sampleTerms.get(r.rowid) ?? indexTerms(r.text, r.language);
    this.sampleTerms.delete(r.rowid);
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    const tokens: string[] = [];
    for (const [stem, n] of tf) {
      const level = levelOf(termWeight(n, terms.length, this.avgdl));
      tokens.push(termToken(stem, level));
    }
    this.postings += tokens.length;
    return [...tokens, ...this.facetTokens(r)].join(' ');
  }

  private facetTokens(c: ChunkTerms): string[] {
    const values: Array<[Facet, string | null]> = [
      ['language', c.language],
      ['level', c.level],
      ['province_territory', c.province_territory],
      ['politician_id', c.politician_id],
      ['party', c.party_at_time?.toLowerCase() ?? null],
      ['session_id', c.session_id],
      ['speech_type', c.speech_type],
      ['year', c.spoken_on.slice(0, 4)],
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
