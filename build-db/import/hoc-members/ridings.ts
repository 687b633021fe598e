// Riding name → 5-digit FED number of the 2013 Representation Order (the 44th Parliament's 338
// ridings), so a member's riding becomes `federal-electoral-districts-2013/<FED>`. The House files
// give names only (their constituency ids are the House's own, not FED numbers), so the numbers are
// read from the riding lists beside the members' folder: the OCD division list for 2013 and the
// fed-ridings-2013 directory, English and French names both. Names compare with dashes, accents,
// punctuation and case ignored ("Berthier—Maskinongé" = "Berthier–Maskinonge").
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { csvRecords } from '../csv.js';
import { placeName } from '../identity.js';

export const RIDING_SET = 'federal-electoral-districts-2013';

/** Relative to the datasets folder that holds the members' folder. */
export const OCD_2013_FILE = 'ocd-division-ids-ca/country-ca/ca_federal_electoral_districts-2013.csv';
export const DIRECTORY_FILE = 'fed-ridings-2013/DIRECTORY.md';

export type RidingMatch = { fed: string } | { fed: null; reason: 'unknown riding' | 'riding name has several numbers'; detail?: string };

export class RidingDirectory {
  private numbers = new Map<string, Set<string>>();
  readonly files: string[] = [];

  add(name: string, fed: string): void {
    const k = placeName(name);
    if (!k || !/^\d{5}$/.test(fed)) return;
    this.numbers.set(k, (this.numbers.get(k) ?? new Set()).add(fed));
  }

  get size(): number {
    return new Set([...this.numbers.values()].flatMap((s) => [...s])).size;
  }

  number(name: string): RidingMatch {
    const found = this.numbers.get(placeName(name));
    if (!found) return { fed: null, reason: 'unknown riding' };
    if (found.size > 1) return { fed: null, reason: 'riding name has several numbers', detail: [...found].sort().join(', ') };
    return { fed: [...found][0] };
  }
}

/** `ocd-division/country:ca/ed:35075-2013,Ottawa Centre,Ottawa-Centre,…` */
function readOcd(dir: RidingDirectory, text: string): void {
  for (const { values } of csvRecords(text)) {
    const fed = /\/ed:(\d{5})-2013$/.exec(values.id ?? '')?.[1];
    if (!fed) continue;
    for (const name of [values.name, values.name_fr]) if (name?.trim()) dir.add(name, fed);
  }
}

/** `35075 | ON | Ottawa Centre | Ottawa-Centre` table rows (the file has CR line ends). */
function readDirectory(dir: RidingDirectory, text: string): void {
  for (const line of text.split(/\r\n|\r|\n/)) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !/^\d{5}$/.test(cells[0])) continue;
    for (const name of cells.slice(2, 4)) if (name) dir.add(name, cells[0]);
  }
}

/** Reads whichever riding lists exist next to `membersDir`; an empty directory numbers nothing. */
export function loadRidings(membersDir: string): RidingDirectory {
  const dir = new RidingDirectory();
  const root = dirname(membersDir);
  for (const [file, read] of [
    [OCD_2013_FILE, readOcd],
    [DIRECTORY_FILE, readDirectory],
  ] as const) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    read(dir, readFileSync(path, 'utf8'));
    dir.files.push(file);
  }
  return dir;
}
