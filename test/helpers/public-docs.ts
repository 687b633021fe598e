// Real documents saved from public repositories outside the checkout (never committed): beside the
// checkout in ../public-docs, else /work/public-docs; SOURCES.md there names each one's origin.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const BESIDE = join(import.meta.dir, '../../../public-docs');
export const PUBLIC_DOCS = existsSync(BESIDE) ? BESIDE : '/work/public-docs';

/** The saved document's path, or null when it is not on this machine (its test is skipped). */
export function publicDoc(repo: string, path: string): string | null {
  const file = join(PUBLIC_DOCS, repo.replace('/', '+'), path);
  return existsSync(file) ? file : null;
}
