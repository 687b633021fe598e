// A publisher's document as the bundle holds it: as fetched, or gzipped by the nightly (`.gz`).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** The file's text (UTF-8), unzipped when its name ends in `.gz`. */
export function readText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}
