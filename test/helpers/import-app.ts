// import → build → serve in one call, for importer tests that check their output through the API.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDataFile } from '../../build-db/build.js';
import { runImport, type ImportReport } from '../../build-db/import/run-import.js';
import type { Importer } from '../../build-db/import/types.js';
import { openDataFile } from '../../src/core/data-file/open-data-file.js';
import { createApp } from '../../src/server/http/app.js';
import type { Json } from './http.js';

export interface ImportedApp {
  report: ImportReport;
  into: string;
  app: ReturnType<typeof createApp>;
  /** GET under /api/public/v1, parsed. */
  get(path: string): Promise<Json>;
  close(): void;
}

/** `prepare` may write parts other importers would have written into the bundle folder first. */
export async function importBuildServe(
  importers: Importer[],
  fromOf: (i: Importer) => string,
  prepare?: (into: string) => void,
): Promise<ImportedApp> {
  const dir = mkdtempSync(join(tmpdir(), 'canpol-import-app-'));
  const into = join(dir, 'bundle');
  mkdirSync(into);
  prepare?.(into);
  const report = await runImport({ importers, fromOf, into, extractedAt: '2026-11-01T00:00:00Z' });
  const result = buildDataFile({ sources: into, out: join(dir, 'x.db'), now: new Date('2026-11-02T00:00:00Z') });
  if (!result.ok) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`build failed: ${JSON.stringify(result.issues.slice(0, 5))}`);
  }
  const data = openDataFile(result.out);
  const app = createApp({
    data,
    logError: (e) => {
      throw e;
    },
  });
  return {
    report,
    into,
    app,
    get: async (path) => (await app.request(`/api/public/v1${path}`)).json(),
    close: () => {
      data.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
