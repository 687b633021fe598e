// Offline, the fetch fails fast and says so: a host whose name does not resolve or that refuses the
// connection is asked once, not retried, and its other files are not requested this run (their
// last copies kept); `canpol fetch` exits 1 naming the required sources missing.
import { afterAll, describe, expect, test } from 'bun:test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { REPO, repoManifest } from '../../helpers/nightly-manifest.js';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'canpol-offline-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A loopback port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** One required source of 30 files on one host, one optional source on another. */
function manifest(): SourcesManifest {
  const m = repoManifest();
  const base = { publisher: 'p', licence: 'l', attribution: 'a', importer: null, format: 'text' as const, check: {} };
  return {
    ...m,
    sources: [
      {
        ...base,
        id: 'many',
        dataset_dir: 'many',
        required: true,
        files: Array.from({ length: 30 }, (_, i) => ({ path: `f${i}.txt`, url: `https://one.example.org/f${i}.txt` })),
      },
      { ...base, id: 'other', dataset_dir: 'other', required: false, files: [{ path: 'o.txt', url: 'https://two.example.org/o.txt' }] },
    ],
  } as SourcesManifest;
}

describe('offline', () => {
  for (const [what, mirror] of [
    ['a refused connection', async () => `http://127.0.0.1:${await closedPort()}`],
    ['a name that does not resolve', async () => 'http://canpol-offline-test.invalid'],
  ] as const) {
    test(`${what}: one request per host, no retries, every file missing at once`, async () => {
      const t0 = performance.now();
      // Retries and backoff as the manifest sets them (3, from 2 s): before, each file waited them out.
      const r = await runFetch({ manifest: manifest(), cache: temp(), mirror: await mirror(), spacingMs: 0 });
      const seconds = (performance.now() - t0) / 1000;
      const files = r.sources.flatMap((s) => s.files);
      expect(files.every((f) => f.result === 'missing')).toBe(true);
      // Each host is tried once (up to per_host requests already in flight when the first failed).
      expect(r.totals.requests).toBeLessThanOrEqual(2 * manifest().defaults.per_host);
      expect(files.filter((f) => f.attempts === 0).every((f) => /refused earlier this run/.test(f.error ?? ''))).toBe(true);
      expect(files.filter((f) => f.attempts === 0).length).toBeGreaterThanOrEqual(28);
      expect(seconds).toBeLessThan(10);
    }, 30_000);
  }

  test('canpol fetch exits 1 and names the required sources missing', async () => {
    const dir = temp();
    const path = join(dir, 'manifest.json');
    await Bun.write(path, JSON.stringify(manifest()));
    const child = spawn(
      join(REPO, 'node_modules/.bin/bun'),
      [
        join(REPO, 'src/cli/main.ts'),
        'fetch',
        '--manifest',
        path,
        '--cache',
        join(dir, 'cache'),
        '--upstream-mirror',
        `http://127.0.0.1:${await closedPort()}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (b) => {
      stderr += b;
    });
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(1);
    expect(stderr).toContain('sources missing: many, other; required: many (exit 1)');
  }, 30_000);
});
