// The official attribute table of the 2023 Representation Order (Elections Canada's FED_CA_2023_EN,
// as CSV in `fed-ridings-2023-attributes` beside the polygons): FED number → English and French names.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { csvRecords } from '../csv.js';

export const ATTRIBUTES_FILE = 'fed-ridings-2023-attributes/FED_CA_2023_EN.csv';

export interface RidingNames {
  en: string;
  fr: string;
}

/** The table beside `datasetDir` (its parent is the datasets folder), or null when absent. */
export function loadRidingAttributes(datasetDir: string): Map<string, RidingNames> | null {
  const path = join(dirname(datasetDir), ATTRIBUTES_FILE);
  if (!existsSync(path)) return null;
  const out = new Map<string, RidingNames>();
  for (const { values } of csvRecords(readFileSync(path, 'utf8'))) {
    const fed = values.FED_NUM?.trim();
    // The upstream naming rule writes a stray U+0092 (a cp1252 apostrophe) as '.
    const en = values.ED_NAMEE?.replace(/\u0092/g, "'").trim();
    const fr = values.ED_NAMEF?.replace(/\u0092/g, "'").trim();
    if (fed && /^\d{5}$/.test(fed) && en) out.set(fed, { en, fr: fr || en });
  }
  return out;
}
