// Real documents saved from public repositories, kept outside the repository (never committed):
// `../public-docs` beside the checkout, else /work/public-docs. Each is listed in its SOURCES.md
// (repository, commit, path, licence). A test whose document is absent skips with the reason.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const CANDIDATES = [resolve(import.meta.dir, '../../../public-docs'), '/work/public-docs'];

/** The public-docs folder, or null when neither place has one. */
export const PUBLIC_DOCS: string | null = CANDIDATES.find((d) => existsSync(d)) ?? null;

/** The path of `owner+repo/path` in the public-docs folder, or null when it is absent. */
export function publicDoc(ownerRepo: string, path: string): string | null {
  if (!PUBLIC_DOCS) return null;
  const p = join(PUBLIC_DOCS, ownerRepo, path);
  return existsSync(p) ? p : null;
}
