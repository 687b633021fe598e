// The six search endpoints (spec "Search"; decisions 6) on the fixture plus topical speeches, with a
// stand-in embedder whose similarities are known: the cosine of hashed bags of stems.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { ids } from '../../../build-db/ids.js';
import { writeVectors } from '../../../build-db/search/write-vectors.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { CHECK_INTERVAL_MS } from '../../../src/core/memory/memory-guard.js';
import type { Embedder } from '../../../src/core/encoder/embedder.js';
import { indexTerms } from '../../../src/core/text/terms.js';
import { boundaryRecords } from '../../helpers/boundary-fixture.js';
import { buildFixture, fixtureIds, type Fixture } from '../../helpers/fixture.js';
import { httpHelpers, type Json } from '../../helpers/http.js';

const DIM = 64;
/** Bag of English stems hashed into 64 dimensions, L2-normalised: similar words → similar vectors. */
function bagOfStems(text: string): Float32Array {
  const v = new Float32Array(DIM);
  for (const t of indexTerms(text, 'en')) {
    let h = 2166136261;
    for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 16777619);
    v[(h >>> 0) % DIM] += 1;
  }
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}
let embedCalls = 0;
/** Like the learned encoder, the stand-in knows the words of the corpus it was "trained" on. */
const known = new Set<string>();
const embedder: Embedder = {
  dim: DIM,
  embed: async (texts) => {
    embedCalls++;
    return texts.map(bagOfStems);
  },
  knowsAnyWord: (text) => indexTerms(text, 'en').some((t) => known.has(t)),
};

const speech = (
  key: string,
  who: string | null,
  spoken_at: string,
  language: 'en' | 'fr',
  text: string,
  extra: Record<string, unknown> = {},
) => ({
  key,
  session_key: 'ca/44-1',
  politician_key: who,
  speaker_name_raw: who ?? 'Unknown Member',
  spoken_at,
  language,
  level: 'federal',
  speech_type: 'floor',
  text,
  source_system: 'hoc',
  source_url: `https://example.org/${key}`,
  source_anchor: key,
  ...extra,
});

let fx: Fixture;
let app: ReturnType<typeof createApp>;
const chunk = (speechKey: string, index = 0) => ids.chunk(speechKey, index);

beforeAll(async () => {
  const built = buildFixture((r) => {
    // Postcode K1A0A6 lies in riding fed-2023/35001, Alice's (test/server/routes/postcodes.test.ts).
    const extra = r as unknown as Record<string, unknown[]>;
    extra.boundaries = boundaryRecords();
    extra.postcode_points = [
      { postcode: 'K1A0A6', lat: 45.65, lng: -75.7, city: 'Ottawa', province_territory: 'ON', fetched_at: '2024-06-28T00:00:00Z' },
    ];
    r.speeches.push(
      speech(
        't/housing-1',
        'p/alice',
        '2024-05-01T14:00:00Z',
        'en',
        'Housing is too expensive. We need affordable housing and more homes for families.',
      ),
      speech('t/housing-2', 'p/bob', '2024-05-02T14:00:00Z', 'en', 'The housing crisis: rents keep rising and homes are out of reach.'),
      speech('t/housing-fr', 'p/bob', '2024-05-03T14:00:00Z', 'fr', 'Les logements abordables manquent partout au pays.'),
      speech('t/health', 'p/alice', '2024-05-04T14:00:00Z', 'en', 'Hospitals and nurses: the health system needs funding.', {
        speech_type: 'question_period',
      }),
      speech('t/presiding', null, '2024-05-05T14:00:00Z', 'en', 'Order. The honourable member for housing questions has the floor.', {
        is_presiding: true,
        speech_type: 'presiding',
        speaker_name_raw: 'The Speaker',
      }),
      speech('t/escape', 'p/alice', '2024-05-06T14:00:00Z', 'en', 'Housing <b>&</b> "quotes" must be escaped.'),
      speech('t/c36', 'p/bob', '2024-05-07T14:00:00Z', 'en', 'Bill C-36 would change the law on prostitution.'),
      speech(
        't/36',
        'p/bob',
        '2024-05-08T14:00:00Z',
        'en',
        'The bill passed: 36 members voted for this bill, and the bill goes to committee.',
      ),
      speech('t/ct1', 'p/alice', '2024-05-09T14:00:00Z', 'en', 'The carbon tax rises in April.'),
      speech('t/ct2', 'p/alice', '2024-05-10T14:00:00Z', 'en', 'A tax on carbon emissions, and another tax, and more carbon.'),
    );
    for (const sp of r.speeches) for (const t of indexTerms(String(sp.text), 'en')) known.add(t);
  });
  // Add the vectors to the built file with the stand-in embedder, then serve it with that embedder.
  const path = built.dbPath;
  built.data.close();
  const db = new Database(path);
  sqliteVec.load(db);
  await writeVectors({ db, embedder });
  db.close();
  const data = openDataFile(path);
  app = createApp({
    data,
    embedder,
    logError: (err) => {
      throw err;
    },
  });
  fx = {
    ...built,
    data,
    app,
    get: (p, init) => Promise.resolve(app.request(`/api/public/v1${p}`, init)),
    cleanup: () => {
      data.close();
      built.cleanup();
    },
  };
});
afterAll(() => fx.cleanup());

const { ok200, getJson, expectInvalid, expectNotFound, expectCache } = httpHelpers(() => fx);
const chunkIds = (body: Json) => body.items.map((i: Json) => i.chunk_id);

describe('GET /search/speeches: hybrid mode', () => {
  test('keyword and vector candidates are fused; the best match for "affordable housing" comes first', async () => {
    const body = await ok200('/search/speeches?q=affordable%20housing&lang=en');
    expect(body.mode).toBe('hybrid');
    expect(body.items[0].chunk_id).toBe(chunk('t/housing-1'));
    expect(chunkIds(body)).toContain(chunk('t/housing-2'));
    for (const item of body.items) expect(item.language).toBe('en');
    // RRF scores: 1/(60+rank) summed over both lists, so never above 2/61.
    expect(body.items[0].score).toBeLessThanOrEqual(2 / 61 + 1e-6);
    expect(body.items[0].similarity).toBeGreaterThan(0);
    expect(body).toMatchObject({ page: 1, limit: 20, capped: false });
    expect(body.pages).toBe(Math.ceil(body.total / 20));
  });

  test('the item shape of decisions 6, with politician and session', async () => {
    const [item] = (await ok200('/search/speeches?q=affordable%20housing&lang=en&limit=1')).items;
    expect(Object.keys(item).sort()).toEqual(
      [
        'chunk_id',
        'chunk_index',
        'language',
        'level',
        'party_at_time',
        'politician',
        'province_territory',
        'score',
        'similarity',
        'snippet_html',
        'speech',
        'speech_id',
        'spoken_at',
        'text',
      ].sort(),
    );
    expect(item.politician).toEqual({
      id: fixtureIds.alice,
      name: 'Hon. Alice Martin',
      slug: 'alice-martin',
      photo_url: null,
      party: 'Liberal',
      socials: expect.any(Object),
    });
    expect(item.speech).toEqual({
      speaker_name_raw: 'p/alice',
      speaker_role: null,
      speech_type: 'floor',
      source_url: 'https://example.org/t/housing-1',
      source_anchor: 't/housing-1',
      source_system: 'hoc',
      session: { session_id: fixtureIds.session44, parliament_number: 44, session_number: 1 },
    });
    expect(item.snippet_html).toContain('<mark>Housing</mark>');
    expect(item.snippet_html).toContain('<mark>affordable</mark>');
  });

  test('snippet_html escapes the text around the marks', async () => {
    const body = await ok200(`/search/speeches?q=escaped&lang=en`);
    const item = body.items.find((i: Json) => i.chunk_id === chunk('t/escape'));
    expect(item.snippet_html).toBe('Housing &lt;b&gt;&amp;&lt;/b&gt; &quot;quotes&quot; must be <mark>escaped</mark>.');
  });

  test('French stems: "logement" finds "logements"; lang=fr keeps only French', async () => {
    const body = await ok200('/search/speeches?q=logement&lang=fr');
    expect(body.items[0].chunk_id).toBe(chunk('t/housing-fr'));
    expect(body.items[0].snippet_html).toBe('Les <mark>logements</mark> abordables manquent partout au pays.');
    for (const item of body.items) expect(item.language).toBe('fr');
    // The other French chunk (about escaping) shares no word and is not similar enough to match.
    expect(body.total).toBe(1);
  });

  test('min_similarity drops what is less similar than the floor', async () => {
    const all = await ok200('/search/speeches?q=housing%20homes&lang=en&limit=50');
    const floor = 0.3;
    const kept = await ok200(`/search/speeches?q=housing%20homes&lang=en&limit=50&min_similarity=${floor}`);
    expect(kept.total).toBe(all.items.filter((i: Json) => i.similarity >= floor).length);
    for (const i of kept.items) expect(i.similarity).toBeGreaterThanOrEqual(floor);
  });

  test('filters: exclude_presiding, speech_type (repeated or comma list), politician_ids, dates', async () => {
    const withPresiding = chunkIds(await ok200('/search/speeches?q=housing&lang=en&limit=50'));
    expect(withPresiding).toContain(chunk('t/presiding'));
    expect(chunkIds(await ok200('/search/speeches?q=housing&lang=en&limit=50&exclude_presiding=true'))).not.toContain(chunk('t/presiding'));
    expect(chunkIds(await ok200('/search/speeches?q=health%20housing&lang=en&speech_type=question_period'))).toEqual([chunk('t/health')]);
    const two = chunkIds(
      await ok200('/search/speeches?q=health%20housing&lang=en&speech_type=question_period&speech_type=presiding&limit=50'),
    ).sort();
    expect(two).toEqual([chunk('t/health'), chunk('t/presiding')].sort());
    const bob = await ok200(`/search/speeches?q=housing&lang=en&politician_ids=${fixtureIds.bob}`);
    expect(bob.items[0].chunk_id).toBe(chunk('t/housing-2'));
    for (const item of bob.items) expect(item.politician.id).toBe(fixtureIds.bob);
    expect(chunkIds(await ok200('/search/speeches?q=housing&lang=en&from=2024-05-02&to=2024-05-02'))).toEqual([chunk('t/housing-2')]);
  });

  test('include_count=false leaves total and pages null', async () => {
    const body = await ok200('/search/speeches?q=housing&include_count=false');
    expect(body.total).toBeNull();
    expect(body.pages).toBeNull();
    expect(body.items.length).toBeGreaterThan(0);
  });
});

describe('wire compatibility with the original API (issue 21 item 5)', () => {
  const speakers = (body: Json) => [...new Set(body.items.map((i: Json) => i.politician?.id ?? null))].sort();

  test('politician.socials is an array of {platform, url, handle}: live handles only', async () => {
    const body = await ok200('/search/speeches?q=housing&lang=en');
    const byId = new Map(body.items.filter((i: Json) => i.politician).map((i: Json) => [i.politician.id, i.politician.socials]));
    expect(byId.get(fixtureIds.alice)).toEqual([
      { platform: 'bluesky', url: 'https://bsky.app/profile/alice.example', handle: 'alice.example' },
    ]);
    // Bob's mastodon handle is not live.
    expect(byId.get(fixtureIds.bob)).toEqual([{ platform: 'twitter', url: 'https://twitter.com/bobt', handle: 'bobt' }]);
    const grouped = await ok200('/search/speeches?q=housing&lang=en&group_by=politician');
    for (const g of grouped.groups) expect(Array.isArray(g.politician.socials)).toBe(true);
  });

  test('politician_id: one speaker; with politician_ids, any of them; a bad id is a 400 naming it', async () => {
    expect(speakers(await ok200(`/search/speeches?q=housing&politician_id=${fixtureIds.alice}`))).toEqual([fixtureIds.alice]);
    expect(speakers(await ok200(`/search/speeches?q=housing&politician_id=${fixtureIds.alice}&politician_ids=${fixtureIds.bob}`))).toEqual(
      [fixtureIds.alice, fixtureIds.bob].sort(),
    );
    const recent = await ok200(`/search/speeches?politician_id=${fixtureIds.bob}`);
    expect(recent.mode).toBe('recent');
    expect(speakers(recent)).toEqual([fixtureIds.bob]);
    await expectInvalid('/search/speeches?q=housing&politician_id=nope', ['politician_id']);
    await expectInvalid('/search/speeches/count?q=housing&politician_id=nope', ['politician_id']);
  });

  test("postcode: that postcode's representatives' speeches; malformed 400, unknown 404", async () => {
    const body = await ok200('/search/speeches?q=housing&postcode=K1A%200A6');
    expect(body.items.length).toBeGreaterThan(0);
    expect(speakers(body)).toEqual([fixtureIds.alice]);
    expect(speakers(await ok200('/search/speeches?postcode=K1A0A6'))).toEqual([fixtureIds.alice]);
    // With politician ids: those of them who represent it.
    expect((await ok200(`/search/speeches?q=housing&postcode=K1A0A6&politician_ids=${fixtureIds.bob}`)).items).toEqual([]);
    const count = await ok200('/search/speeches/count?q=housing&postcode=K1A0A6');
    expect(count.total).toBe(body.total);
    expect((await ok200('/search/facets?q=housing&postcode=K1A0A6')).by_politician.map((p: Json) => p.politician.id)).toEqual([
      fixtureIds.alice,
    ]);
    await expectInvalid('/search/speeches?q=housing&postcode=K1A0A', ['postcode']);
    await expectNotFound('/search/speeches?q=housing&postcode=H0H0H0');
  });
});

describe('query-aware ranking and honest counts (issue 20; issue 21 item 3)', () => {
  test('a query of words nobody said and the encoder does not know: no results, total 0, count 0', async () => {
    const body = await ok200('/search/speeches?q=xyzzyplugh');
    expect(body).toMatchObject({ items: [], total: 0, pages: 0, capped: false });
    expect(await ok200('/search/speeches/count?q=xyzzyplugh')).toEqual({ total: 0, capped: false });
    expect((await ok200('/search/speeches?q=xyzzyplugh&group_by=politician')).groups).toEqual([]);
    expect((await ok200('/search/facets?q=xyzzyplugh')).analyzed_count).toBe(0);
  });

  test('every result has keyword evidence or a similarity of at least the floor; total counts them', async () => {
    const body = await ok200('/search/speeches?q=hospitals%20nurses&limit=50');
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items[0].chunk_id).toBe(chunk('t/health'));
    for (const item of body.items) {
      const words = /hospital|nurse/i.test(item.text);
      expect(words || item.similarity >= 0.4).toBe(true);
    }
    expect(body.total).toBe(body.items.length);
    expect((await ok200('/search/speeches/count?q=hospitals%20nurses')).total).toBe(body.total);
  });

  test('a quoted phrase is a phrase: only chunks holding it', async () => {
    const body = await ok200('/search/speeches?q=%22carbon%20tax%22');
    expect(chunkIds(body)).toEqual([chunk('t/ct1')]);
    expect(body.total).toBe(1);
    // Unquoted, both chunks match.
    expect(chunkIds(await ok200('/search/speeches?q=carbon%20tax'))).toEqual(expect.arrayContaining([chunk('t/ct1'), chunk('t/ct2')]));
  });

  test('a bill number: chunks naming it first, though another chunk says "bill" and "36" more often', async () => {
    const body = await ok200('/search/speeches?q=Bill%20C-36');
    expect(body.items[0].chunk_id).toBe(chunk('t/c36'));
    expect(chunkIds(body)).toContain(chunk('t/36'));
  });
});

describe('anchor and recent modes; missing_query', () => {
  test('anchor: neighbours of the chunk, the anchor itself excluded, mode semantic', async () => {
    const body = await ok200(`/search/speeches?anchor_chunk_id=${chunk('t/housing-1')}&lang=en`);
    expect(body.mode).toBe('semantic');
    expect(chunkIds(body)).not.toContain(chunk('t/housing-1'));
    expect(body.items[0].chunk_id).toBe(chunk('t/housing-2'));
    for (let i = 1; i < body.items.length; i++) expect(body.items[i - 1].similarity).toBeGreaterThanOrEqual(body.items[i].similarity);
  });

  test('q wins over anchor_chunk_id', async () => {
    expect((await ok200(`/search/speeches?q=health&anchor_chunk_id=${chunk('t/housing-1')}`)).mode).toBe('hybrid');
  });

  test('an unknown anchor is 404 anchor_not_found', async () => {
    const { status, body } = await getJson('/search/speeches?anchor_chunk_id=00000000-0000-4000-8000-000000000000');
    expect(status).toBe(404);
    expect(body.code).toBe('anchor_not_found');
  });

  test('no q, no anchor, a filter: recent mode, newest first, similarity null', async () => {
    const body = await ok200(`/search/speeches?politician_ids=${fixtureIds.alice}`);
    expect(body.mode).toBe('recent');
    const times = body.items.map((i: Json) => i.spoken_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.items.every((i: Json) => i.similarity === null && i.score === null)).toBe(true);
    expect(body.total).toBe(7); // s/1, s/4, housing-1, health, escape, ct1, ct2
  });

  test('no q, no anchor, no structural filter: 400 missing_query (lang and exclude_presiding are not filters here)', async () => {
    for (const path of ['/search/speeches', '/search/speeches?lang=fr&exclude_presiding=true', '/search/speeches/count']) {
      const { status, body } = await getJson(path);
      expect(status).toBe(400);
      expect(body.code).toBe('missing_query');
    }
  });
});

describe('group_by=politician', () => {
  test('groups with counts, keyword hits and similarities; sorts', async () => {
    const body = await ok200('/search/speeches?q=housing%20homes&lang=en&group_by=politician&per_group_limit=1');
    expect(body).toMatchObject({ mode: 'hybrid', group_by: 'politician', page: 1, per_group_limit: 1 });
    const alice = body.groups.find((g: Json) => g.politician.id === fixtureIds.alice);
    expect(alice.chunks).toHaveLength(1);
    expect(alice.mention_count).toBeGreaterThanOrEqual(2);
    expect(alice.best_similarity).toBeGreaterThanOrEqual(alice.avg_similarity);
    expect(body.total_politicians).toBe(body.groups.length);
    const counts = body.groups.map((g: Json) => g.mention_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const best = (await ok200('/search/speeches?q=housing%20homes&lang=en&group_by=politician&sort=best_match')).groups.map(
      (g: Json) => g.best_similarity,
    );
    expect(best).toEqual([...best].sort((a: number, b: number) => b - a));
  });
});

describe('count, facets, sessions, chunks, meta', () => {
  test('count equals the timeline total', async () => {
    const timeline = await ok200('/search/speeches?q=housing&lang=en');
    expect(await ok200('/search/speeches/count?q=housing&lang=en')).toEqual({ total: timeline.total, capped: false });
  });

  test('facets over the top results; limit clamped to 10-500', async () => {
    const body = await ok200('/search/facets?q=housing&lang=en&limit=3');
    expect(body.analysis_limit).toBe(10);
    expect(body.mode).toBe('hybrid');
    expect(body.analyzed_count).toBe(body.chunk_ids.length);
    expect(body.by_language).toEqual([{ language: 'en', count: body.analyzed_count }]);
    const overlap = body.keyword_overlap;
    expect(overlap.both + overlap.semantic_only + overlap.keyword_only).toBe(body.analyzed_count);
    expect(body.by_year).toEqual([{ year: 2024, count: body.analyzed_count }]);
    expect((await ok200('/search/facets?q=housing&limit=9999')).analysis_limit).toBe(500);
    await expectInvalid('/search/facets?q=housing&limit=ten', ['limit']);
  });

  test('sessions: those with speeches, with session_id', async () => {
    expect((await ok200('/search/sessions?level=federal')).sessions).toEqual([
      {
        session_id: fixtureIds.session44,
        parliament_number: 44,
        session_number: 1,
        name: '44th Parliament, 1st Session',
        start_date: '2021-11-22',
        end_date: '2025-01-06',
        level: 'federal',
        province_territory: null,
      },
    ]);
    expect((await ok200('/search/sessions?province=on')).sessions.map((s: Json) => s.session_id)).toEqual([fixtureIds.sessionOn]);
    await expectCache('/search/sessions', 3600);
  });

  test('chunk detail; unknown and malformed ids are 404', async () => {
    const body = await ok200(`/search/chunks/${chunk('t/housing-fr')}`);
    expect(body).toMatchObject({
      chunk_id: chunk('t/housing-fr'),
      chunk_index: 0,
      language: 'fr',
      char_start: 0,
      text: 'Les logements abordables manquent partout au pays.',
    });
    expect(body.politician).toMatchObject({ id: fixtureIds.bob, slug: 'bob-tremblay' });
    await expectNotFound('/search/chunks/00000000-0000-4000-8000-000000000000');
    await expectNotFound('/search/chunks/nope');
    await expectCache(`/search/chunks/${chunk('t/housing-fr')}`, 60);
  });

  test('meta: every chunk embedded', async () => {
    const body = await ok200('/search/meta');
    expect(body.total_chunks).toBe(14);
    expect(body).toEqual({ total_chunks: body.total_chunks, embedded_chunks: body.total_chunks, coverage: 1 });
  });
});

describe('validation', () => {
  test('every bad parameter is listed', async () => {
    await expectInvalid(
      '/search/speeches?q=x&lang=de&limit=51&per_group_limit=11&sort=x&min_similarity=2&politician_ids=nope&speech_type=speech&from=2024-13-01&include_count=maybe',
      ['lang', 'limit', 'per_group_limit', 'sort', 'min_similarity', 'politician_ids', 'speech_type', 'from', 'include_count'],
    );
    await expectInvalid(`/search/speeches?q=${'x'.repeat(501)}`, ['q']);
    await expectInvalid('/search/speeches?q=a&q=b', ['q']);
    await expectInvalid('/search/speeches?q=a&from=2024-02-01&to=2024-01-01', ['to']);
  });
  test('an embedding per semantic query, none for recent mode', async () => {
    const before = embedCalls;
    await ok200(`/search/speeches?politician_ids=${fixtureIds.alice}`);
    expect(embedCalls).toBe(before);
    await ok200('/search/speeches?q=nurses');
    expect(embedCalls).toBe(before + 1);
  });
});

describe('the memory guard (--memory-ceiling)', () => {
  test('is asked after a search, once its answer is built, and not after other routes', async () => {
    let checks = 0;
    // The guard is asked at most once every CHECK_INTERVAL_MS: each request here comes after one.
    const pause = () => new Promise((done) => setTimeout(done, CHECK_INTERVAL_MS + 5));
    const guarded = createApp({
      data: fx.data,
      embedder,
      logError: (err) => {
        throw err;
      },
      memoryGuard: {
        check: () => {
          checks++;
          return false;
        },
        collections: 0,
      },
    });
    const tick = () => new Promise((done) => setImmediate(done));
    for (const path of ['/search/speeches?q=carbon%20tax', '/search/speeches/count?q=carbon', '/search/facets?q=tax']) {
      await pause();
      const res = await guarded.request(`/api/public/v1${path}`);
      expect(res.status).toBe(200);
      await tick();
    }
    expect(checks).toBe(3);
    await pause();
    expect((await guarded.request(`/api/public/v1/politicians/${fixtureIds.alice}`)).status).toBe(200);
    await tick();
    expect(checks).toBe(3);
  });
});
