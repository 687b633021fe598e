// Real documents saved from public repositories, kept outside the repository (never committed):
// ../public-docs beside the checkout, else /work/public-docs. A test whose document is absent skips.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ROOTS = [resolve(here, '../../../public-docs'), '/work/public-docs'];

/** The saved document's path (`<owner>+<repo>/<path>`), or null when no root holds it. */
export function publicDoc(relative: string): string | null {
  for (const root of ROOTS) {
    const path = join(root, relative);
    if (existsSync(path)) return path;
  }
  return null;
}
