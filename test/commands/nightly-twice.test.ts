// What ships, run as CI runs it: `make nightly` (the bundle, the committed manifest unmodified)
// against the loopback upstream, twice. Night 1 publishes; a sitting published between the nights
// is found on night 2, published, searchable and attributed; night 2 asks little of the hosts
// (≤ 400 requests, ≤ 30 of them to GitHub's raw host). About 15 minutes on 2 shared cores (the
// build of every boundary and the learned encoder), so it runs only with CANPOL_NIGHTLY_CHECK=1:
// `make nightly-check`.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DATASETS, REPO, repoManifest } from '../helpers/nightly-manifest.js';
import { publishSitting } from '../helpers/publisher-folder.js';
import { startUpstream, type Upstream } from '../helpers/upstream-server.js';

const RUN = process.env.CANPOL_NIGHTLY_CHECK === '1' && existsSync(DATASETS);
const RAW = '/raw.githubusercontent.com/';

describe.skipIf(!RUN)('make nightly, twice, through the bundle', () => {
  let up: Upstream;
  let dir: string;
  let root: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'canpol-nightly-twice-'));
    root = join(dir, 'publishers');
    up = await startUpstream(repoManifest(), DATASETS, root);
  });
  afterAll(async () => { await up?.close(); if (dir) rmSync(dir, { recursive: true, force: true }); });

  /** `make nightly` as the workflow runs it, with only the folders and the mirror given. */
  const night = () => new Promise<{ code: number | null; log: string; seconds: number }>((resolve) => {
    const t0 = performance.now();
    const child = spawn('make', ['--no-print-directory', 'nightly', `UPSTREAM_MIRROR=${up.mirror}`, `NIGHTLY_CACHE=${join(dir, 'cache')}`,
      `NIGHTLY_WORK=${join(dir, 'work')}`, `NIGHTLY_PUBLISH=${join(dir, 'release')}`], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (b) => { log += b; });
    child.stderr.on('data', (b) => { log += b; });
    child.on('close', (code) => resolve({ code, log, seconds: (performance.now() - t0) / 1000 }));
  });

  test('night 1 publishes; night 2 finds the new sitting and asks little', async () => {
    // The sitting session (45-1, the manifest's last) has two sittings before night 1.
    publishSitting(root, '45-1', 1, 'E', '44-1-5-en.xml.gz');
    publishSitting(root, '45-1', 2, 'E', '44-1-303-en.xml.gz');
    const one = await night();
    expect(one.log).not.toContain('FAILED');
    expect(one.code).toBe(0);
    const db1 = new Database(join(dir, 'release/canpol.db'), { readonly: true });
    const before = db1.prepare('SELECT count(*) FROM speeches').pluck().get() as number;
    db1.close();

    publishSitting(root, '45-1', 3, 'E', '44-1-200-en.xml.gz');
    const asked = up.requests.length;
    const two = await night();
    expect(two.log).not.toContain('FAILED');
    expect(two.code).toBe(0);
    const requests = up.requests.slice(asked);
    const raw = requests.filter((r) => r.path.startsWith(RAW));
    console.error(`night 1: ${one.seconds.toFixed(0)} s, ${asked} requests; night 2: ${two.seconds.toFixed(0)} s, ${requests.length} requests (${raw.length} to GitHub raw)`);
    expect(requests.length).toBeLessThanOrEqual(400);
    expect(raw.length).toBeLessThanOrEqual(30);

    // Found and published: the 321 interventions of 44-1-200-en (hoc-hansard-xml-samples/SOURCE.md).
    const db = new Database(join(dir, 'release/canpol.db'), { readonly: true });
    const added = db.prepare("SELECT count(*) AS n, count(politician_id) AS attributed FROM speeches WHERE source_url LIKE '%/451/Debates/003/%'").get() as { n: number; attributed: number };
    expect((db.prepare('SELECT count(*) FROM speeches').pluck().get() as number) - before).toBe(321);
    expect(added.n).toBe(321);
    expect(added.attributed).toBeGreaterThan(0);
    // Searchable: a sentence of it, through the bundle's search command, finds a speech of that sitting.
    const text = db.prepare("SELECT text FROM speeches WHERE source_url LIKE '%/451/Debates/003/%' AND length(text) > 200 ORDER BY sequence LIMIT 1").pluck().get() as string;
    db.close();
    const query = text.split(/\s+/).slice(0, 12).join(' ');
    const found = spawnSync(join(REPO, 'node_modules/.bin/node'), [join(REPO, 'dist/canpol.mjs'), 'search', '--data', join(dir, 'release/canpol.db'), query], { encoding: 'utf8' });
    expect(found.status).toBe(0);
    expect(found.stdout).toContain('/451/Debates/003/');
  }, 3_600_000);
});
