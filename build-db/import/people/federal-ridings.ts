// Federal ridings of every Representation Order the people sources name, so a seat held in any
// Parliament gets a constituency id and an English name:
//   - numbered orders (2003, 2013, 2023): `federal-electoral-districts-<order>/<FED>`, the 5-digit
//     number read from the OCD division list beside the datasets (`ed:NNNNN` = 2003 order,
//     `ed:NNNNN-2013`, `ed:NNNNN-2023`), English and French names both;
//   - older orders, whose numbers no file here gives: `federal-electoral-districts-<order>/<name slug>`.
// Names compare with dashes, accents, punctuation and case ignored ("Regina--Qu'Appelle" =
// "Regina—Qu'Appelle"); a French name is also known by its English one ("Hamilton-Centre" →
// "Hamilton Centre") so the identity rule compares the two editions of Hansard alike.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { federalParliament } from '../../../src/core/domain/federal-parliaments.js';
import { slugify } from '../../../src/core/domain/text.js';
import { csvRecords } from '../csv.js';
import { placeName } from '../identity.js';
import { ATTRIBUTES_FILE, loadRidingAttributes } from '../fed-ridings-2023/attributes.js';

/** Relative to the datasets folder. */
export const OCD_FILE = 'ocd-division-ids-ca/country-ca.csv';
const NUMBERED = [2003, 2013, 2023];

export const ridingSet = (order: number | null) => `federal-electoral-districts-${order ?? 'historical'}`;

export interface Riding {
  id: string;
  name: string;
}

export class FederalRidings {
  /** order → folded name → FED numbers and the English name. */
  private byOrder = new Map<number, Map<string, { feds: Set<string>; name: string }>>();
  /** folded French name → English name (only where they differ). */
  private english = new Map<string, string>();
  readonly files: string[] = [];

  add(order: number, fed: string, en: string, fr: string | null): void {
    let names = this.byOrder.get(order);
    if (!names) {
      names = new Map();
      this.byOrder.set(order, names);
    }
    for (const n of [en, fr]) {
      if (!n?.trim()) continue;
      const k = placeName(n);
      const entry = names.get(k) ?? { feds: new Set<string>(), name: en };
      entry.feds.add(fed);
      names.set(k, entry);
    }
    if (fr && placeName(fr) !== placeName(en)) this.english.set(placeName(fr), en);
  }

  /** The English name of a riding printed in French, else the name as given. */
  englishName(name: string): string {
    return this.english.get(placeName(name)) ?? name;
  }

  /** The constituency of a riding name in a federal Parliament (its Representation Order). */
  riding(name: string, parliament: number | null): Riding {
    const order = parliament === null ? null : (federalParliament(parliament)?.ridings ?? null);
    const en = this.englishName(name.replace(/\s*--\s*/g, '—').trim());
    const hit = order !== null && NUMBERED.includes(order) ? this.byOrder.get(order)?.get(placeName(en)) : undefined;
    if (hit && hit.feds.size === 1) return { id: `${ridingSet(order)}/${[...hit.feds][0]}`, name: hit.name };
    return { id: `${ridingSet(order)}/${slugify(en) || 'unknown'}`, name: hit?.name ?? en };
  }
}

/** `ocd-division/country:ca/ed:35001[-2013|-2023],Ajax—Pickering,…,name_fr,…`, after the 2023 order's
 *  official attribute table when it is beside them (its names are the House's: "Île-des-Soeurs"). */
export function loadFederalRidings(datasetsDir: string): FederalRidings {
  const dir = new FederalRidings();
  const official = loadRidingAttributes(join(datasetsDir, 'fed-ridings-2023'));
  if (official) {
    for (const [fed, n] of official) dir.add(2023, fed, n.en, n.fr);
    dir.files.push(ATTRIBUTES_FILE);
  }
  const path = join(datasetsDir, OCD_FILE);
  if (!existsSync(path)) return dir;
  for (const { values } of csvRecords(readFileSync(path, 'utf8'))) {
    const m = /\/ed:(\d{5})(?:-(2013|2023))?$/.exec(values.id ?? '');
    if (!m || !values.name?.trim()) continue;
    dir.add(m[2] ? Number(m[2]) : 2003, m[1], values.name.trim(), values.name_fr?.trim() || null);
  }
  dir.files.push(OCD_FILE);
  return dir;
}

/** A senator's seat: the senatorial division (Quebec's 24 named divisions) or the province itself. */
export function senateDivision(province: string | null, division: string | null): Riding | null {
  const name = division?.trim() || province?.trim() || null;
  if (!name) return null;
  const id = province && placeName(province) !== placeName(name) ? `${slugify(province)}-${slugify(name)}` : slugify(name);
  return { id: `senate-divisions/${id || 'unknown'}`, name };
}
