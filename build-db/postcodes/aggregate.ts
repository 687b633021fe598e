// Per full postcode the mean of its address points, per FSA the address-weighted mean of its codes
// (decisions 7). Pure: records in, rows out, so the arithmetic is tested without a database.
import { provinceOfPostcode } from '../../src/core/domain/postcode.js';
import type { FsaRow, PostcodeRow } from '../../src/core/data-file/postcode-schema.js';
import type { FsaPointRecord, PostcodeOverrideRecord, PostcodePointRecord } from '../sources/schemas.js';

type Located<R> = { file: string; line: number; record: R };

interface Sum {
  lat: number;
  lng: number;
  weight: number;
  cities: Map<string, number>;
  province: string | null;
  fetchedAt: string | null;
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** The most frequent value, ties broken alphabetically so the answer never depends on input order. */
function mostCommon(counts: Map<string, number>): string | null {
  let best: string | null = null;
  let n = 0;
  for (const [value, k] of counts)
    if (k > n || (k === n && best !== null && value < best)) {
      best = value;
      n = k;
    }
  return best;
}

function add(
  sums: Map<string, Sum>,
  key: string,
  lat: number,
  lng: number,
  weight: number,
  city: string | null,
  province: string | null,
  fetchedAt: string | null,
) {
  let s = sums.get(key);
  if (!s) sums.set(key, (s = { lat: 0, lng: 0, weight: 0, cities: new Map(), province: null, fetchedAt: null }));
  s.lat += lat * weight;
  s.lng += lng * weight;
  s.weight += weight;
  if (city) s.cities.set(city, (s.cities.get(city) ?? 0) + weight);
  s.province ??= province;
  s.fetchedAt = later(s.fetchedAt, fetchedAt);
}

// Stored to 6 decimals (~0.1 m): more would only be noise from the averaging.
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export interface Aggregated {
  postcodes: PostcodeRow[];
  fsas: FsaRow[];
  warnings: string[];
}

export function aggregatePostcodes(
  points: Array<Located<PostcodePointRecord>>,
  overrides: Array<Located<PostcodeOverrideRecord>>,
  fsaPoints: Array<Located<FsaPointRecord>>,
  extractedAt: string,
): Aggregated {
  const warnings: string[] = [];
  const byCode = new Map<string, Sum>();
  for (const { record: r } of points) add(byCode, r.postcode, r.lat, r.lng, r.addresses, r.city, r.province_territory, r.fetched_at);

  const rows = new Map<string, PostcodeRow>();
  for (const [code, s] of byCode) {
    rows.set(code, {
      postcode: code,
      fsa: code.slice(0, 3),
      source: 'nar',
      lat: round6(s.lat / s.weight),
      lng: round6(s.lng / s.weight),
      address_points: s.weight,
      city: mostCommon(s.cities),
      province_territory: s.province ?? provinceOfPostcode(code),
      fetched_at: s.fetchedAt ?? extractedAt,
    });
  }

  const overridden = new Map<string, string>();
  let replaced = 0;
  for (const { file, line, record: r } of overrides) {
    if (overridden.has(r.postcode)) {
      warnings.push(`${file}:${line}: postcode: ${r.postcode} is already overridden at ${overridden.get(r.postcode)}; this row is ignored`);
      continue;
    }
    overridden.set(r.postcode, `${file}:${line}`);
    if (rows.has(r.postcode)) replaced++;
    rows.set(r.postcode, {
      postcode: r.postcode,
      fsa: r.postcode.slice(0, 3),
      source: 'cache',
      lat: r.lat,
      lng: r.lng,
      address_points: null,
      city: r.city,
      province_territory: r.province_territory ?? provinceOfPostcode(r.postcode),
      fetched_at: r.fetched_at ?? extractedAt,
    });
  }
  if (replaced)
    warnings.push(`postcode_overrides: ${replaced} override(s) replace codes the address register also places; the override wins`);

  // Per FSA: the address points when there are any, else the FSA point file, else the overrides.
  const byFsa = new Map<string, Sum>();
  const codesIn = new Map<string, number>();
  const overridesByFsa = new Map<string, Sum>();
  for (const row of rows.values()) {
    codesIn.set(row.fsa, (codesIn.get(row.fsa) ?? 0) + 1);
    if (row.source === 'nar') add(byFsa, row.fsa, row.lat, row.lng, row.address_points!, row.city, row.province_territory, row.fetched_at);
    else add(overridesByFsa, row.fsa, row.lat, row.lng, 1, row.city, row.province_territory, row.fetched_at);
  }
  const fsaFile = new Map<string, Located<FsaPointRecord>>();
  for (const located of fsaPoints) {
    const seen = fsaFile.get(located.record.fsa);
    if (seen)
      warnings.push(
        `${located.file}:${located.line}: fsa: ${located.record.fsa} already has a point at ${seen.file}:${seen.line}; this row is ignored`,
      );
    else fsaFile.set(located.record.fsa, located);
  }

  const fsas: FsaRow[] = [];
  for (const fsa of new Set([...byFsa.keys(), ...fsaFile.keys(), ...overridesByFsa.keys()])) {
    const s = byFsa.get(fsa);
    const file = fsaFile.get(fsa)?.record;
    const postcodes = codesIn.get(fsa) ?? 0;
    if (s) {
      fsas.push({
        fsa,
        basis: 'addresses',
        lat: round6(s.lat / s.weight),
        lng: round6(s.lng / s.weight),
        address_points: s.weight,
        postcodes,
        // The FSA file's name is the area's name; the most common city of the addresses is a fallback.
        city: file?.city ?? mostCommon(s.cities),
        province_territory: s.province ?? file?.province_territory ?? provinceOfPostcode(fsa),
        fetched_at: s.fetchedAt ?? extractedAt,
      });
    } else if (file) {
      fsas.push({
        fsa,
        basis: 'fsa_point',
        lat: file.lat,
        lng: file.lng,
        address_points: null,
        postcodes,
        city: file.city,
        province_territory: file.province_territory ?? provinceOfPostcode(fsa),
        fetched_at: file.fetched_at ?? extractedAt,
      });
    } else {
      const o = overridesByFsa.get(fsa)!;
      fsas.push({
        fsa,
        basis: 'overrides',
        lat: round6(o.lat / o.weight),
        lng: round6(o.lng / o.weight),
        address_points: null,
        postcodes,
        city: mostCommon(o.cities),
        province_territory: o.province ?? provinceOfPostcode(fsa),
        fetched_at: o.fetchedAt ?? extractedAt,
      });
    }
  }
  const sort = <T extends { postcode?: string; fsa: string }>(xs: T[]) =>
    xs.sort((a, b) => ((a.postcode ?? a.fsa) < (b.postcode ?? b.fsa) ? -1 : 1));
  return { postcodes: sort([...rows.values()]), fsas: sort(fsas), warnings };
}
