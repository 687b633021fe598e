// The nar-addresses importer on a small extract written here in the register's published layout
// (Statistics Canada 46-26-0002: Addresses/Address_<PR>.csv + Locations/Location_<PR>.csv joined on
// LOC_GUID), then built and served: the register itself is not in the shared datasets.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../../build-db/build.js';
import { lambertToLngLat, readHeader } from '../../../build-db/import/nar-addresses/layout.js';
import { importNarAddresses, narAddressesImporter } from '../../../build-db/import/nar-addresses/index.js';
import { datasetPath, runImport } from '../../../build-db/import/run-import.js';
import type { ImportContext, Skip } from '../../../build-db/import/types.js';
import { Identity } from '../../../build-db/import/identity.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { tempDir } from '../../helpers/fixture.js';

const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-nar-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const ADDRESS_HEADER =
  'LOC_GUID,ADDR_GUID,APT_NO_LABEL,CIVIC_NO,CIVIC_NO_SUFFIX,OFFICIAL_STREET_NAME,OFFICIAL_STREET_TYPE,OFFICIAL_STREET_DIR,PROV_CODE,CSD_ENG_NAME,CSD_FRE_NAME,CSD_TYPE_ENG_CODE,CSD_TYPE_FRE_CODE,MAIL_STREET_NAME,MAIL_STREET_TYPE,MAIL_STREET_DIR,MAIL_MUN_NAME,MAIL_PROV_ABVN,MAIL_POSTAL_CODE,BU_N_CIVIC_ADD,BU_USE';
const LOCATION_HEADER = 'LOC_GUID,BG_LATITUDE,BG_LONGITUDE,BG_X,BG_Y';

const address = (loc: string, addr: string, street: string, csd: string, city: string, prov: string, postal: string) =>
  [
    loc,
    addr,
    '',
    '111',
    '',
    street,
    'ST',
    '',
    prov === 'QC' ? '24' : '35',
    csd,
    csd,
    'CY',
    'V',
    street,
    'ST',
    '',
    city,
    prov,
    postal,
    '',
    '1',
  ].join(',');

function writeExtract(dir: string) {
  mkdirSync(join(dir, 'Addresses'), { recursive: true });
  mkdirSync(join(dir, 'Locations'), { recursive: true });
  writeFileSync(
    join(dir, 'Addresses', 'Address_35.csv'),
    `\uFEFF${[
      ADDRESS_HEADER,
      address('L1', 'A1', 'WELLINGTON', 'Ottawa', 'OTTAWA', 'ON', 'K1A 0A6'),
      address('L1', 'A2', 'WELLINGTON', 'Ottawa', 'OTTAWA', 'ON', 'K1A0A6'), // a second unit of the same building
      address('L2', 'A3', '"RUE DE L\'ÉGLISE, NORD"', 'Ottawa', 'Ottawa', 'ON', 'k1a-0b1'),
      address('L1', 'A4', 'WELLINGTON', 'Ottawa', 'OTTAWA', 'ON', ''),
      address('L1', 'A5', 'WELLINGTON', 'Ottawa', 'OTTAWA', 'ON', 'D1A 0A6'),
      address('L9', 'A6', 'NOWHERE', 'Ottawa', 'OTTAWA', 'ON', 'K1A 0A7'),
      address('L3', 'A7', 'NULL ISLAND', 'Ottawa', 'OTTAWA', 'ON', 'K1A 0A8'),
    ].join('\r\n')}\r\n`,
  );
  writeFileSync(
    join(dir, 'Addresses', 'Address_24.csv'),
    `${[ADDRESS_HEADER, address('L4', 'A8', 'MAIN', 'Gatineau', '', 'QC', 'J8Y 1A1')].join('\n')}\n`,
  );
  writeFileSync(
    join(dir, 'Locations', 'Location_35.csv'),
    `${[LOCATION_HEADER, 'L1,45.4236,-75.7009,,', 'L2,45.43,-75.69,,', 'L3,0,0,,', 'L5,,,,'].join('\n')}\n`,
  );
  writeFileSync(join(dir, 'Locations', 'Location_24.csv'), `${[LOCATION_HEADER, 'L4,45.47,-75.7,,'].join('\n')}\n`);
  writeFileSync(join(dir, 'README.txt'), 'not a CSV');
  writeFileSync(join(dir, 'SOURCE.md'), '# NAR\n\nRelease date: 2024-06-28\n');
  return dir;
}

function context(skips: Skip[]): ImportContext {
  return { identity: new Identity([]), existing: {}, skip: (s) => skips.push(s), log: () => {} };
}

describe('nar-addresses', () => {
  test('files are recognised by their header', () => {
    expect(readHeader(ADDRESS_HEADER.split(',')).kind).toBe('addresses');
    expect(readHeader(LOCATION_HEADER.toLowerCase().split(',')).kind).toBe('locations');
    expect(readHeader(['fsa', 'latitude']).kind).toBe('other');
  });

  test('one record per postal code: mean point, address count, most common mailing city; bad rows reported', async () => {
    const skips: Skip[] = [];
    const out = await importNarAddresses(writeExtract(temp()), context(skips));
    expect(out.records.postcode_points).toEqual([
      // Address_24 is read before Address_35 (name order); Gatineau comes from CSD_ENG_NAME as the mailing name is empty.
      {
        postcode: 'J8Y1A1',
        lat: 45.47,
        lng: -75.7,
        addresses: 1,
        city: 'Gatineau',
        province_territory: 'QC',
        fetched_at: '2024-06-28T00:00:00Z',
      },
      {
        postcode: 'K1A0A6',
        lat: 45.4236,
        lng: -75.7009,
        addresses: 2,
        city: 'OTTAWA',
        province_territory: 'ON',
        fetched_at: '2024-06-28T00:00:00Z',
      },
      {
        postcode: 'K1A0B1',
        lat: 45.43,
        lng: -75.69,
        addresses: 1,
        city: 'Ottawa',
        province_territory: 'ON',
        fetched_at: '2024-06-28T00:00:00Z',
      },
    ]);
    expect(skips.map((s) => [s.file, s.record, s.reason])).toEqual([
      ['Locations/Location_35.csv', 'line 5', 'location without a readable point'],
      ['Addresses/Address_35.csv', 'line 5 (A4)', 'address without a postal code'],
      ['Addresses/Address_35.csv', 'line 6 (A5)', 'invalid postcode'],
      ['Addresses/Address_35.csv', 'line 7 (A6)', 'address without a location'],
      ['Addresses/Address_35.csv', 'line 8 (A7)', 'coordinates outside Canada'],
    ]);
    expect(out.stats).toMatchObject({
      address_files: 2,
      location_files: 2,
      addresses_read: 8,
      addresses_used: 4,
      locations: 4,
      postcodes: 3,
    });
    expect(out.sources[0]).toMatchObject({ id: 'nar-addresses', version: '2024-06-28' });
  });

  test('Statistics Canada Lambert (BG_X/BG_Y) is reprojected when degrees are absent', async () => {
    // The projection's false origin (6,200,000 m, 3,000,000 m) is its centre: 63.390675 N, 91.866667 W (EPSG:3347).
    const [lng, lat] = lambertToLngLat(6_200_000, 3_000_000);
    expect(lng).toBeCloseTo(-91.866667, 5);
    expect(lat).toBeCloseTo(63.390675, 5);
    const dir = temp();
    writeFileSync(
      join(dir, 'Address_46.csv'),
      ['LOC_GUID,ADDR_GUID,MAIL_POSTAL_CODE,MAIL_MUN_NAME,MAIL_PROV_ABVN,BG_X,BG_Y', 'L1,A1,R3C 4T3,WINNIPEG,MB,6200000,3000000'].join(
        '\n',
      ),
    );
    const out = await importNarAddresses(dir, context([]));
    expect(out.records.postcode_points).toEqual([
      { postcode: 'R3C4T3', lat: 63.390675, lng: -91.866667, addresses: 1, city: 'WINNIPEG', province_territory: 'MB', fetched_at: null },
    ]);
  });

  test('a folder without register files is reported, not an error; a missing folder is skipped by --all', async () => {
    const skips: Skip[] = [];
    const empty = temp();
    writeFileSync(join(empty, 'other.csv'), 'a,b\n1,2\n');
    expect((await importNarAddresses(empty, context(skips))).records).toEqual({});
    expect(skips.map((s) => s.reason)).toEqual(['no National Address Register files']);

    const into = join(temp(), 'bundle');
    const report = await runImport({
      importers: [narAddressesImporter],
      fromOf: datasetPath(join(temp(), 'no-such-datasets')),
      into,
      extractedAt: '2026-01-01T00:00:00Z',
    });
    expect(report.importers).toEqual([]);
    expect(report.skipped).toMatchObject([{ importer: 'nar-addresses', record: 'whole dataset', reason: 'optional dataset not present' }]);
    expect(existsSync(join(into, 'postcode_points.nar-addresses.jsonl'))).toBe(false);
  });

  test('imported, built and served: the code answers as `nar` with its address count', async () => {
    const root = temp();
    const from = writeExtract(join(root, 'nar'));
    const into = join(root, 'bundle');
    await runImport({ importers: [narAddressesImporter], fromOf: () => from, into, extractedAt: '2026-01-01T00:00:00Z' });
    const out = join(root, 'x.db');
    const built = buildDataFile({ sources: into, out, now: new Date('2026-01-02T00:00:00Z') });
    expect(built.ok).toBe(true);
    const data = openDataFile(out);
    try {
      const app = createApp({ data });
      const body = await (await app.request('/api/public/v1/postcodes/K1A%200A6')).json();
      expect(body).toMatchObject({
        postcode: 'K1A 0A6',
        source: 'nar',
        address_points: 2,
        approximate: false,
        latlng: { lat: 45.4236, lng: -75.7009 },
        fetched_at: '2024-06-28T00:00:00Z',
      });
      // K1A's FSA point: the address-weighted mean of K1A0A6 (2) and K1A0B1 (1).
      const fsa = await (await app.request('/api/public/v1/postcodes/K1A')).json();
      expect(fsa).toMatchObject({ source: 'fsa_derived', address_points: 3, latlng: { lat: 45.425733, lng: -75.697267 } });
    } finally {
      data.close();
    }
  });
});
