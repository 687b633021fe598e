import { describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLoopbackUrl } from '../../../build-db/fetch/loopback.js';
import type { SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { repoManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream } from '../../helpers/upstream-server.js';

describe('isLoopbackUrl', () => {
  test('127.0.0.0/8, ::1 and localhost are this machine; a publisher, a LAN address or none is not', () => {
    for (const u of ['http://127.0.0.1:8080', 'http://127.3.2.1/x', 'http://[::1]:9000/', 'http://localhost:1', 'http://mirror.localhost/'])
      expect(isLoopbackUrl(u)).toBe(true);
    for (const u of [
      'https://www.ourcommons.ca/',
      'http://10.0.0.1/',
      'http://128.0.0.1/',
      'http://[::2]/',
      'http://localhost.example.org/',
      'not a url',
      null,
    ])
      expect(isLoopbackUrl(u)).toBe(false);
  });
});

describe('a loopback mirror gets no politeness spacing', () => {
  test('five files at spacing_ms and min_interval_ms 300: at once against the loopback, spaced when asked to be', async () => {
    const root = mkdtempSync(join(tmpdir(), 'canpol-loopback-'));
    mkdirSync(join(root, 'www', 'example.org'), { recursive: true });
    for (let i = 0; i < 5; i++) writeFileSync(join(root, 'www', 'example.org', `f${i}.txt`), `file ${i}\n`);
    const m = repoManifest();
    const manifest = {
      ...m,
      defaults: { ...m.defaults, spacing_ms: 300 },
      sources: [
        {
          id: 'five',
          publisher: 'p',
          licence: 'l',
          attribution: 'a',
          importer: null,
          format: 'text',
          dataset_dir: 'five',
          required: false,
          min_interval_ms: 300,
          files: [0, 1, 2, 3, 4].map((i) => ({ path: `f${i}.txt`, url: `https://example.org/f${i}.txt` })),
        },
      ],
    } as SourcesManifest;
    const up = await startUpstream(manifest, join(root, 'none'), join(root, 'www'));
    try {
      const timed = async (polite: boolean) => {
        const t = performance.now();
        await runFetch({ manifest, cache: join(root, `c-${polite}`), mirror: up.mirror, politeToLoopback: polite });
        return performance.now() - t;
      };
      expect(await timed(false)).toBeLessThan(1000);
      expect(await timed(true)).toBeGreaterThanOrEqual(4 * 300);
    } finally {
      await up.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 20_000);
});
