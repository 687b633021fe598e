// canpol search: the body of /search/speeches from the data file in this process, identical to the
// server's; options become the endpoint's query parameters; refusals print the API's error, exit 1.
// The fixture is built without an encoder, so search ranks by keywords and the answers are known:
// "housing" is in three member speeches and one presiding officer's.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ids } from '../../../build-db/ids.js';
import { searchCommand, searchPath, type SearchOptions } from '../../../src/cli/commands/search.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';

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
  speaker_name_raw: who ?? 'The Speaker',
  spoken_at,
  language,
  level: 'federal',
  speech_type: 'floor',
  text,
  source_system: 'hoc',
  ...extra,
});

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture((r) => {
    r.speeches.push(
      speech(
        't/housing-1',
        'p/alice',
        '2024-05-01T14:00:00Z',
        'en',
        'Housing is too expensive. We need affordable housing and more homes for families.',
      ),
      speech('t/housing-2', 'p/bob', '2024-05-02T14:00:00Z', 'en', 'The housing crisis: rents keep rising and homes are out of reach.'),
      speech('t/housing-3', 'p/bob', '2024-05-03T14:00:00Z', 'en', 'Housing starts fell again this spring.', {
        speech_type: 'question_period',
      }),
      speech('t/logement', 'p/bob', '2024-05-03T15:00:00Z', 'fr', 'Les logements abordables manquent partout au pays.'),
      speech('t/presiding', null, '2024-05-05T14:00:00Z', 'en', 'Order. The member asking about housing has the floor.', {
        is_presiding: true,
        speech_type: 'presiding',
      }),
    );
  });
});
afterAll(() => fx.cleanup());

async function search(query: string, params: SearchOptions['params'] = {}): Promise<{ code: number; text: string }> {
  const out: string[] = [];
  const code = await searchCommand({ data: fx.dbPath, query, params, write: (t) => out.push(t) });
  expect(out.length).toBe(1);
  return { code, text: out[0] };
}

const speechIds = (body: { items: Array<{ speech_id: string }> }) => body.items.map((i) => i.speech_id).sort();
const speechId = (key: string) => ids.speech(key);

describe('search QUERY', () => {
  test("the server's body exactly, pretty-printed: every speech with the word", async () => {
    const { code, text } = await search('housing');
    expect(code).toBe(0);
    const body = JSON.parse(text);
    expect(speechIds(body)).toEqual(['t/housing-1', 't/housing-2', 't/housing-3', 't/presiding'].map(speechId).sort());
    expect(body).toEqual(await (await fx.get('/search/speeches?q=housing')).json());
    expect(text).toBe(JSON.stringify(body, null, 2));
  });

  test("options are the endpoint's parameters: --exclude-presiding, --speech-type, --lang, --limit", async () => {
    expect(speechIds(JSON.parse((await search('housing', { 'exclude-presiding': 'true' })).text))).toEqual(
      ['t/housing-1', 't/housing-2', 't/housing-3'].map(speechId).sort(),
    );
    expect(speechIds(JSON.parse((await search('housing', { 'speech-type': 'question_period,presiding' })).text))).toEqual(
      ['t/housing-3', 't/presiding'].map(speechId).sort(),
    );
    expect(speechIds(JSON.parse((await search('logements', { lang: 'fr' })).text))).toEqual([speechId('t/logement')]);
    expect(JSON.parse((await search('housing', { lang: 'fr' })).text).items).toEqual([]);
    const limited = JSON.parse((await search('housing', { limit: '2', 'exclude-presiding': 'true' })).text);
    expect(limited.items.length).toBe(2);
    expect(limited).toEqual(await (await fx.get('/search/speeches?q=housing&limit=2&exclude_presiding=true')).json());
  });

  test("a refused parameter: the API's 400 JSON naming it, exit 1", async () => {
    const { code, text } = await search('housing', { lang: 'de', limit: '500' });
    expect(code).toBe(1);
    const body = JSON.parse(text);
    expect(body).toMatchObject({ statusCode: 400, code: 'invalid_parameter' });
    expect(body.issues.map((i: { param: string }) => i.param).sort()).toEqual(['lang', 'limit']);
  });
});

test("no query: the newest speeches matching a filter; with no filter, the API's missing_query, exit 1", async () => {
  const recent = await search('', { 'speech-type': 'question_period' });
  expect(recent.code).toBe(0);
  expect(speechIds(JSON.parse(recent.text))).toEqual([speechId('t/housing-3')]);
  const refused = await search('', { lang: 'en' });
  expect(refused.code).toBe(1);
  expect(JSON.parse(refused.text)).toMatchObject({ statusCode: 400, code: 'missing_query' });
});

test('searchPath: the query and each option (dashes to underscores), escaped; left-out options stay out', () => {
  expect(searchPath('affordable housing', { lang: 'en', 'province-territory': 'ON', limit: undefined })).toBe(
    '/search/speeches?q=affordable+housing&lang=en&province_territory=ON',
  );
  expect(searchPath('a&b=c', {})).toBe('/search/speeches?q=a%26b%3Dc');
  expect(searchPath('', { 'anchor-chunk-id': 'x' })).toBe('/search/speeches?anchor_chunk_id=x');
});

describe('canpol search on the command line', () => {
  const repo = join(import.meta.dir, '../../..');
  const cli = (...args: string[]) =>
    spawnSync(join(repo, 'node_modules/.bin/bun'), [join(repo, 'src/cli/main.ts'), ...args], { encoding: 'utf8' });

  test('dashed options reach the endpoint; the words of the query are joined', async () => {
    const r = cli('search', 'affordable', 'housing', '--data', fx.dbPath, '--exclude-presiding', 'true', '--limit', '1');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${(await search('affordable housing', { 'exclude-presiding': 'true', limit: '1' })).text}\n`);
    expect(JSON.parse(r.stdout).items.map((i: { speech_id: string }) => i.speech_id)).toEqual([speechId('t/housing-1')]);
  });

  test('no query and no option: usage error, exit 2, one line pointing at --help (issue 21)', () => {
    const r = cli('search', '--data', fx.dbPath);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('canpol search: a QUERY, --anchor-chunk-id or a filter is required (see canpol search --help)\n');
    expect(cli('search', '--help').stdout).toContain('--province-territory VALUE');
  }, 30_000);
});
