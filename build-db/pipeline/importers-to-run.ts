// Which importers a night runs: those a fetched source names, and their companions (a second reader
// of the same pages: a manifest source names one importer), each only when its folder is in the cache.
import type { Importer } from '../import/types.js';

export function importersToRun(
  importers: readonly Importer[],
  /** Importer kinds of the sources fetched (not disabled, not missing). */
  used: ReadonlySet<string | null>,
  folderExists: (datasetDir: string) => boolean,
): Importer[] {
  return importers.filter(
    (i) => (used.has(i.kind) || (i.companionOf !== undefined && used.has(i.companionOf))) && folderExists(i.datasetDir),
  );
}
