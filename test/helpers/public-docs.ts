// Real documents saved from public repositories, kept outside the repository (never committed):
// `../public-docs` beside the checkout, else /work/public-docs; a test whose document is absent skips.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOTS = [resolve(import.meta.dir, '../../../public-docs'), '/work/public-docs'];

/** The saved document's path (`owner+repo/path/in/repo`), or null when no copy is here. */
export function publicDoc(path: string): string | null {
  for (const root of ROOTS) {
    const p = join(root, path);
    if (existsSync(p)) return p;
  }
  return null;
}
