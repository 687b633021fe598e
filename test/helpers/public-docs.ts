// Real documents saved from public repositories, kept outside the repository (never committed):
// `../public-docs` beside the checkout, else /work/public-docs (SOURCES.md there names each one's
// origin); a test whose document is absent skips.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const BESIDE = resolve(import.meta.dir, '../../../public-docs');
export const PUBLIC_DOCS = existsSync(BESIDE) ? BESIDE : '/work/public-docs';

/** The saved document's path, or null when no copy is on this machine: `publicDoc('owner+repo/path')`
 *  or `publicDoc('owner/repo', 'path')`. */
export function publicDoc(repoOrPath: string, path?: string): string | null {
  const file = path === undefined ? join(PUBLIC_DOCS, repoOrPath) : join(PUBLIC_DOCS, repoOrPath.replace('/', '+'), path);
  return existsSync(file) ? file : null;
}
