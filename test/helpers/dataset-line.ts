// One line of a real file in ../shared/datasets, for a hand-written fixture that needs a real row
// among invented ones: the row is read at test time, never copied into the repository.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DATASETS = join(import.meta.dir, '../../../shared/datasets');

/** The first line of `file` (a path under ../shared/datasets) that starts with `prefix`, without
 *  its line ending; throws when there is none, so a test cannot pass on a missing row. */
export function datasetLine(file: string, prefix: string): string {
  const line = readFileSync(join(DATASETS, file), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(prefix));
  if (line === undefined) throw new Error(`${file}: no line starts with ${JSON.stringify(prefix)}`);
  return line.replace(/\r$/, '');
}
