// Files at a git commit taken from the commit's archive (codeload.github.com's tarball) instead of one
// raw.githubusercontent.com request each, on a loopback upstream laid out as the two hosts: what the
// archive cannot give (it fails, is damaged, lacks a file) is requested on its own; a member is checked
// as its own download would be.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { archiveAt, memberOf, rawFileAt, withoutTopFolder } from '../../../build-db/fetch/archive/github-archive.js';
import { readState } from '../../../build-db/fetch/cache-state.js';
import type { SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { parseManifest } from '../../../build-db/fetch/read-manifest.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { commitArchive } from '../../helpers/commit-archive.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';
const RAW = `https://raw.githubusercontent.com/example/saved-answers/${COMMIT}`;
const ARCHIVE = `https://codeload.github.com/example/saved-answers/tar.gz/${COMMIT}`;
const IDS = [1, 2, 3, 4, 5, 6];
// Distinct and hard to compress, so a cut archive is cut between members.
const answer = (id: number) =>
  `${JSON.stringify({ id, text: Array.from({ length: 3000 }, (_, i) => ((id * 7919 + i * 104729) % 9973).toString(36)).join(' ') })}\n`;

const manifest: SourcesManifest = {
  version: 1,
  user_agent: 'canpol-test/1 (+https://example.invalid/canpol)',
  defaults: { timeout_ms: 5_000, retries: 1, backoff_ms: 5, per_host: 2, spacing_ms: 0 },
  sources: [
    {
      id: 'saved-answers',
      publisher: 'Example',
      format: 'json',
      licence: 'test',
      attribution: 'test',
      importer: null,
      dataset_dir: 'saved',
      required: false,
      check: { content_types: ['text/plain', 'application/json'], min_bytes: 10 },
      // One name with a `?`, as ParlInfo's saved answers have: %3F in the URL, `?` in the archive.
      files: IDS.map((id) => ({ path: `answers/${id}.json.gz`, url: `${RAW}/data/${id}${id === 1 ? '%3Fcallback=1' : ''}.json` })),
      archive: { url: ARCHIVE },
    },
  ],
};
const repoPath = (id: number) => `data/${id}${id === 1 ? '?callback=1' : ''}.json`;

test('a raw file at a commit is a member of that commit archive, named without its top folder', () => {
  expect(rawFileAt(`${RAW}/data/1%3Fcallback=1.json`)).toEqual({
    owner: 'example',
    repo: 'saved-answers',
    commit: COMMIT,
    path: 'data/1?callback=1.json',
  });
  expect(rawFileAt('https://raw.githubusercontent.com/example/saved-answers/main/data/1.json')).toBeNull();
  expect(archiveAt(ARCHIVE)).toEqual({ owner: 'example', repo: 'saved-answers', commit: COMMIT });
  expect(archiveAt(`https://codeload.github.com/example/saved-answers/zip/${COMMIT}`)).toBeNull();
  expect(memberOf(`${RAW}/data/2.json`, ARCHIVE)).toBe('data/2.json');
  expect(memberOf(`${RAW.replace(COMMIT, 'f'.repeat(40))}/data/2.json`, ARCHIVE)).toBeNull();
  expect(memberOf(`https://raw.githubusercontent.com/example/other/${COMMIT}/data/2.json`, ARCHIVE)).toBeNull();
  expect(withoutTopFolder(`saved-answers-${COMMIT}/data/2.json`)).toBe('data/2.json');
  expect(withoutTopFolder(`saved-answers-${COMMIT}/`)).toBeNull();
});

test('the manifest names an archive by its codeload URL at a full commit', () => {
  const withArchive = (archive: unknown) => parseManifest(JSON.stringify({ ...manifest, sources: [{ ...manifest.sources[0], archive }] }));
  expect(withArchive({ url: ARCHIVE, timeout_ms: 600_000 }).ok).toBe(true);
  expect(withArchive({ url: `${RAW}/x.tar.gz` })).toEqual({
    ok: false,
    problems: ['sources[0] (saved-answers): archive.url must be https://codeload.github.com/OWNER/REPO/tar.gz/<40-hex commit>'],
  });
  expect(
    parseManifest(
      JSON.stringify({
        ...manifest,
        sources: [{ ...manifest.sources[0], discover: { kind: 'per-session', per: 'session', files: [{ path: 'x', url: `${RAW}/x` }] } }],
      }),
    ),
  ).toEqual({ ok: false, problems: ['sources[0] (saved-answers): archive is for sources without discover'] });
  expect(withArchive({ url: ARCHIVE, max_bytes: -1 })).toMatchObject({
    ok: false,
    problems: ['sources[0] (saved-answers): archive.max_bytes must be a whole number > 0'],
  });
});

describe('files at a commit from its archive', () => {
  let up: Upstream;
  let dir: string;
  let root: string;
  let cache: string;
  const archiveFile = () => join(root, 'codeload.github.com/example/saved-answers/tar.gz', COMMIT);
  const publishArchive = (body: Buffer) => {
    mkdirSync(dirname(archiveFile()), { recursive: true });
    writeFileSync(archiveFile(), body);
  };
  const archiveOf = (ids: number[], body: (id: number) => string = answer) =>
    commitArchive(
      'saved-answers',
      COMMIT,
      ids.map((id): [string, string] => [repoPath(id), body(id)]),
    );
  const rawPath = (id: number) => up.pathOf(manifest.sources[0].files[id - 1].url);
  const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror });
  const stored = (id: number) => gunzipSync(readFileSync(join(cache, 'saved', `answers/${id}.json.gz`))).toString('utf8');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'canpol-commit-archive-'));
    root = join(dir, 'hosts');
    // Every file is also served on its own, at its raw URL.
    for (const id of IDS) {
      const file = join(root, 'raw.githubusercontent.com/example/saved-answers', COMMIT, repoPath(id));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, answer(id));
    }
    up = await startUpstream(manifest, join(dir, 'no-datasets'), root);
  });
  afterAll(async () => {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    cache = mkdtempSync(join(dir, 'cache-'));
    up.requests.length = 0;
    up.behave(up.pathOf(ARCHIVE), null);
  });

  test('one request gives every file, each stored and recorded under its own URL; the next run asks for nothing', async () => {
    publishArchive(archiveOf(IDS));
    const report = await fetchNow();
    expect(up.requests.map((r) => r.path)).toEqual([up.pathOf(ARCHIVE)]);
    expect(report.sources[0].status).toBe('fresh');
    for (const id of IDS) expect(stored(id)).toBe(answer(id));
    const state = readState(cache);
    expect(state['saved/answers/1.json.gz'].url).toBe(`${RAW}/data/1%3Fcallback=1.json`);
    expect(report.archives).toMatchObject([{ url: ARCHIVE, status: 200, attempts: 1, members: IDS.length }]);
    expect(report.totals.bytes_downloaded).toBe(readFileSync(archiveFile()).length);
    expect(report.archives[0].sha256).toBe(new Bun.CryptoHasher('sha256').update(readFileSync(archiveFile())).digest('hex'));
    await fetchNow();
    expect(up.requests.length).toBe(1);
  });

  test('a file the archive lacks is requested on its own', async () => {
    publishArchive(archiveOf([1, 2, 3, 4, 6]));
    const report = await fetchNow();
    expect(up.requests.map((r) => r.path)).toEqual([up.pathOf(ARCHIVE), rawPath(5)]);
    expect(report.sources[0].status).toBe('fresh');
    expect(stored(5)).toBe(answer(5));
    expect(report.sources[0].files.find((f) => f.file.endsWith('/5.json.gz'))?.archive).toBeUndefined();
  });

  test('a member that fails its checks is refused and named, not asked for again one by one (it is the same file)', async () => {
    publishArchive(archiveOf(IDS, (id) => (id === 3 ? '{"id": 3, "text": "cut' : answer(id))));
    const report = await fetchNow();
    expect(up.requests.map((r) => r.path)).toEqual([up.pathOf(ARCHIVE)]);
    const three = report.sources[0].files.find((f) => f.file.endsWith('/3.json.gz'))!;
    expect(three.result).toBe('missing');
    expect(three.error).toStartWith('archive member: does not parse as json');
    expect(report.sources[0].status).toBe('missing');
  });

  test('a damaged archive: the files it gave before the damage are kept, the others are requested on their own', async () => {
    const whole = archiveOf(IDS);
    publishArchive(whole.subarray(0, Math.floor(whole.length * 0.6)));
    const report = await fetchNow();
    const raw = up.requests.slice(1).map((r) => r.path);
    expect(up.requests[0].path).toBe(up.pathOf(ARCHIVE));
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.length).toBeLessThan(IDS.length);
    const fromArchive = report.sources[0].files.filter((f) => f.archive).length;
    expect(fromArchive + raw.length).toBe(IDS.length);
    expect(report.archives[0].error).toContain('unreadable');
    expect(report.sources[0].status).toBe('fresh');
    for (const id of IDS) expect(stored(id)).toBe(answer(id));
  });

  test('an archive the host will not give (500 after the retries) leaves every file to its own request', async () => {
    publishArchive(archiveOf(IDS));
    up.behave(up.pathOf(ARCHIVE), { kind: 'status', status: 500 });
    const report = await fetchNow();
    expect(up.requests.map((r) => r.path).sort()).toEqual([up.pathOf(ARCHIVE), up.pathOf(ARCHIVE), ...IDS.map(rawPath)].sort());
    expect(report.archives).toMatchObject([{ status: 500, attempts: 2, members: 0, error: 'HTTP 500' }]);
    expect(report.totals.requests).toBe(2 + IDS.length);
    for (const id of IDS) expect(stored(id)).toBe(answer(id));
  });

  test('an HTML page answered with 200 instead of the archive is not read as one', async () => {
    publishArchive(archiveOf(IDS));
    up.behave(up.pathOf(ARCHIVE), { kind: 'replace', body: '<!doctype html><p>Sign in</p>', contentType: 'text/html; charset=utf-8' });
    const report = await fetchNow();
    expect(report.archives).toMatchObject([{ status: 200, members: 0, error: 'HTML instead of an archive' }]);
    for (const id of IDS) expect(stored(id)).toBe(answer(id));
  });
});
