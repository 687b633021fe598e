// What a dataset folder's SOURCE.md says about where its files came from (repository, commit, the
// date a file last changed upstream), for the manifest's `sources` and for dating records. The notes
// are written by hand, so every field is optional: a missing note leaves the value null.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SourceNotes {
  repository: string | null;
  commit: string | null;
  /** The `YYYY-MM-DD` written next to a file's name, e.g. "`data/x.json` (`abc123…`, 2023-11-19)". */
  fileDate(file: string): string | null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function readSourceNotes(dir: string): SourceNotes {
  const path = join(dir, 'SOURCE.md');
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const repository = /\*\*Repository:\*\*\s*`([^`]+)`/.exec(text)?.[1] ?? null;
  const commit = /\*\*Commit:\*\*\s*`([0-9a-f]{7,40})`/.exec(text)?.[1] ?? null;
  return {
    repository,
    commit,
    fileDate: (file) => new RegExp(`${escapeRegExp(file)}\`\\s*\\([^)]*?(\\d{4}-\\d{2}-\\d{2})\\)`).exec(text)?.[1] ?? null,
  };
}
