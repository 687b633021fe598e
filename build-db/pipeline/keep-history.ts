// The nightly starts each import from an empty bundle, but an importer whose records carry history
// (Represent rosters: a term ends when a later fetch no longer lists the member) needs its own last
// part. Those parts are carried from the previous night's bundle into the new one before importing.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Importer } from '../import/types.js';

/** Copies `<entity>.<kind>.jsonl` of every importer with `keepsHistory` from `previous` to `next`; returns the files copied. */
export function carryHistoryParts(previous: string, next: string, importers: readonly Importer[]): string[] {
  const kinds = importers.filter((i) => i.keepsHistory).map((i) => `.${i.kind}.jsonl`);
  if (!kinds.length || !existsSync(previous)) return [];
  mkdirSync(next, { recursive: true });
  const copied = readdirSync(previous).filter((f) => kinds.some((k) => f.endsWith(k)));
  for (const f of copied) copyFileSync(join(previous, f), join(next, f));
  return copied;
}
