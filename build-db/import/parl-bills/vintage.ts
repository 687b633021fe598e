// When the data was last checked upstream: the "Last Updated" column of the upstream session index
// (README-upstream.md, "| 45-1 | … | Active | 2026-08-13 07:12:14 |"). Those times name no zone, so
// only their day is kept: last_verified_at is that day at 00:00Z, and the active sessions are named.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const UPSTREAM_README = 'README-upstream.md';

export interface Vintage {
  lastUpdated: string | null;
  active: string[];
}

export function readVintage(dir: string): Vintage {
  const path = join(dir, UPSTREAM_README);
  if (!existsSync(path)) return { lastUpdated: null, active: [] };
  let lastUpdated: string | null = null;
  const active: string[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const session = /\[(\d+-\d+)\]/.exec(line)?.[1];
    const day = cells.map((c) => /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/.exec(c)?.[1]).find(Boolean);
    if (!session || !day) continue;
    if (!lastUpdated || day > lastUpdated) lastUpdated = day;
    if (cells.some((c) => /^active$/i.test(c))) active.push(session);
  }
  return { lastUpdated: lastUpdated ? `${lastUpdated}T00:00:00Z` : null, active };
}
