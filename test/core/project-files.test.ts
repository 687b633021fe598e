// The project's own files are found the same way from the sources, the bundle and the binary
// (src/project-files.ts). The bundle is what `make nightly`, the README and the workflow run, so the
// boundary set list is assembled through it, from a folder that is not the checkout.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSetsConfig } from '../../build-db/fetch/represent-definition/assemble-set-list.js';
import { DATASETS, REPO, repoManifest } from '../helpers/nightly-manifest.js';
import { tempDir } from '../helpers/fixture.js';
import { buildBundle } from '../server/ops/serve-process.js';
import { startUpstream, type Upstream } from '../helpers/upstream-server.js';

const NODE = join(REPO, 'node_modules/.bin/node');
const dir = tempDir('canpol-project-files-');
let up: Upstream;

beforeAll(async () => {
  buildBundle();
  up = await startUpstream(repoManifest(), DATASETS);
});
afterAll(async () => {
  await up?.close();
  rmSync(dir, { recursive: true, force: true });
});

function runBundle(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(NODE, [join(REPO, 'dist/canpol.mjs'), ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b) => {
      stderr += b;
    });
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('project files', () => {
  test('the bundle, run from another folder, assembles the boundary set list from the committed set config', async () => {
    // The committed manifest's represent-boundaries source without its shapefiles (list_from): the
    // definitions and the set list assembled from them and config/represent-boundary-sets.json.
    const manifest = JSON.parse(readFileSync(join(REPO, 'config/sources.manifest.json'), 'utf8'));
    manifest.sources = manifest.sources
      .filter((s: { id: string }) => s.id === 'represent-boundaries')
      .map((s: Record<string, unknown>) => ({ ...s, list_from: undefined }));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const r = await runBundle(['fetch', '--manifest', 'manifest.json', '--cache', 'cache', '--upstream-mirror', up.mirror], dir);
    expect(r.stderr).not.toContain('ENOENT');
    expect(r.code).toBe(0);
    const list = JSON.parse(readFileSync(join(dir, 'cache/represent-boundaries/manifest.json'), 'utf8'));
    const slugs = (Array.isArray(list) ? list : (list.sets ?? Object.values(list))).map((e: { slug: string }) => e.slug).sort();
    expect(slugs).toEqual(Object.keys(readSetsConfig()).sort());
  }, 60_000);

  test('no module outside src/project-files.ts reads a file of the checkout by its own URL', () => {
    // A module's URL is the bundle's (or the executable's) once built: only these uses are sound.
    const allowed = new Set([
      'build-db/pipeline/inputs-digest.ts', // hashes the running code itself
      'build-db/workers/start-worker.ts', // starts the running code itself on a thread
      'src/cli/natives/build-binary.ts', // `make binary`, run from the sources only
      'src/cli/natives/sea-bundle.ts', // defines import.meta.url for the binary's bundle
      'src/cli/main.ts', // from the sources only, names its own worker entry
      // Resolve a package's own data files through node_modules (the sources and the bundle; the
      // single binary has no node_modules, which docs/binary.md says for these two steps).
      'build-db/scan/ip-database.ts',
      'build-db/import/pdf/pdf-lines.ts',
    ]);
    const offenders: string[] = [];
    const walk = (rel: string) => {
      for (const name of readdirSync(join(REPO, rel))) {
        const path = `${rel}/${name}`;
        if (statSync(join(REPO, path)).isDirectory()) walk(path);
        else if (
          path.endsWith('.ts') &&
          !allowed.has(path) &&
          /import\.meta\.(url|dir|dirname|filename)\b/.test(readFileSync(join(REPO, path), 'utf8'))
        )
          offenders.push(path);
      }
    };
    walk('src');
    walk('build-db');
    expect(offenders).toEqual([]);
  });
});
