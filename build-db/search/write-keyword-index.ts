// Build step after the chunks: the impact-ordered keyword index of src/search/keyword-index.ts.
// A term's level depends on the average chunk length, so that is measured first (on a sample of a
// large corpus); then each chunk's tokens are written (`stem_level` per stem, and its facet tokens)
// and chunks are counted per stem and level.
import type Database from 'better-sqlite3';
import { facetToken, KEYWORD_INDEX_SQL, levelOf, LEVELS, termToken, termWeight, type Facet } from '../../src/search/keyword-index.js';
import { indexTerms, type Lang } from '../../src/search/text/terms.js';
import { chunkBatches } from './chunk-batches.js';

interface ChunkTerms {
  rowid: number; text: string; language: Lang; level: string; province_territory: string | null; politician_id: string | null;
  party_at_time: string | null; session_id: string | null; speech_type: string; spoken_on: string;
}

const BATCH = 2000;
const AVGDL_SAMPLE = 20_000;

function facetTokens(c: ChunkTerms): string[] {
  const values: Array<[Facet, string | null]> = [
    ['language', c.language], ['level', c.level], ['province_territory', c.province_territory], ['politician_id', c.politician_id],
    ['party', c.party_at_time?.toLowerCase() ?? null], ['session_id', c.session_id], ['speech_type', c.speech_type], ['year', c.spoken_on.slice(0, 4)],
  ];
  return values.filter(([, v]) => v !== null && v !== '').map(([f, v]) => facetToken(f, v!));
}

export function writeKeywordIndex(db: Database.Database, onProgress: (msg: string) => void = () => {}): { terms: number; postings: number; avgdl: number; seconds: number } {
  const started = performance.now();
  db.exec(KEYWORD_INDEX_SQL);
  // The average chunk length, from every `step`-th chunk: exact up to 20,000 chunks; above, a sample
  // (100,000 gave 65.8 terms against 65.9 exact at 1 M; the mean of 20,000 lengths of sd ~50 terms
  // is within ~0.35 terms) instead of a whole tokenizing pass (45 s at 100 k on the loaded VM).
  const chunks = db.prepare('SELECT count(*) FROM chunks').pluck().get() as number;
  const step = Math.max(1, Math.floor(chunks / AVGDL_SAMPLE));
  // The sample's terms are kept for the pass below (up to 20,000 chunks' stems, ~12 MB): below
  // 20,000 chunks it is every chunk, which was tokenized twice (half the step's time at 20 k).
  let sampled = 0, length = 0;
  const sampleTerms = new Map<number, string[]>();
  for (const r of db.prepare('SELECT rowid, text, language FROM chunks WHERE rowid % ? = 0').iterate(step) as Iterable<{ rowid: number; text: string; language: Lang }>) {
    sampled++;
    const terms = indexTerms(r.text, r.language);
    sampleTerms.set(r.rowid, terms);
    length += terms.length;
  }
  const avgdl = sampled ? length / sampled : 1;
  onProgress(`keyword index: average chunk length ${avgdl.toFixed(1)} terms (${sampled} chunks read)`);
  const every = 100_000;

  const insert = db.prepare('INSERT INTO chunks_fts (rowid, terms) VALUES (?, ?)');
  const levelDocs = new Map<string, Uint32Array>();
  let postings = 0, done = 0;
  const columns = 'text, language, level, province_territory, politician_id, party_at_time, session_id, speech_type, spoken_on';
  for (const rows of chunkBatches<ChunkTerms>(db, columns, BATCH)) {
    done += rows.length;
    if (done % every < BATCH) onProgress(`keyword index: ${done}/${chunks} chunks indexed`);
    for (const r of rows) {
      const terms = sampleTerms.get(r.rowid) ?? indexTerms(r.text, r.language);
      sampleTerms.delete(r.rowid);
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      const tokens: string[] = [];
      for (const [stem, n] of tf) {
        const level = levelOf(termWeight(n, terms.length, avgdl));
        tokens.push(termToken(stem, level));
        let counts = levelDocs.get(stem);
        if (!counts) levelDocs.set(stem, (counts = new Uint32Array(LEVELS)));
        counts[level]++;
      }
      postings += tokens.length;
      insert.run(r.rowid, [...tokens, ...facetTokens(r)].join(' '));
    }
  }
  // One segment: a search reads each posting list from one b-tree instead of one per segment.
  onProgress('keyword index: merging into one segment');
  db.exec("INSERT INTO chunks_fts (chunks_fts) VALUES ('optimize')");
  const insDocs = db.prepare('INSERT INTO chunk_term_docs (term, docs, level_docs) VALUES (?, ?, ?)');
  for (const [stem, counts] of levelDocs) insDocs.run(stem, counts.reduce((a, b) => a + b, 0), JSON.stringify(Array.from(counts)));
  return { terms: levelDocs.size, postings, avgdl, seconds: (performance.now() - started) / 1000 };
}
