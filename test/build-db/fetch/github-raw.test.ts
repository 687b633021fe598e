// GitHub's raw host as a last resort: a file at a full commit id is requested once and then never
// again; a required source's requests start before waiting optional ones; a host still answering
// 429 after the retries keeps every file's last good copy, says so, and is not asked again this run.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HostLimit } from '../../../build-db/fetch/host-limit.js';
import type { SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { pinnedToCommit } from '../../../build-db/fetch/pinned.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { repoManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const COMMIT = 'b7bda426f0c0ffee0123456789abcdef01234567';
const RAW = 'raw.githubusercontent.com';
const root = mkdtempSync(join(tmpdir(), 'canpol-raw-'));
let up: Upstream;

function put(path: string, body: string) {
  const file = join(root, 'www', RAW, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

const base = {
  publisher: 'p',
  licence: 'l',
  attribution: 'a',
  importer: null,
  format: 'text' as const,
  check: { content_types: ['text/plain'] },
};
function manifest(): SourcesManifest {
  return {
    ...repoManifest(),
    sources: [
      {
        ...base,
        id: 'pinned',
        dataset_dir: 'pinned',
        required: true,
        files: [0, 1, 2].map((i) => ({ path: `p${i}.md`, url: `https://${RAW}/o/r/${COMMIT}/p${i}.md` })),
      },
      { ...base, id: 'branch', dataset_dir: 'branch', required: false, files: [{ path: 'b.md', url: `https://${RAW}/o/r/master/b.md` }] },
    ],
  } as SourcesManifest;
}

beforeAll(async () => {
  for (const i of [0, 1, 2]) put(`o/r/${COMMIT}/p${i}.md`, `pinned ${i}\n`);
  put('o/r/master/b.md', 'branch\n');
  up = await startUpstream(manifest(), join(root, 'none'), join(root, 'www'));
});
afterAll(async () => {
  await up?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('GitHub raw', () => {
  test('pinnedToCommit: a full commit id on the raw host only', () => {
    expect(pinnedToCommit(`https://${RAW}/o/r/${COMMIT}/a/b.csv`)).toBe(true);
    for (const u of [
      `https://${RAW}/o/r/master/a.csv`,
      `https://${RAW}/o/r/${COMMIT.slice(0, 7)}/a.csv`,
      `https://example.org/o/r/${COMMIT}/a.csv`,
      'nonsense',
    ])
      expect(pinnedToCommit(u)).toBe(false);
  });

  test('a file at a commit is requested once; a file on a branch is re-checked every run', async () => {
    const cache = join(root, 'cache-pinned');
    const opts = { manifest: manifest(), cache, mirror: up.mirror, retries: 0 };
    up.requests.length = 0;
    const first = await runFetch(opts);
    expect(first.totals).toMatchObject({ updated: 4, requests: 4 });
    up.requests.length = 0;
    const second = await runFetch(opts);
    expect(second.totals).toMatchObject({ unchanged: 4, requests: 1 });
    expect(up.requests.map((r) => r.path)).toEqual([`/${RAW}/o/r/master/b.md`]);
  });

  test('an optional file absent at a commit is asked once, then known absent', async () => {
    const cache = join(root, 'cache-absent');
    const m = manifest();
    m.sources[0].files.push({ path: 'p.prj', url: `https://${RAW}/o/r/${COMMIT}/p.prj`, optional: true });
    const opts = { manifest: m, cache, mirror: up.mirror, retries: 0 };
    up.requests.length = 0;
    const first = await runFetch(opts);
    expect(first.totals).toMatchObject({ absent: 1, requests: 5 });
    up.requests.length = 0;
    const second = await runFetch(opts);
    expect(second.totals).toMatchObject({ absent: 1, requests: 1 });
    expect(up.requests.map((r) => r.path)).toEqual([`/${RAW}/o/r/master/b.md`]);
  });

  test('429 after the retries: the last good copies are kept (stale, saying so) and the host is not asked again this run', async () => {
    const cache = join(root, 'cache-429');
    const opts = {
      manifest: {
        ...manifest(),
        sources: manifest().sources.map((s) => ({ ...s, files: s.files.map((f) => ({ ...f, url: f.url.replace(COMMIT, 'main') })) })),
      },
      cache,
      mirror: up.mirror,
      retries: 1,
      backoffMs: 1,
    };
    for (const i of [0, 1, 2]) put(`o/r/main/p${i}.md`, `main ${i}\n`);
    await runFetch(opts);
    for (const i of [0, 1, 2]) up.behave(`/${RAW}/o/r/main/p${i}.md`, { kind: 'status', status: 429 });
    up.behave(`/${RAW}/o/r/master/b.md`, { kind: 'status', status: 429 });
    up.requests.length = 0;
    const r = await runFetch({ ...opts, perHost: 1 });
    const files = r.sources.flatMap((s) => s.files);
    expect(files.map((f) => f.result)).toEqual(['stale', 'stale', 'stale', 'stale']);
    expect(r.sources.map((s) => s.status)).toEqual(['stale', 'stale']);
    // One file's request and its retry; the others not asked, each saying why.
    expect(up.requests.length).toBe(2);
    expect(files.filter((f) => f.attempts === 0).map((f) => f.error)).toEqual(
      Array(3).fill(`not requested: ${RAW} refused earlier this run (rate limited (HTTP 429) after the retries)`),
    );
  });

  test("a required source's request starts before optional ones already waiting for the host", async () => {
    const limit = new HostLimit(1);
    const order: string[] = [];
    let release!: () => void;
    const first = limit.run(
      'h',
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
    );
    const waiting = [
      limit.run('h', async () => {
        order.push('optional 1');
      }),
      limit.run('h', async () => {
        order.push('optional 2');
      }),
      limit.run(
        'h',
        async () => {
          order.push('required');
        },
        true,
      ),
    ];
    release();
    await Promise.all([first, ...waiting]);
    expect(order).toEqual(['required', 'optional 1', 'optional 2']);
  });
});
