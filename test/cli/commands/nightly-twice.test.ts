// What ships, run as CI runs it: `make nightly` (the bundle, the committed manifest unmodified)
// against the loopback upstream, twice. Night 1 publishes; a sitting published between the nights
// is found on night 2, published, searchable and attributed; night 2 asks little of the hosts
// (≤ 400 requests, ≤ 30 of them to GitHub's raw host). Minutes, not seconds (night 1 builds every
// boundary and learns the encoder), so it runs only with CANPOL_NIGHTLY_CHECK=1: `make nightly-check`.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { DATASETS, REPO, repoManifest } from '../../helpers/nightly-manifest.js';
import { HOUSE, publishCalendar, publishLetteredSitting, publishSitting } from '../../helpers/publisher-folder.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

// Asked for (CI, `make nightly-check`), it fails rather than skips without the datasets.
const RUN = process.env.CANPOL_NIGHTLY_CHECK === '1';
const RAW = '/raw.githubusercontent.com/';
const NEW_ID = '99200001';
/** A lettered sitting published between the nights (43-1 No. 44, 368 interventions, printed No. 3B). */
const LETTERED_ID = '99200002';
const WORD = 'Zorblaxian';

describe.skipIf(!RUN)('make nightly, twice, through the bundle', () => {
  let up: Upstream;
  let dir: string;
  let root: string;
  beforeAll(async () => {
    if (!existsSync(DATASETS)) throw new Error(`the nightly check serves ${DATASETS}, which is not there`);
    dir = mkdtempSync(join(tmpdir(), 'canpol-nightly-twice-'));
    root = join(dir, 'publishers');
    up = await startUpstream(repoManifest(), DATASETS, root);
  });
  afterAll(async () => {
    await up?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** `make nightly` as the workflow runs it, with only the folders and the mirror given. */
  const night = () =>
    new Promise<{ code: number | null; log: string; seconds: number }>((resolve) => {
      const t0 = performance.now();
      const child = spawn(
        'make',
        [
          '--no-print-directory',
          'nightly',
          `UPSTREAM_MIRROR=${up.mirror}`,
          `NIGHTLY_CACHE=${join(dir, 'cache')}`,
          `NIGHTLY_WORK=${join(dir, 'work')}`,
          `NIGHTLY_PUBLISH=${join(dir, 'release')}`,
        ],
        { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let log = '';
      child.stdout.on('data', (b) => {
        log += b;
      });
      child.stderr.on('data', (b) => {
        log += b;
      });
      child.on('close', (code) => resolve({ code, log, seconds: (performance.now() - t0) / 1000 }));
    });

  /** The night's seconds per pipeline step, from its report. */
  const steps = () =>
    Object.entries(JSON.parse(readFileSync(join(dir, 'work/report.json'), 'utf8')).timings as Record<string, number>)
      .map(([k, v]) => `${k} ${Math.round(v)} s`)
      .join(', ');

  test('night 1 publishes; night 2 finds the new sitting and asks little', async () => {
    // The sitting session (45-1, the manifest's last) has two sittings before night 1.
    publishSitting(root, '45-1', 1, 'E', '44-1-5-en.xml.gz');
    publishSitting(root, '45-1', 2, 'E', '44-1-303-en.xml.gz');
    const one = await night();
    const steps1 = steps();
    expect(one.log).not.toContain('FAILED');
    expect(one.code).toBe(0);
    // The bound: night 1 publishes within 20 minutes.
    expect(one.seconds).toBeLessThan(20 * 60);
    const firstRaw = up.requests.filter((r) => r.path.startsWith(RAW)).length;
    const db1 = new Database(join(dir, 'release/canpol.db'), { readonly: true });
    const before = db1.prepare('SELECT count(*) FROM speeches').pluck().get() as number;
    db1.close();

    // The new sitting: 44-1 No. 200 (321 interventions, hoc-hansard-xml-samples/SOURCE.md) as another
    // publication (its own id, so its speeches are new ones) with a word no other sitting has.
    const xml = gunzipSync(readFileSync(join(DATASETS, 'hoc-hansard-xml-samples/44-1-200-en.xml.gz')))
      .toString('utf8')
      .replace('<Hansard xml:lang="EN" id="12226682">', `<Hansard xml:lang="EN" id="${NEW_ID}">`)
      .replace(/(<Intervention[\s\S]*?<ParaText[^>]*>)/, `$1${WORD} `);
    const file = join(root, HOUSE, 'Content/House/451/Debates/003/HAN003-E.XML');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, xml);
    // And a lettered sitting, 3-B, found only from the session's calendar and its page's XML link.
    publishCalendar(root, '45-1', [1, 2, 3, '3b']);
    publishLetteredSitting(root, '45-1', '3b', '/Content/House/451/Debates/003B/HAN003B', '43-1-44-en.xml.gz', LETTERED_ID);
    const asked = up.requests.length;
    const two = await night();
    const steps2 = steps();
    expect(two.log).not.toContain('FAILED');
    expect(two.code).toBe(0);
    const requests = up.requests.slice(asked);
    const raw = requests.filter((r) => r.path.startsWith(RAW));
    console.error(
      `night 1: ${one.seconds.toFixed(0)} s, ${asked} requests (${firstRaw} to GitHub raw) [${steps1}]; night 2: ${two.seconds.toFixed(0)} s, ${requests.length} requests (${raw.length} to GitHub raw) [${steps2}]`,
    );
    expect(requests.length).toBeLessThanOrEqual(400);
    expect(raw.length).toBeLessThanOrEqual(30);

    // Found and published: its 321 interventions, attributed to members.
    const db = new Database(join(dir, 'release/canpol.db'), { readonly: true });
    const added = db
      .prepare(`SELECT count(*) AS n, count(politician_id) AS attributed FROM speeches WHERE key LIKE 'ca-hoc/speech/${NEW_ID}-%'`)
      .get() as { n: number; attributed: number };
    expect((db.prepare('SELECT count(*) FROM speeches').pluck().get() as number) - before).toBe(321 + 368);
    expect(added.n).toBe(321);
    const lettered = db
      .prepare(`SELECT count(*) AS n, min(source_url) AS url FROM speeches WHERE key LIKE 'ca-hoc/speech/${LETTERED_ID}-%'`)
      .get() as { n: number; url: string };
    expect(lettered).toEqual({ n: 368, url: 'https://www.ourcommons.ca/DocumentViewer/en/43-1/house/sitting-3b/hansard' });
    expect(added.attributed).toBeGreaterThan(200);
    const withWord = db
      .prepare(`SELECT id FROM speeches WHERE key LIKE 'ca-hoc/speech/${NEW_ID}-%' AND text LIKE '%${WORD}%'`)
      .pluck()
      .all() as string[];
    db.close();
    expect(withWord.length).toBe(1);
    // Searchable through the bundle's search command.
    const found = spawnSync(
      join(REPO, 'node_modules/.bin/node'),
      [join(REPO, 'dist/canpol.mjs'), 'search', '--data', join(dir, 'release/canpol.db'), WORD],
      { encoding: 'utf8' },
    );
    expect(found.status).toBe(0);
    expect(found.stdout).toContain(withWord[0]);
  }, 3_600_000);
});
