// The Ontario nightly's sittings: ola.org's House documents page → each session's page → each
// sitting's Hansard. The listers read real saved pages (a public scraper's trimmed copies of the
// House documents and the 43rd Parliament's first session page, /work/public-docs, skipped when
// absent); the whole path runs against the loopback upstream, which serves pages in that layout for
// the 41st Parliament's sessions and real sittings of the datasets at their Hansard URLs.
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { olaSessionPages, olaSessions, olaSittings } from '../../../build-db/fetch/ola-listers.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { importOntarioHansard } from '../../../build-db/import/ontario-hansard/index.js';
import { Identity } from '../../../build-db/import/identity.js';
import type { Skip } from '../../../build-db/import/types.js';
import { DATASETS, repoManifest } from '../../helpers/nightly-manifest.js';
import { publicDoc } from '../../helpers/public-docs.js';
import { startUpstream } from '../../helpers/upstream-server.js';
import { tempDir } from '../../helpers/fixture.js';

const SAVED = 'thejoycething-code+parl-monitor/tests/fixtures/prov';
const HOUSE_DOCS = publicDoc(`${SAVED}/on_house_docs.html`);
const SESSION_43_1 = publicDoc(`${SAVED}/on_sittings_43_1.html`);
const CORPUS = join(DATASETS, 'ontario-hansard-2014-2018', 'html');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = tempDir('canpol-ola-');
  dirs.push(d);
  return d;
};
const noUrl = () => '';

describe.skipIf(!HOUSE_DOCS || !SESSION_43_1)('the listers on the saved pages', () => {
  test('House documents: every session with whether it is closed, from a first Parliament on; a closed session held once', () => {
    const page = readFileSync(HOUSE_DOCS!, 'utf8');
    expect(olaSessions(page).map((s) => `${s.parliament}-${s.session}`)).toEqual([
      '40-1',
      '40-2',
      '41-1',
      '41-2',
      '41-3',
      '42-1',
      '42-2',
      '43-1',
    ]);
    // Every label on the saved page has an end date ("&nbsp;2nd Session (February 19, 2013–May 2, 2014)" too).
    expect(olaSessions(page).every((s) => s.closed)).toBe(true);
    const listed = olaSessionPages(page, noUrl, 'https://www.ola.org/en/legislative-business/house-documents', { from_parliament: 41 });
    expect(listed.problems).toEqual([]);
    expect(listed.files[0]).toEqual({
      path: 'sessions/parliament-41-session-1.html',
      url: 'https://www.ola.org/en/legislative-business/house-documents/parliament-41/session-1/',
      list_with: 'ola-sittings',
      check: { content_types: ['text/html'], min_bytes: 200 },
      immutable: true,
      backfill: true,
      params: { closed: 1 },
    });
    expect(listed.files.length).toBe(6);
    // An open session (a label without its end) is re-checked.
    const open = page.replace('1st Session (August 8, 2022–January 28, 2025)', '1st Session (August 8, 2022–)');
    expect(olaSessionPages(open, noUrl, undefined, { from_parliament: 43 }).files[0].immutable).toBeUndefined();
  });

  test("a session's page: each sitting's Hansard page, by date, as html/{date}.html; never a query string", () => {
    const listed = olaSittings(
      readFileSync(SESSION_43_1!, 'utf8'),
      noUrl,
      'https://www.ola.org/en/legislative-business/house-documents/parliament-43/session-1/',
    );
    expect(listed.files).toEqual(
      ['2022-11-01', '2022-11-02', '2022-11-03'].map((d) => ({
        path: `html/${d}.html`,
        url: `https://www.ola.org/en/legislative-business/house-documents/parliament-43/session-1/${d}/hansard`,
      })),
    );
    expect(olaSittings('<html>moved</html>', noUrl).problems).toEqual(['the session page links no sitting (…/{YYYY-MM-DD}/hansard)']);
  });
});

describe.skipIf(!existsSync(CORPUS))('the nightly against the loopback upstream', () => {
  test("sessions → sittings → Hansard pages in the importer's layout; a second night asks only for the House documents page", async () => {
    // Three real sittings, one of each session of the 41st Parliament.
    const datasets = temp();
    mkdirSync(join(datasets, 'ontario-hansard-2014-2018', 'html'), { recursive: true });
    const days = ['2015-06-04', '2017-09-21', '2018-04-11'];
    for (const d of days) copyFileSync(join(CORPUS, `${d}.html.gz`), join(datasets, 'ontario-hansard-2014-2018', 'html', `${d}.html.gz`));
    const m = repoManifest();
    const source = m.sources.find((s) => s.id === 'ola-hansard')!;
    expect(source.enabled).not.toBe(false);
    const manifest = { ...m, defaults: { ...m.defaults, spacing_ms: 0 }, sources: [source] };
    const up = await startUpstream(manifest, datasets);
    const cache = temp();
    try {
      const night = async () => {
        const before = up.requests.length;
        const report = await runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 0, backoffMs: 5 });
        return { report, asked: up.requests.slice(before) };
      };
      const first = await night();
      expect(first.report.sources[0].status, JSON.stringify(first.report.sources[0])).toBe('fresh');
      // The House documents page, three session pages, three sittings; no URL with a query string.
      expect(first.asked.length).toBe(7);
      expect(first.asked.filter((r) => r.path.includes('?'))).toEqual([]);
      const dir = join(cache, 'ontario-hansard-2014-2018');
      expect(readdirSync(join(dir, 'html')).sort()).toEqual(days.map((d) => `${d}.html`));
      // The fetched pages are the sittings (the same bytes as the datasets' copies).
      const out = importOntarioHansard(dir, { identity: new Identity([]), existing: {}, skip: (_s: Skip) => {}, log: () => {} });
      expect(out.stats!.files).toBe(3);
      expect(new Set((out.records.speeches ?? []).map((s) => s.spoken_at.slice(0, 10)))).toEqual(new Set(days));
      // Every session of the 41st Parliament is closed: held, not asked for again.
      const second = await night();
      expect(second.asked.map((r) => r.path)).toEqual([up.pathOf('https://www.ola.org/en/legislative-business/house-documents')]);
    } finally {
      await up.close();
    }
  });
});
