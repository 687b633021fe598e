// The NS Hansard backfill through the nightly's fetch, on the loopback upstream: a closed session's
// listing (params closed), its second page and its sittings are fetched once into the folder the
// importer reads, and a second night asks nslegislature.ca for none of them (the crawl delay is paid
// once per sitting). The listing rows are written by hand in the listing's markup (see
// ns-hansard-listers.test.ts); the sittings are stand-in pages, the fetch reads no content.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const LISTING = 'https://nslegislature.ca/legislative-business/hansard-debates/assembly-64-session-1';
const link = (day: string) => `<td class="views-field views-field-field-hansard-date active">
            <a href="/legislative-business/hansard-debates/assembly-64-session-1/house_${day}">${day}</a>          </td>`;
const page = (rows: string[], pager = '') =>
  `<!DOCTYPE html><html><body><table class="views-table"><tbody>${rows.map((r) => `<tr>${r}</tr>`).join('\n')}</tbody></table>${pager}${' '.repeat(2100)}</body></html>`;

describe('ns-hansard: a closed session fetched once', () => {
  let up: Upstream;
  let root: string;
  let cache: string;
  let manifest: SourcesManifest;
  beforeAll(async () => {
    const m = subsetManifest(['ns-hansard']);
    // Only the closed session's listing; the loopback upstream needs no spacing.
    manifest = {
      ...m,
      sources: m.sources.map((s) => ({ ...s, min_interval_ms: 0, files: s.files.filter((f) => f.url === LISTING) })),
    };
    expect(manifest.sources[0].files).toHaveLength(1);
    root = mkdtempSync(join(tmpdir(), 'canpol-ns-publisher-'));
    cache = mkdtempSync(join(tmpdir(), 'canpol-ns-cache-'));
    const host = join(root, 'nslegislature.ca', 'legislative-business', 'hansard-debates', 'assembly-64-session-1');
    mkdirSync(host, { recursive: true });
    for (const day of ['24sep20', '24sep19']) writeFileSync(join(host, `house_${day}`), page([`<td>Hansard of ${day}</td>`]));
    up = await startUpstream(manifest, DATASETS, root);
    // The listing and its ?page=1 share the path of the sittings' folder: served as answers, not files.
    const pager =
      '<li class="pager-item"><a title="Go to page 2" href="/legislative-business/hansard-debates/assembly-64-session-1?page=1">2</a></li>';
    up.behave(up.pathOf(LISTING), { kind: 'replace', body: page([link('24sep20')], pager), contentType: 'text/html; charset=utf-8' });
    up.behave(up.pathOf(`${LISTING}?page=1`), {
      kind: 'replace',
      body: page([link('24sep19')], pager),
      contentType: 'text/html; charset=utf-8',
    });
  });
  afterAll(async () => {
    await up?.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  test('night 1: the listing, its page and both sittings; night 2: nothing asked', async () => {
    const night1 = await runFetch({ manifest, cache, mirror: up.mirror, spacingMs: 0 });
    const asked1 = up.requests.map((r) => r.path.replace(/^\/nslegislature\.ca\/legislative-business\/hansard-debates\//, ''));
    expect(asked1.sort()).toEqual([
      'assembly-64-session-1',
      'assembly-64-session-1/house_24sep19',
      'assembly-64-session-1/house_24sep20',
      'assembly-64-session-1?page=1',
    ]);
    expect(night1.sources[0].status).not.toBe('missing');
    for (const f of ['assembly-64-session-1/house_24sep20.htm', 'assembly-64-session-1/house_24sep19.htm'])
      expect(existsSync(join(cache, 'ns-hansard', f))).toBe(true);
    const before = up.requests.length;
    await runFetch({ manifest, cache, mirror: up.mirror, spacingMs: 0 });
    expect(up.requests.slice(before)).toEqual([]);
  });
});
