import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { importerByKind, IMPORTERS } from '../../../build-db/import/registry.js';
import { datasetPath, ImportError, runImport, summarize, writeReport } from '../../../build-db/import/run-import.js';

export interface ImportCommandOptions {
  kinds: string[];
  all: boolean;
  from: string;
  into: string;
  report: string;
  skipSets?: string[];
  commercialOnly?: boolean;
  /** Importers to leave out on purpose. */
  leaveOut?: string[];
}

/** 0 imported, 1 an input is missing or unreadable, 2 bad usage. */
export async function importCommand({
  kinds,
  all,
  from,
  into,
  report,
  skipSets = [],
  commercialOnly = false,
  leaveOut = [],
}: ImportCommandOptions): Promise<number> {
  const known = IMPORTERS.map((i) => i.kind).join(', ');
  if (all === kinds.length > 0) {
    console.error(`canpol import: name one importer or --all (importers: ${known})`);
    return 2;
  }
  const unknown = [...kinds, ...leaveOut].filter((k) => !importerByKind(k));
  if (unknown.length) {
    console.error(`canpol import: unknown importer ${unknown.map((k) => JSON.stringify(k)).join(', ')} (importers: ${known})`);
    return 2;
  }
  // Registry order even for a named subset: people before the records that refer to them.
  const importers = all ? IMPORTERS : IMPORTERS.filter((i) => kinds.includes(i.kind));
  const t0 = performance.now();
  try {
    const result = await runImport({
      importers,
      // One importer: --from is its folder, or a datasets folder that holds it.
      fromOf: all ? datasetPath(from) : (i) => (existsSync(join(from, i.datasetDir)) ? join(from, i.datasetDir) : from),
      into,
      extractedAt: process.env.SOURCE_DATE_EPOCH
        ? new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
        : undefined,
      onProgress: (m) => console.error(`[import ${((performance.now() - t0) / 1000).toFixed(1)}s] ${m}`),
      skipSets,
      commercialOnly,
      leaveOut,
      order: IMPORTERS.map((i) => i.kind),
    });
    writeReport(report, result);
    console.error(summarize(result));
    console.error(`wrote ${into} (build it with: canpol build --sources ${into}); report: ${report}`);
    return 0;
  } catch (err) {
    if (err instanceof ImportError) {
      console.error(`canpol import: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
