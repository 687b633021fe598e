// The Open Civic Data division list (ocd-division-ids-ca/country-ca.csv): official names in English
// and French and validity dates per division id, shared by the boundary importers. Read from the
// datasets folder beside the importer's own; without it, names come from the boundary files alone.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { csvRecords } from '../csv.js';

export const OCD_FILE = 'ocd-division-ids-ca/country-ca.csv';

export interface Division {
  id: string;
  name: string;
  name_fr: string | null;
  valid_from: string | null;
  valid_through: string | null;
}

export type Divisions = ReadonlyMap<string, Division>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const orNull = (s: string | undefined, ok: (s: string) => boolean = Boolean) => (s && ok(s.trim()) ? s.trim() : null);

export function parseDivisions(text: string): Map<string, Division> {
  const out = new Map<string, Division>();
  for (const { values } of csvRecords(text)) {
    if (!values.id || !values.name) continue;
    out.set(values.id, {
      id: values.id,
      name: values.name.trim(),
      name_fr: orNull(values.name_fr),
      valid_from: orNull(values.validFrom, (s) => DATE.test(s)),
      valid_through: orNull(values.validThrough, (s) => DATE.test(s)),
    });
  }
  return out;
}

/** The list beside `datasetDir` (its parent is the datasets folder), or an empty map. */
export function loadDivisions(datasetDir: string): { divisions: Divisions; file: string | null } {
  const path = join(dirname(datasetDir), OCD_FILE);
  if (!existsSync(path)) return { divisions: new Map(), file: null };
  return { divisions: parseDivisions(readFileSync(path, 'utf8')), file: OCD_FILE };
}
