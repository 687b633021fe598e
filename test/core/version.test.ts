// `canpol --version` (issue 21 item 4): the release from package.json and the schema version this
// program reads, on one line, exit 0.
import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUN } from '../server/ops/serve-process.js';

const repo = resolve(import.meta.dir, '../..');
const pkgVersion = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version as string;
const schemaVersion = Number(
  /export const SCHEMA_VERSION = (\d+);/.exec(readFileSync(join(repo, 'src/core/data-file/schema.ts'), 'utf8'))![1],
);

describe('canpol --version', () => {
  test('prints the package version and the schema version, and exits 0 (also -V and `version`)', () => {
    for (const arg of ['--version', '-V', 'version']) {
      const r = spawnSync(BUN, ['src/cli/main.ts', arg], { cwd: repo, encoding: 'utf8' });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`canpol ${pkgVersion} (data file schema version ${schemaVersion})\n`);
      expect(r.stderr).toBe('');
    }
  });
});
