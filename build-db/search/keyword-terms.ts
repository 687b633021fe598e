// What the keyword index stores per chunk (build-db/search/write-keyword-index.ts): the chunk's
// stems at their impact level and its facet tokens, as the one string FTS5 indexes, and the chunks
// counted per stem and level. Pure computation on rows, so that it runs on the build's main thread
// or on a worker thread (build-db/workers/) with the same result.
import { facetToken, levelOf, LEVELS, termToken, termWeight, type Facet } from '../../src/search/keyword-index.js';
import { indexTerms, type Lang } from '../../src/search/text/terms.js';
import { ownString } from '../../src/domain/text.js';

export interface ChunkTerms {
  rowid: number; text: string; language: Lang; level: string; province_territory: string | null; politician_id: string | null;
  party_at_time: string | null; session_id: string | null; speech_type: string; spoken_on: string;
}

export const CHUNK_TERMS_COLUMNS = 'text, language, level, province_territory, politician_id, party_at_time, session_id, speech_type, spoken_on';

export type SampleRow = Pick<ChunkTerms, 'rowid' | 'text' | 'language'>;

/** A LevelCounts as plain data, what a worker thread sends back: stems in the order first met, and
 *  LEVELS counts a stem one after another. */
export interface LevelCountsData { stems: string[]; counts: Uint32Array }

/**
 * Chunks per stem and impact level, stems in the order first met: a map from stem to slot and one
 * flat array of LEVELS counts a slot. A typed array per stem held ~150 bytes more for each of the
 * ~650,000 stems a worker meets at 8 M chunks, and cloning those maps from both workers to the main
 * thread at the end of the keyword index was the 8 M build's peak (2.46 GB: docs/benchmarks.md).
 */
export class LevelCounts {
  readonly stems: string[] = [];
  private readonly slots = new Map<string, number>();
  private counts = new Uint32Array(LEVELS * 1024);

  get size() { return this.stems.length; }

  /** The slot of `stem`, added (counts at zero) when new. */
  private slotOf(stem: string): number {
    const s = this.slots.get(stem);
    if (s !== undefined) return s;
    const n = this.stems.length;
    if ((n + 1) * LEVELS > this.counts.length) {
      const grown = new Uint32Array(this.counts.length * 2);
      grown.set(this.counts);
      this.counts = grown;
    }
    // A copy: the stem may be a view into its chunk's text (ownString), and a stem met once would
    // keep that whole text alive to the end of the step.
    const own = ownString(stem);
    this.slots.set(own, n);
    this.stems.push(own);
    return n;
  }

  /** One more chunk with `stem` at `level`; true when the stem is new. */
  add(stem: string, level: number): boolean {
    const before = this.stems.length;
    // The slot first: it may grow `counts`, and `this.counts[…]++` would read the array before the
    // index and count into the one it replaces (a count lost at each growth).
    const at = this.slotOf(stem) * LEVELS + level;
    this.counts[at]++;
    return this.stems.length > before;
  }

  /** Adds LEVELS counts to `stem`'s. */
  addAll(stem: string, counts: ArrayLike<number>) {
    const at = this.slotOf(stem) * LEVELS;
    for (let l = 0; l < LEVELS; l++) this.counts[at + l] += counts[l];
  }

  /** The counts of `stem` (a view), or undefined. */
  get(stem: string): Uint32Array | undefined {
    const s = this.slots.get(stem);
    return s === undefined ? undefined : this.at(s);
  }

  at(slot: number): Uint32Array { return this.counts.subarray(slot * LEVELS, slot * LEVELS + LEVELS); }
  keys() { return this.stems.values(); }
  *values() { for (let i = 0; i < this.stems.length; i++) yield this.at(i); }
  *[Symbol.iterator](): IterableIterator<[string, Uint32Array]> { for (let i = 0; i < this.stems.length; i++) yield [this.stems[i], this.at(i)]; }

  data(): LevelCountsData { return { stems: this.stems, counts: this.counts.subarray(0, this.stems.length * LEVELS) }; }

  static from({ stems, counts }: LevelCountsData): LevelCounts {
    const out = new LevelCounts();
    stems.forEach((stem, i) => out.addAll(stem, counts.subarray(i * LEVELS, i * LEVELS + LEVELS)));
    return out;
  }
}

export class KeywordTerms {
  /** Chunks per stem and impact level, in the order stems are first met. */
  readonly levelDocs = new LevelCounts();
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
      if (this.levelDocs.add(stem, level)) this.firstBatch.push(batch);
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

/** The counts of several workers, each given every n-th batch, as one in the order one worker
 *  given every batch would have met the stems: by the batch a stem was first met in anywhere, and
 *  within a batch in its worker's order (a batch is one worker's). The order stems are written in.
 *  Each worker's stems are in the order of their first batches already, so this merges them. */
export function mergeLevelDocs(parts: Array<{ levelDocs: LevelCounts | LevelCountsData; firstBatch: number[] }>): LevelCounts {
  const data = parts.map((p) => (p.levelDocs instanceof LevelCounts ? p.levelDocs.data() : p.levelDocs));
  if (parts.length === 1) return parts[0].levelDocs instanceof LevelCounts ? parts[0].levelDocs : LevelCounts.from(data[0]);
  const merged = new LevelCounts();
  const next = parts.map(() => 0);
  for (;;) {
    let pick = -1;
    for (let p = 0; p < parts.length; p++) {
      if (next[p] < data[p].stems.length && (pick < 0 || parts[p].firstBatch[next[p]] < parts[pick].firstBatch[next[pick]])) pick = p;
    }
    if (pick < 0) return merged;
    const i = next[pick]++;
    merged.addAll(data[pick].stems[i], data[pick].counts.subarray(i * LEVELS, i * LEVELS + LEVELS));
  }
}
