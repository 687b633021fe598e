// The ridings SOURCE.md says were truncated upstream ("Affected: 12005 Halifax, 24026 …"): read from
// the notes rather than written here, so a corrected copy of the dataset stops warning by itself.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function truncatedRidings(datasetDir: string): Set<string> {
  const path = join(datasetDir, 'SOURCE.md');
  if (!existsSync(path)) return new Set();
  const text = readFileSync(path, 'utf8');
  const at = text.search(/truncated/i);
  if (at < 0) return new Set();
  // The list follows "Affected:" in the truncation paragraph and ends with the paragraph.
  const paragraph = text.slice(at).split(/\n\s*\*|\n\n/)[0];
  const affected = paragraph.slice(paragraph.indexOf('Affected:'));
  return new Set([...affected.matchAll(/\b(\d{5})\b/g)].map((m) => m[1]));
}
