// The Québec concordance cross-check (issue 4): Élections Québec's list of 214,571 postal codes with
// their provincial district (2017 map), against this project's postcode resolver on a data file.
//
//   node_modules/.bin/bun bench/qc-concordance.ts --data FILE [--datasets DIR] [--json OUT]
//
// Measures, without touching the request path: how many concordance codes the resolver locates and
// at which `source`; whether each located point falls in a Québec federal riding (a plausibility check
// of the point); and, for every FSA, how often its codes share one district: the share of codes in
// their FSA's majority district is the best agreement any one-point-per-FSA answer can reach. When the
// data file holds Québec provincial boundaries, it also measures the resolver's own district agreement
// (by district name, via ocd-division-ids-ca); the shared datasets have none, which the report says.
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { createPostcodeQueries } from '../src/server/db/postcodes.js';
import { fold } from '../src/core/domain/text.js';
import { createBoundaryIndex } from '../src/core/geo/boundary-index.js';
import { parsePostcode } from '../src/core/domain/postcode.js';
import { resolvePostcode } from '../src/server/postcodes/resolve.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    datasets: { type: 'string', default: join(import.meta.dir, '../../shared/datasets') },
    json: { type: 'string' },
  },
});
if (!args.data) {
  console.error('usage: bun bench/qc-concordance.ts --data FILE [--datasets DIR] [--json OUT]');
  process.exit(2);
}

const concordance = gunzipSync(
  readFileSync(join(args.datasets!, 'postcode-district-concordances/qc_postcode_to_provincial_district_2017map.csv.gz')),
).toString('utf8');
const districtsOf = new Map<string, Set<string>>();
let rows = 0,
  badRows = 0;
for (const line of concordance.split('\n')) {
  if (!line.trim()) continue;
  rows++;
  const [raw, district] = line.split(',');
  const p = parsePostcode(raw.trim());
  if (!p.ok || p.isFsa || !/^\d+$/.test(district?.trim() ?? '')) {
    badRows++;
    continue;
  }
  const set = districtsOf.get(p.code) ?? new Set();
  set.add(district.trim());
  districtsOf.set(p.code, set);
}

const names = new Map<string, string>();
for (const line of readFileSync(join(args.datasets!, 'ocd-division-ids-ca/country-ca/province-qc-electoral_districts-2017.csv'), 'utf8')
  .split('\n')
  .slice(1)) {
  const m = /ed:(\d+)-2017,([^,]+),/.exec(line);
  if (m) names.set(m[1], m[2]);
}

const db = new Database(args.data, { readonly: true });
const queries = createPostcodeQueries(db);
const index = createBoundaryIndex({ db });
const qcProvincial =
  (db
    .prepare(`SELECT count(*) FROM boundaries WHERE level = 'provincial' AND province_territory = 'QC' AND is_current = 1`)
    .pluck()
    .get() as number) > 0;

const bySource: Record<string, number> = { nar: 0, cache: 0, fsa_derived: 0, not_found: 0 };
const federal = { in_qc_riding: 0, in_other_riding: 0, in_no_riding: 0 };
const district = { agree: 0, disagree: 0, no_district: 0 };
const started = performance.now();
const byFsa = new Map<string, Map<string, number>>();
for (const [code, ds] of districtsOf) {
  const r = resolvePostcode(parsePostcode(code) as Extract<ReturnType<typeof parsePostcode>, { ok: true }>, queries);
  const fsa = code.slice(0, 3);
  const tally = byFsa.get(fsa) ?? new Map<string, number>();
  for (const d of ds) tally.set(d, (tally.get(d) ?? 0) + 1);
  byFsa.set(fsa, tally);
  if (!r) {
    bySource.not_found++;
    continue;
  }
  bySource[r.source]++;
  const winners = index.winners(r.latlng.lng, r.latlng.lat);
  const fed = winners.federal;
  if (!fed) federal.in_no_riding++;
  // Federal ridings of the 2013 order are numbered by province: Québec's start with 24.
  else if (fed.province_territory === 'QC' || /^24\d{3}$/.test(fed.slug)) federal.in_qc_riding++;
  else federal.in_other_riding++;
  if (qcProvincial) {
    const prov = winners.provincial;
    if (!prov) district.no_district++;
    else if ([...ds].some((d) => names.has(d) && fold(names.get(d)!) === fold(prov.name))) district.agree++;
    else district.disagree++;
  }
}
const seconds = (performance.now() - started) / 1000;

// The FSA ceiling: one point per FSA can name one district; the best is its majority district.
let inMajority = 0,
  rural = 0,
  ruralInMajority = 0,
  fsasOneDistrict = 0;
const codesOfFsa = new Map<string, string[]>();
for (const code of districtsOf.keys()) codesOfFsa.set(code.slice(0, 3), [...(codesOfFsa.get(code.slice(0, 3)) ?? []), code]);
for (const [fsa, tally] of byFsa) {
  const majority = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  if (tally.size === 1) fsasOneDistrict++;
  for (const code of codesOfFsa.get(fsa)!) {
    const hit = districtsOf.get(code)!.has(majority);
    if (hit) inMajority++;
    if (fsa[1] === '0') {
      rural++;
      if (hit) ruralInMajority++;
    }
  }
}

const codes = districtsOf.size;
const pct = (n: number, d: number) => (d ? Number(((100 * n) / d).toFixed(2)) : null);
const fsasWithPoint = [...byFsa.keys()].filter((f) => queries.fsa(f) !== null).length;
const report = {
  data_file: args.data,
  concordance: {
    rows,
    bad_rows: badRows,
    codes,
    straddling_codes: [...districtsOf.values()].filter((s) => s.size > 1).length,
    fsas: byFsa.size,
    districts: new Set([...districtsOf.values()].flatMap((s) => [...s])).size,
  },
  located: {
    ...bySource,
    located_pct: pct(codes - bySource.not_found, codes),
    fsas_with_a_point: fsasWithPoint,
    seconds: Number(seconds.toFixed(2)),
    per_code_us: Number(((seconds * 1e6) / codes).toFixed(1)),
  },
  federal_riding_of_point: { ...federal, in_qc_riding_pct: pct(federal.in_qc_riding, codes - bySource.not_found) },
  fsa_ceiling: {
    fsas_with_one_district: fsasOneDistrict,
    codes_in_their_fsa_majority_district_pct: pct(inMajority, codes),
    rural_codes: rural,
    rural_codes_in_majority_pct: pct(ruralInMajority, rural),
    urban_codes_in_majority_pct: pct(inMajority - ruralInMajority, codes - rural),
  },
  provincial_district_agreement: qcProvincial
    ? { ...district, agree_pct: pct(district.agree, district.agree + district.disagree + district.no_district) }
    : 'not measurable: the data file has no Québec provincial boundaries (none are in the shared datasets)',
};
console.log(JSON.stringify(report, null, 2));
if (args.json) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
