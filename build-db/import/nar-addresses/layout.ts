// The National Address Register's published CSV layout (Statistics Canada, catalogue 46-26-0002).
// A release unzips into per-province files, Addresses/Address_<PR>.csv (split into _part_<n> files
// for the large provinces) and Locations/Location_<PR>.csv, joined on LOC_GUID. Only the columns
// below are read; files are recognised by their header, not their names, so a renamed or
// re-split release still imports. Columns are matched case-insensitively.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import proj4 from 'proj4';

export const COLUMNS = {
  locGuid: 'LOC_GUID',
  addrGuid: 'ADDR_GUID',
  /** The mailing address's postal code, `A1A1A1` or `A1A 1A1`; empty for some civic addresses. */
  postalCode: 'MAIL_POSTAL_CODE',
  /** Mailing municipality (Canada Post's name), the answer's `city`. */
  mailCity: 'MAIL_MUN_NAME',
  /** Mailing province abbreviation (ON, QC, ...). */
  mailProvince: 'MAIL_PROV_ABVN',
  /** Census subdivision name: the city when the mailing name is empty. */
  csdName: 'CSD_ENG_NAME',
  /** The building's point, WGS84 degrees (Location files). */
  latitude: 'BG_LATITUDE',
  longitude: 'BG_LONGITUDE',
  /** The same point in Statistics Canada Lambert (EPSG:3347), metres: read when degrees are absent. */
  x: 'BG_X',
  y: 'BG_Y',
} as const;

export type FileKind = 'addresses' | 'locations' | 'other';

export interface Header {
  kind: FileKind;
  index: Partial<Record<keyof typeof COLUMNS, number>>;
}

export function readHeader(fields: string[]): Header {
  const upper = fields.map((f) => f.trim().toUpperCase());
  const index: Header['index'] = {};
  for (const [k, name] of Object.entries(COLUMNS) as Array<[keyof typeof COLUMNS, string]>) {
    const i = upper.indexOf(name);
    if (i >= 0) index[k] = i;
  }
  const hasPoint = (index.latitude !== undefined && index.longitude !== undefined) || (index.x !== undefined && index.y !== undefined);
  const kind: FileKind = index.postalCode !== undefined ? 'addresses' : index.locGuid !== undefined && hasPoint ? 'locations' : 'other';
  return { kind, index };
}

/** Every .csv under `dir`, relative paths in name order (Address_10 before Address_11). */
export function csvFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.csv$/i.test(name)) out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out;
}

// NAD83 / Statistics Canada Lambert (EPSG:3347), the projection of BG_X/BG_Y.
const STATCAN_LAMBERT =
  '+proj=lcc +lat_0=63.390675 +lon_0=-91.8666666666667 +lat_1=49 +lat_2=77 +x_0=6200000 +y_0=3000000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
const toWgs84 = proj4(STATCAN_LAMBERT, 'WGS84');

/** BG_X/BG_Y metres → [lng, lat] degrees. */
export const lambertToLngLat = (x: number, y: number): [number, number] => toWgs84.forward([x, y]) as [number, number];
