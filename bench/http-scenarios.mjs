// What `make bench-http` asks the server (bench/http.mjs): one scenario per GET endpoint of the API
// (the endpoint table in src/server/openapi/endpoints.ts, plus /metrics), with real ids taken from the data
// file, and the targets of issue 19. `test/bench/http-scenarios.test.ts` checks that every endpoint of
// the table has a scenario, so a new route cannot be left out of the benchmark.
//
// A scenario is either one URL asked again and again (`paths` of one), or a list of distinct URLs
// (`distinct`), each asked once: those are cut into disjoint slices so that no round and no server
// ever sees a URL another round already asked (a response cache must not turn them into hits).
import Database from 'better-sqlite3';

export const API = '/api/public/v1';

/** Issue 19's targets. `ratio`: req/s over the ceiling's, same round; `p99Ms`: at most; `rps`: absolute. */
const DETAIL = { ratio: 0.5, p99Ms: 5 };
const LIST = { ratio: 0.25 };
/** The semantic routes share the embedding queue: a server that computes each answer refuses some at 32 connections. */
const QUEUED = '503 search_overloaded when more than 2 + 6 embeddings are under way (decisions 4)';
/** Each server's warm-up before distinct searches are measured: a fresh server's search caches fill
 *  over its first ~2,000 queries, ~8 s at 32 connections on the real file (bench/http.mjs warmupOf). */
const SEARCH_WARMUP = 10;

/**
 * Every endpoint of the table by its id, with the scenarios that cover it. A scenario: `name` (unique,
 * used by --only), `paths` (one, asked repeatedly) or `distinct` (many, each asked once), `target`,
 * `connections` when not the run's, and `refusals` when the spec lets the server refuse some requests
 * under this load (not counted as answers, and not a failure of the run).
 */
export function scenariosFor(file, { distinctPerSlice = 12000, slices = 20 } = {}) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const one = (sql, ...args) => {
      const row = db.prepare(sql).get(...args);
      if (!row) throw new Error(`${file}: no row for: ${sql}`);
      return row;
    };
    const politician = one(`SELECT id, constituency_id FROM politicians WHERE status = 'sitting' ORDER BY id LIMIT 1`);
    const bill = one('SELECT id FROM bills ORDER BY events_count DESC, id LIMIT 1');
    const vote = one('SELECT id FROM votes ORDER BY positions_count DESC, id LIMIT 1');
    const boundary =
      db.prepare('SELECT source_set, slug FROM boundaries WHERE constituency_id = ?').get(politician.constituency_id) ??
      one('SELECT source_set, slug FROM boundaries ORDER BY constituency_id LIMIT 1');
    const chunk = one('SELECT id FROM chunks ORDER BY rowid LIMIT 1');
    const centroid = one(
      `SELECT centroid_lat AS lat, centroid_lng AS lng FROM boundaries WHERE source_set = ? AND slug = ?`,
      boundary.source_set,
      boundary.slug,
    );
    const need = distinctPerSlice * slices;
    const words = searchWords(db);
    const P = (path) => `${API}${path}`;
    const q = encodeURIComponent;
    const pairs = wordPairs(words, 2 * need);
    const searchPath = (s) => P(`/search/speeches?q=${q(s)}`);

    /** @type {Record<string, Array<{name: string, paths?: string[], distinct?: string[], target?: object, note?: string}>>} */
    const byEndpoint = {
      health: [{ name: 'health', paths: ['/health'] }],
      openapi: [{ name: 'openapi.json', paths: [P('/openapi.json')] }],
      docs: [{ name: 'docs', paths: ['/docs'] }],
      root: [{ name: 'root', paths: ['/'] }],
      listPoliticians: [
        { name: 'politicians', paths: [P('/politicians')], target: LIST },
        { name: 'politicians?jurisdiction=federal', paths: [P('/politicians?jurisdiction=federal')], target: LIST },
        { name: 'politicians?q=', paths: [P(`/politicians?q=${q(nameSubstring(db))}`)], target: LIST },
        {
          name: 'politicians?q= distinct',
          distinct: withLimits(nameSubstrings(db), need).map(([s, l]) => P(`/politicians?q=${q(s)}&status=all&limit=${l}`)),
          note: 'uncached: every URL once',
        },
      ],
      getPolitician: [{ name: 'politicians/{id}', paths: [P(`/politicians/${politician.id}`)], target: DETAIL }],
      listPoliticianOffices: [{ name: 'politicians/{id}/offices', paths: [P(`/politicians/${politician.id}/offices`)], target: LIST }],
      listPoliticianSocials: [{ name: 'politicians/{id}/socials', paths: [P(`/politicians/${politician.id}/socials`)], target: LIST }],
      listPoliticianPosts: [{ name: 'politicians/{id}/posts', paths: [P(`/politicians/${politician.id}/posts`)], target: LIST }],
      listBills: [
        { name: 'bills', paths: [P('/bills')], target: LIST },
        { name: 'bills?q=housing', paths: [P('/bills?q=housing')], target: LIST },
        {
          name: 'bills?q= distinct',
          distinct: withLimits(titleSubstrings(db), need).map(([s, l]) => P(`/bills?q=${q(s)}&limit=${l}`)),
          note: 'uncached: every URL once',
        },
      ],
      getBill: [{ name: 'bills/{id}', paths: [P(`/bills/${bill.id}`)], target: DETAIL }],
      listBillEvents: [{ name: 'bills/{id}/events', paths: [P(`/bills/${bill.id}/events`)], target: LIST }],
      listBillSponsors: [{ name: 'bills/{id}/sponsors', paths: [P(`/bills/${bill.id}/sponsors`)], target: LIST }],
      listVotes: [{ name: 'votes', paths: [P('/votes')], target: LIST }],
      getVote: [{ name: 'votes/{id}', paths: [P(`/votes/${vote.id}`)], target: DETAIL }],
      listVotePositions: [{ name: 'votes/{id}/positions', paths: [P(`/votes/${vote.id}/positions`)], target: LIST }],
      listCommitteeMeetings: [{ name: 'committees/meetings', paths: [P('/committees/meetings')], target: LIST }],
      listBoundaries: [{ name: 'boundaries', paths: [P('/boundaries')], target: LIST }],
      lookupBoundaries: [
        { name: 'boundaries/lookup', paths: [P(`/boundaries/lookup?lat=${centroid.lat.toFixed(4)}&lng=${centroid.lng.toFixed(4)}`)] },
      ],
      getBoundary: [{ name: 'boundaries/{id}', paths: [P(`/boundaries/${boundary.source_set}/${boundary.slug}`)], target: DETAIL }],
      getPostcode: [{ name: 'postcodes/{pc}', paths: [P('/postcodes/K1A0A6')] }],
      getPostcodeRepresentatives: [
        { name: 'postcodes/{pc}/representatives', paths: [P('/postcodes/K1A0A6/representatives')], target: LIST },
      ],
      getCoverage: [{ name: 'coverage', paths: [P('/coverage')], target: LIST }],
      listJurisdictionSources: [{ name: 'jurisdiction-sources', paths: [P('/jurisdiction-sources')], target: LIST }],
      searchSpeeches: [
        { name: 'search/speeches?q=carbon tax', paths: [P('/search/speeches?q=carbon%20tax')], target: { ratio: 0.05 }, refusals: QUEUED },
        {
          name: 'search/speeches distinct',
          distinct: pairs.slice(0, need).map(searchPath),
          target: { rps: 300 },
          note: `uncached: every query once; ${SEARCH_WARMUP} s warm-up`,
          refusals: QUEUED,
          warmup: SEARCH_WARMUP,
        },
        {
          // As many clients as the embedding queue has places (2 running + 6 waiting): none is refused.
          name: 'search/speeches distinct, 8 connections',
          distinct: pairs.slice(need).map(searchPath),
          target: { rps: 300 },
          connections: 8,
          note: `uncached: every query once; ${SEARCH_WARMUP} s warm-up`,
          refusals: QUEUED,
          warmup: SEARCH_WARMUP,
        },
      ],
      countSpeeches: [{ name: 'search/speeches/count', paths: [P('/search/speeches/count?q=carbon%20tax')], refusals: QUEUED }],
      searchFacets: [{ name: 'search/facets', paths: [P('/search/facets?q=carbon%20tax')], refusals: QUEUED }],
      listSearchSessions: [{ name: 'search/sessions', paths: [P('/search/sessions')], target: LIST }],
      getSearchChunk: [{ name: 'search/chunks/{id}', paths: [P(`/search/chunks/${chunk.id}`)] }],
      getSearchMeta: [{ name: 'search/meta', paths: [P('/search/meta')] }],
      metrics: [{ name: 'metrics', paths: ['/metrics'] }],
    };
    return byEndpoint;
  } finally {
    db.close();
  }
}

/** `n` distinct (query, limit) pairs: each query with limit 50, then each with 49, and so on (the
 *  data has fewer distinct substrings than a run asks for). */
function withLimits(list, n) {
  const out = [];
  for (let limit = 50; limit >= 1 && out.length < n; limit--)
    for (const x of list) {
      if (out.length >= n) break;
      out.push([x, limit]);
    }
  return out;
}

/** A seeded shuffle (the same lists on every run, so runs compare). */
function shuffled(list, seed = 7) {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Substrings of 3-8 letters of the folded bill titles, distinct, in a seeded order. */
function titleSubstrings(db) {
  const seen = new Set();
  for (const text of db.prepare('SELECT search_folded FROM bills ORDER BY rowid').pluck().iterate()) {
    for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
      for (let len = 3; len <= Math.min(8, word.length); len++) seen.add(word.slice(0, len));
    }
  }
  return shuffled([...seen]);
}

/** Substrings of 2-6 characters of the folded names (every start), distinct, in a seeded order. */
function nameSubstrings(db) {
  const seen = new Set();
  for (const name of db.prepare('SELECT name_folded FROM politicians ORDER BY rowid').pluck().iterate()) {
    for (let i = 0; i < name.length; i++)
      for (let len = 2; len <= 6 && i + len <= name.length; len++) seen.add(name.slice(i, i + len).trim());
  }
  return shuffled([...seen].filter((s) => s.length >= 2));
}

/** A 4-letter piece of a common last name, found in several names: a realistic q. */
function nameSubstring(db) {
  const counts = new Map();
  for (const name of db.prepare('SELECT name_folded FROM politicians').pluck().iterate()) {
    for (const piece of new Set(
      Array.from({ length: Math.max(0, name.length - 3) }, (_, i) => name.slice(i, i + 4)).filter((s) => /^\p{L}{4}$/u.test(s)),
    )) {
      counts.set(piece, (counts.get(piece) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).find(([, n]) => n <= 20)?.[0] ?? 'mar';
}

/** Words of 4+ letters found in 3 or more chunks, from the chunk texts. */
function searchWords(db) {
  const df = new Map();
  for (const text of db.prepare('SELECT text FROM chunks ORDER BY rowid LIMIT 4000').pluck().iterate()) {
    for (const w of new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((x) => x.length >= 4),
    ))
      df.set(w, (df.get(w) ?? 0) + 1);
  }
  return [...df]
    .filter(([, n]) => n >= 3)
    .map(([w]) => w)
    .sort();
}

/** `n` distinct two-word queries from `words` (in a seeded order): each word with the word k places
 *  after it, for k = 1, 2, ... */
function wordPairs(words, n) {
  const w = shuffled(words, 11);
  const out = [];
  for (let k = 1; k < w.length && out.length < n; k++)
    for (let i = 0; i < w.length && out.length < n; i++) out.push(`${w[i]} ${w[(i + k) % w.length]}`);
  return out;
}
