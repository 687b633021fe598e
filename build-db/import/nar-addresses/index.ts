// `canpol import nar-addresses`: civic address points of the National Address Register → one
// postcode_points record per postal code (the mean of its addresses, weighted by their number), the
// `nar` source of decisions 7. The register is not in the shared datasets: `import --all` skips the
// importer when its folder is absent (Importer.optional), and a folder without register files is
// reported, not an error.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROVINCES, type Province } from '../../../src/core/domain/enums.js';
import { canonicalPostcode, provinceOfPostcode } from '../../../src/core/domain/postcode.js';
import { decimal, inCanada } from '../postcode-checks.js';
import type { Importer, ImportContext, ImportOutput, SourceInput } from '../types.js';
import { csvRows } from './csv-lines.js';
import { COLUMNS, csvFiles, lambertToLngLat, readHeader, type Header } from './layout.js';

interface CodeSum {
  lat: number;
  lng: number;
  n: number;
  cities: Map<string, number>;
  province: Province | null;
}

/** A release date written in the folder's SOURCE.md ("Release date: 2024-06-28"), if any. */
function releaseDate(dir: string): string | null {
  const path = join(dir, 'SOURCE.md');
  if (!existsSync(path)) return null;
  return /release[^\n\d]*(\d{4}-\d{2}-\d{2})/i.exec(readFileSync(path, 'utf8'))?.[1] ?? null;
}

function pointOf(fields: string[], h: Header): { lat: number; lng: number } | null | 'absent' {
  const { latitude, longitude, x, y } = h.index;
  if (latitude !== undefined && longitude !== undefined && (fields[latitude] ?? '').trim() !== '') {
    const lat = decimal(fields[latitude]);
    const lng = decimal(fields[longitude]);
    return lat === null || lng === null ? null : { lat, lng };
  }
  if (x !== undefined && y !== undefined && (fields[x] ?? '').trim() !== '') {
    const mx = decimal(fields[x]);
    const my = decimal(fields[y]);
    if (mx === null || my === null) return null;
    const [lng, lat] = lambertToLngLat(mx, my);
    return { lat, lng };
  }
  return 'absent';
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export async function importNarAddresses(from: string, ctx: ImportContext): Promise<ImportOutput> {
  const stats: Record<string, number> = {
    address_files: 0,
    location_files: 0,
    addresses_read: 0,
    addresses_used: 0,
    locations: 0,
    postcodes: 0,
    province_differs_from_first_letter: 0,
  };
  const files = csvFiles(from);
  const headers = new Map<string, Header>();
  for (const file of files) {
    for await (const row of csvRows(join(from, file))) {
      headers.set(file, readHeader(row.fields));
      break;
    }
  }
  const addressFiles = files.filter((f) => headers.get(f)?.kind === 'addresses');
  const locationFiles = files.filter((f) => headers.get(f)?.kind === 'locations');
  stats.address_files = addressFiles.length;
  stats.location_files = locationFiles.length;
  if (!addressFiles.length) {
    ctx.skip({
      file: '.',
      record: 'whole folder',
      reason: 'no National Address Register files',
      detail: `no CSV under ${from} has a ${COLUMNS.postalCode} column`,
    });
    return { records: {}, sources: [], coverage: [], stats };
  }

  // Locations first: LOC_GUID → point, packed in typed arrays (about 30 bytes a location beyond the key).
  const locIndex = new Map<string, number>();
  let lats = new Float64Array(1 << 16);
  let lngs = new Float64Array(1 << 16);
  for (const file of locationFiles) {
    const h = headers.get(file)!;
    let first = true;
    for await (const { line, fields } of csvRows(join(from, file))) {
      if (first) {
        first = false;
        continue;
      }
      const guid = (fields[h.index.locGuid!] ?? '').trim();
      const p = pointOf(fields, h);
      if (!guid || p === null || p === 'absent') {
        ctx.skip({ file, record: `line ${line}`, reason: 'location without a readable point', detail: `${guid || '(no LOC_GUID)'}` });
        continue;
      }
      if (locIndex.has(guid)) continue;
      const i = locIndex.size;
      if (i === lats.length) {
        const grow = (a: Float64Array) => {
          const b = new Float64Array(a.length * 2);
          b.set(a);
          return b;
        };
        lats = grow(lats);
        lngs = grow(lngs);
      }
      lats[i] = p.lat;
      lngs[i] = p.lng;
      locIndex.set(guid, i);
    }
  }
  stats.locations = locIndex.size;

  const codes = new Map<string, CodeSum>();
  for (const file of addressFiles) {
    const h = headers.get(file)!;
    const { postalCode, locGuid, addrGuid, mailCity, mailProvince, csdName } = h.index;
    let first = true;
    for await (const { line, fields } of csvRows(join(from, file))) {
      if (first) {
        first = false;
        continue;
      }
      stats.addresses_read++;
      const id = (addrGuid !== undefined && fields[addrGuid]?.trim()) || `line ${line}`;
      const skip = (reason: string, detail: string) =>
        ctx.skip({ file, record: id === `line ${line}` ? id : `line ${line} (${id})`, reason, detail });
      const rawCode = (fields[postalCode!] ?? '').trim();
      if (!rawCode) {
        skip('address without a postal code', 'MAIL_POSTAL_CODE is empty');
        continue;
      }
      const code = canonicalPostcode(rawCode);
      if (!code) {
        skip('invalid postcode', JSON.stringify(rawCode));
        continue;
      }
      // The address file may carry the point itself; else it is the location's.
      let p = pointOf(fields, h);
      if (p === 'absent') {
        const i = locGuid === undefined ? undefined : locIndex.get((fields[locGuid] ?? '').trim());
        p = i === undefined ? null : { lat: lats[i], lng: lngs[i] };
        if (!p) {
          skip(
            'address without a location',
            `LOC_GUID ${JSON.stringify(locGuid === undefined ? '' : fields[locGuid])} is in no location file`,
          );
          continue;
        }
      }
      if (p === null) {
        skip('unreadable coordinates', `${code}`);
        continue;
      }
      if (!inCanada(p.lat, p.lng)) {
        skip('coordinates outside Canada', `${code} at ${p.lat}, ${p.lng}`);
        continue;
      }
      const provRaw = mailProvince === undefined ? '' : (fields[mailProvince] ?? '').trim().toUpperCase();
      const province = (PROVINCES as readonly string[]).includes(provRaw) ? (provRaw as Province) : null;
      if (province && province !== provinceOfPostcode(code)) stats.province_differs_from_first_letter++;
      const city = (mailCity !== undefined && fields[mailCity]?.trim()) || (csdName !== undefined && fields[csdName]?.trim()) || null;
      let s = codes.get(code);
      if (!s) codes.set(code, (s = { lat: 0, lng: 0, n: 0, cities: new Map(), province: null }));
      s.lat += p.lat;
      s.lng += p.lng;
      s.n++;
      if (city) s.cities.set(city, (s.cities.get(city) ?? 0) + 1);
      s.province ??= province;
      stats.addresses_used++;
    }
  }

  const date = releaseDate(from);
  const fetchedAt = date ? `${date}T00:00:00Z` : null;
  const records: Array<SourceInput<'postcode_points'>> = [...codes]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, s]) => {
      // Most frequent mailing city; ties by name so the answer does not depend on file order.
      const city = [...s.cities].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
      return {
        postcode: code,
        lat: round6(s.lat / s.n),
        lng: round6(s.lng / s.n),
        addresses: s.n,
        city,
        province_territory: s.province ?? provinceOfPostcode(code),
        fetched_at: fetchedAt,
      };
    });
  stats.postcodes = records.length;
  ctx.log(`${records.length} postcodes from ${stats.addresses_used} of ${stats.addresses_read} addresses (${stats.locations} locations)`);
  return {
    records: { postcode_points: records },
    sources: [
      {
        id: 'nar-addresses',
        version: date ?? 'unknown',
        url: 'https://www150.statcan.gc.ca/n1/pub/46-26-0002/462600022024001-eng.htm',
        ...(fetchedAt ? { retrieved_at: fetchedAt } : {}),
        licence: 'Statistics Canada Open Licence',
      },
    ],
    coverage: [],
    stats,
  };
}

export const narAddressesImporter: Importer = {
  kind: 'nar-addresses',
  summary: 'National Address Register address points → mean location and address count per postcode',
  datasetDir: 'nar-addresses',
  optional:
    'the National Address Register is not in the shared datasets; unzip a release (Statistics Canada 46-26-0002) into this folder to import it',
  run: importNarAddresses,
};
