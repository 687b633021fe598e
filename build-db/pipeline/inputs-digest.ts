// A digest of everything a build depends on: the bytes of every upstream file used and the code
// that turns them into a data file. Equal digests mean a rebuild would make the same data, so the
// nightly can stop after fetching when nothing upstream (and nothing of ours) changed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_VERSION } from '../../src/core/data-file/schema.js';
import { SOURCE_FORMAT_VERSION } from '../sources/schemas.js';
import type { FetchReport } from '../fetch/run-fetch.js';

function* codeFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* codeFiles(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

/** The builder's own code: the bundle when running from dist/canpol.mjs, else the TypeScript sources. */
export function builderFingerprint(): string {
  const self = fileURLToPath(import.meta.url);
  const hash = createHash('sha256').update(`schema ${SCHEMA_VERSION} format ${SOURCE_FORMAT_VERSION}\n`);
  if (!self.endsWith('.ts')) return hash.update(readFileSync(self)).digest('hex');
  const root = join(dirname(self), '..', '..');
  for (const top of ['build-db', 'src']) {
    if (!existsSync(join(root, top))) continue;
    for (const file of codeFiles(join(root, top))) hash.update(`${file.slice(root.length)}\n`).update(readFileSync(file));
  }
  return hash.digest('hex');
}

export function inputsDigest(report: FetchReport, fingerprint: string): string {
  const hash = createHash('sha256').update(`builder ${fingerprint}\n`);
  const files = report.sources.flatMap((s) => s.files.filter((f) => f.sha256).map((f) => `${f.file} ${f.sha256}`)).sort();
  for (const line of files) hash.update(`${line}\n`);
  return hash.digest('hex');
}
