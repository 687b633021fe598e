// A sitting read from two files (a copy under another name, a draft beside its final): the first file
// read is kept and every later one reported, the same way in every Hansard importer.
import type { ImportContext } from './types.js';

/** True for the first file of `sitting` (remembered in `seen`); false, reported, for a later one. */
export function firstFileOfSitting(seen: Map<string, string>, sitting: string, file: string, ctx: Pick<ImportContext, 'skip'>): boolean {
  const earlier = seen.get(sitting);
  if (earlier !== undefined) {
    ctx.skip({ file, record: 'whole file', reason: 'second file for the same sitting', detail: `${sitting} already read from ${earlier}` });
    return false;
  }
  seen.set(sitting, file);
  return true;
}
