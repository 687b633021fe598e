// The generated demo sources (data/generate-demo.ts) written into a test's folder.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const REPO = join(import.meta.dir, '../..');

export function generateDemo(into: string): void {
  const r = spawnSync(join(REPO, 'node_modules/.bin/bun'), [join(REPO, 'data/generate-demo.ts'), into], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
}
