// ParlInfo's person profiles (the GetPersonWebProfile answers lchski/lop-parliamentarians-data saved)
// fetched from the loopback upstream and assembled into the pack the parlinfo-parliamentarians
// importer reads: equal to the datasets pack, byte for byte, when the profiles hold its records.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { LISTERS } from '../../../build-db/fetch/listers.js';
import { extractPerson } from '../../../build-db/fetch/parlinfo/extract.js';
import { unwrapJsonp } from '../../../build-db/fetch/parlinfo/jsonp.js';
import { pythonJson } from '../../../build-db/fetch/parlinfo/python-json.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { ERROR_ID, PACK, profileOf } from '../../helpers/parlinfo-profiles.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const DIR = 'parlinfo-parliamentarians';
const HAVE = existsSync(join(DATASETS, DIR, PACK));
const LIST_URL =
  'https://raw.githubusercontent.com/lchski/lop-parliamentarians-data/217fd3c58692e9dd8d87e3e768f5bd3bbbd3bdf2/data/out/parliamentarian-urls.csv';

test("the request list names each person's saved answer at the same commit, the ? of its name written %3F", () => {
  const csv =
    'https://lop.parl.ca/ParlinfoWebApi/Person/GetPersonWebProfile/13134?callback=1\r\nhttps://lop.parl.ca/ParlinfoWebApi/Person/GetPersonWebProfile/3761?callback=1\n' +
    'https://lop.parl.ca/ParlinfoWebApi/Person/GetPersonWebProfile/13134?callback=1\n';
  const listed = LISTERS['parlinfo-people'](csv, (p) => p, LIST_URL);
  expect(listed.problems).toEqual([]);
  expect(listed.files.map((f) => [f.path, f.url, f.immutable])).toEqual([
    [
      'parliamentarians/13134.jsonp.gz',
      'https://raw.githubusercontent.com/lchski/lop-parliamentarians-data/217fd3c58692e9dd8d87e3e768f5bd3bbbd3bdf2/data/source/lop/parliamentarians/13134%3Fcallback=1',
      true,
    ],
    [
      'parliamentarians/3761.jsonp.gz',
      'https://raw.githubusercontent.com/lchski/lop-parliamentarians-data/217fd3c58692e9dd8d87e3e768f5bd3bbbd3bdf2/data/source/lop/parliamentarians/3761%3Fcallback=1',
      true,
    ],
  ]);
  const bad = LISTERS['parlinfo-people'](
    'PersonId\nhttps://lop.parl.ca/ParlinfoWebApi/Person/GetPersonWebProfile/12?callback=1\n',
    (p) => p,
    LIST_URL,
  );
  expect(bad.files.length).toBe(1);
  expect(bad.problems).toEqual(['line 1 names no GetPersonWebProfile request: PersonId']);
  expect(LISTERS['parlinfo-people']('', (p) => p, LIST_URL).problems).toEqual(['the list names no person']);
});

test('JSONP is unwrapped whatever the callback is called; a cut or broken body says what is wrong', () => {
  expect(unwrapJsonp('/**/ typeof 1 === \'function\' && 1({"a":1});')).toEqual({ value: { a: 1 }, problem: null });
  expect(unwrapJsonp('jQuery33107266187344061623_1569968990479([{"PersonId":2}])')).toEqual({ value: [{ PersonId: 2 }], problem: null });
  expect(unwrapJsonp('{"a":1}').problem).toBe('not JSONP: no callback call at the start');
  expect(unwrapJsonp('/**/ typeof 1 === \'function\' && 1({"a":').problem).toBe('not JSONP: the call to 1( is not closed (truncated?)');
  expect(unwrapJsonp('1({"a":1,});').problem).toStartWith('the JSON inside the JSONP does not parse');
});

test('a profile not shaped as ParlInfo writes it is refused naming the field', () => {
  const ok = profileOf({
    PersonId: 5,
    Roles: [{ OrganizationTypeEn: 'Constituency', StartDate: '2000-01-01T00:00:00Z', EndDate: null }],
    Elections: [],
  });
  expect(extractPerson(ok)?.PersonId).toBe(5);
  expect(() => extractPerson({ Message: 'x' })).toThrow('no Person object');
  expect(() => extractPerson({ Person: { PersonId: '5', Roles: [] } })).toThrow('Person.PersonId is not a number ("5")');
  expect(() => extractPerson({ Person: { PersonId: 5, Roles: 'x' } })).toThrow('Person.Roles is not a list');
  expect(() => extractPerson({ Person: { PersonId: 5, Roles: [{ OrganizationTypeEn: 'Constituency', EndDate: 20001 }] } })).toThrow(
    'Person.Roles: EndDate is not a date (20001)',
  );
  expect(() =>
    extractPerson({ Person: { PersonId: 5, Roles: [{ OrganizationTypeEn: 'Constituency', EndDate: null }], ElectionCandidates: {} } }),
  ).toThrow('Person.ElectionCandidates is not a list');
  // A seat that ended the day before the 35th Parliament's election: not in the pack; the day of it: in.
  const ended = (end: string) =>
    extractPerson({ Person: { PersonId: 5, Roles: [{ OrganizationTypeEn: 'Senatorial Riding', EndDate: end }] } });
  expect(ended('1993-10-24T00:00:00Z')).toBeNull();
  expect(ended('1993-10-25T00:00:00Z')?.PersonId).toBe(5);
});

test("the pack's JSON is written as Python wrote it: spaced separators, text as UTF-8, the usual escapes", () => {
  expect(pythonJson({ a: [1, true, null], é: 'Parti libéral "x"\n\t', n: [], o: {} })).toBe(
    '{"a": [1, true, null], "é": "Parti libéral \\"x\\"\\n\\t", "n": [], "o": {}}',
  );
});

const ARCHIVE = 'https://codeload.github.com/lchski/lop-parliamentarians-data/tar.gz/217fd3c58692e9dd8d87e3e768f5bd3bbbd3bdf2';

/** A loopback upstream serving the datasets pack as the publisher's files, and a fresh cache. */
function parlinfoUpstream() {
  const manifest = subsetManifest([DIR]);
  const at: { up: Upstream; cache: string } = {} as never;
  beforeAll(async () => {
    at.up = await startUpstream(manifest, DATASETS);
    at.cache = mkdtempSync(join(tmpdir(), 'canpol-parlinfo-'));
  });
  afterAll(async () => {
    await at.up.close();
    rmSync(at.cache, { recursive: true, force: true });
  });
  return {
    manifest,
    at,
    fetchNow: () => runFetch({ manifest, cache: at.cache, mirror: at.up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5, perHost: 8 }),
    pack: () => join(at.cache, DIR, PACK),
    profileUrl: (id: string) => at.up.pathOf(new URL(`../source/lop/parliamentarians/${id}%3Fcallback=1`, LIST_URL).href),
  };
}
const want = () => gunzipSync(readFileSync(join(DATASETS, DIR, PACK)));
const firstId = () => String(JSON.parse(want().toString('utf8').split('\n')[0]).PersonId);

describe.skipIf(!HAVE)("parlinfo-parliamentarians from the publisher's saved answers, in one archive of the commit", () => {
  const { manifest, at, fetchNow, pack } = parlinfoUpstream();

  test('the first night takes the list and every answer from the archive: one request, none to GitHub raw; the pack equals the datasets pack', async () => {
    expect(manifest.sources[0].archive?.url).toBe(ARCHIVE);
    const report = await fetchNow();
    const source = report.sources[0];
    expect(source.status).toBe('fresh');
    expect(source.problems).toEqual([]);
    const lines = want().toString('utf8').split('\n').filter(Boolean).length;
    expect(source.files.length).toBe(1 + lines + 3);
    expect(source.files.every((f) => f.archive === ARCHIVE && f.result === 'updated' && f.change === 'new')).toBe(true);
    expect(gunzipSync(readFileSync(pack())).equals(want())).toBe(true);
    expect(at.up.requests.map((r) => [r.path, r.status])).toEqual([[at.up.pathOf(ARCHIVE), 200]]);
    expect(report.totals.requests).toBe(1);
    expect(report.archives).toMatchObject([{ source: DIR, url: ARCHIVE, status: 200, attempts: 1, members: 1 + lines + 3 }]);
    // The provenance of each file is its own URL at the commit, with the archive it came in.
    expect(source.files[0].url).toBe(LIST_URL);
    // The archive itself is not kept: its files are.
    expect(existsSync(join(at.cache, '.fetch', 'archives'))).toBe(false);
  }, 120_000);

  test('the next night asks for nothing, not even the archive (every file is at a commit and held)', async () => {
    const before = at.up.requests.length;
    const bytes = readFileSync(pack());
    const report = await fetchNow();
    expect(report.sources[0].status).toBe('fresh');
    expect(at.up.requests.slice(before)).toEqual([]);
    expect(report.archives).toEqual([]);
    expect(readFileSync(pack()).equals(bytes)).toBe(true);
  }, 120_000);

  test('an answer that cannot be read leaves the last pack in place: the source is stale, the file and field named', async () => {
    const bytes = readFileSync(pack());
    const file = join(at.cache, DIR, `parliamentarians/${firstId()}.jsonp.gz`);
    const good = readFileSync(file);
    writeFileSync(file, gzipSync(`/**/ typeof 1 === 'function' && 1({"Person":{"PersonId":${firstId()},"Roles":"none"}});`));
    const report = await fetchNow();
    writeFileSync(file, good);
    const source = report.sources[0];
    expect(source.status).toBe('stale');
    expect(source.problems[0]).toBe(`parliamentarians/${firstId()}.jsonp.gz: Person.Roles is not a list`);
    expect(readFileSync(pack()).equals(bytes)).toBe(true);
  }, 120_000);
});

describe.skipIf(!HAVE)('parlinfo-parliamentarians file by file, when the archive cannot be had', () => {
  const { at, fetchNow, pack, profileUrl } = parlinfoUpstream();
  beforeAll(() => at.up.behave(at.up.pathOf(ARCHIVE), { kind: 'status', status: 404 }));

  test('a person whose answer cannot be fetched on the first run: no pack yet (missing), the file named', async () => {
    at.up.behave(profileUrl(firstId()), { kind: 'gone' });
    const report = await fetchNow();
    at.up.behave(profileUrl(firstId()), null);
    const source = report.sources[0];
    expect(source.status).toBe('missing');
    expect(existsSync(pack())).toBe(false);
    expect(source.problems.some((p) => p.startsWith(`parliamentarians/${firstId()}.jsonp.gz: not in the cache`))).toBe(true);
    expect(report.archives).toMatchObject([{ url: ARCHIVE, status: 404, members: 0, error: 'HTTP 404' }]);
  }, 120_000);

  test('every listed answer is fetched and the pack assembled equals the datasets pack byte for byte', async () => {
    const before = at.up.requests.length;
    const report = await fetchNow();
    const source = report.sources[0];
    expect(source.status).toBe('fresh');
    expect(source.problems).toEqual([]);
    const lines = want().toString('utf8').split('\n').filter(Boolean).length;
    // The list, every pack person, the two people with no seat since 1993 and ParlInfo's error answer.
    expect(source.files.length).toBe(1 + lines + 3);
    expect(gunzipSync(readFileSync(pack())).equals(want())).toBe(true);
    // Only the answer missing last time is requested again (the archive first, still refused): the
    // others and the list are held and, at a commit, cannot change (build-db/fetch/pinned.ts).
    expect(at.up.requests.slice(before).map((r) => r.path)).toEqual([at.up.pathOf(ARCHIVE), profileUrl(firstId())]);
    expect(existsSync(join(at.cache, DIR, `parliamentarians/${ERROR_ID}.jsonp.gz`))).toBe(true);
  }, 120_000);
});
