// The assnat.qc.ca pages under an import folder (and its subfolders one level down, as the samples
// keep members and the Journal apart), each recognised by what it holds rather than its name.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ReuseTerms } from '../types.js';

export interface Page {
  file: string;
  html: string;
  mtime: Date;
}

export function readPages(from: string): Page[] {
  const out: Page[] = [];
  const visit = (dir: string, depth: number) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const st = statSync(path);
      if (st.isDirectory() && depth < 1) visit(path, depth + 1);
      else if (st.isFile() && /\.html?$/i.test(name))
        out.push({ file: relative(from, path), html: readFileSync(path, 'utf8'), mtime: st.mtime });
    }
  };
  visit(from, 0);
  return out;
}

/** Terms of the Assemblée nationale's documents, recorded in the manifest and coverage notes. */
export const QC_TERMS =
  'Assemblée nationale du Québec: reproduction free of charge with the source named; commercial use needs prior authorization (non-commercial source)';
/** Declared on both Québec importers, so a build for commercial use leaves them out (issue 49's `import --commercial-only`). */
export const QC_REUSE: ReuseTerms = { commercial: 'forbidden', summary: QC_TERMS };
