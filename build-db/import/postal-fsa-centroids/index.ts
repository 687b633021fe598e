// `canpol import postal-fsa-centroids`: one point per forward sortation area (ca_fsa_centroids.csv,
// GeoNames' FSA-level postal dump via pypostalcode) → fsa_points, the FSA fallback of decisions 7.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePostcode, provinceOfPostcode } from '../../../src/core/domain/postcode.js';
import { csvRecords } from '../csv.js';
import { decimal, inCanada } from '../postcode-checks.js';
import { readSourceNotes } from '../source-notes.js';
import type { Importer, ImportContext, ImportOutput, SourceInput } from '../types.js';
import { provinceCode } from './province-names.js';

export const FSA_FILE = 'ca_fsa_centroids.csv';

/** The commit date SOURCE.md gives next to the commit ("`f0d7245…` (2021-06-19)"): when the rows were taken. */
function commitDate(dir: string): string | null {
  const path = join(dir, 'SOURCE.md');
  if (!existsSync(path)) return null;
  return /\*\*Commit:\*\*\s*`[0-9a-f]{7,40}`\s*\((\d{4}-\d{2}-\d{2})\)/.exec(readFileSync(path, 'utf8'))?.[1] ?? null;
}

export function importFsaCentroids(from: string, ctx: ImportContext): ImportOutput {
  const text = readFileSync(join(from, FSA_FILE), 'utf8');
  const notes = readSourceNotes(from);
  const date = commitDate(from);
  const fetchedAt = date ? `${date}T00:00:00Z` : null;
  const out: Array<SourceInput<'fsa_points'>> = [];
  const seen = new Map<string, number>();
  const stats: Record<string, number> = { rows: 0, province_differs_from_first_letter: 0 };

  for (const { line, values } of csvRecords(text)) {
    stats.rows++;
    const skip = (reason: string, detail: string) => ctx.skip({ file: FSA_FILE, record: `line ${line}`, reason, detail });
    const p = parsePostcode((values.fsa ?? '').trim());
    if (!p.ok || !p.isFsa) {
      skip('invalid FSA', `fsa ${JSON.stringify(values.fsa)}`);
      continue;
    }
    const lat = decimal(values.latitude);
    const lng = decimal(values.longitude);
    if (lat === null || lng === null) {
      skip('unreadable coordinates', `${p.code}: ${JSON.stringify(values.latitude)}, ${JSON.stringify(values.longitude)}`);
      continue;
    }
    // H0H, Canada Post's "Santa Claus" code, sits at the North Pole (90, 0): not a place in Canada.
    if (!inCanada(lat, lng)) {
      skip('coordinates outside Canada', `${p.code} (${values.city}) at ${lat}, ${lng}`);
      continue;
    }
    if (seen.has(p.code)) {
      skip('duplicate FSA', `${p.code} first at line ${seen.get(p.code)}`);
      continue;
    }
    seen.set(p.code, line);
    const province = provinceCode(values.province ?? '');
    if (province === null)
      ctx.log(`${FSA_FILE}:${line}: unknown province name ${JSON.stringify(values.province)}; taken from the first letter`);
    if (province !== null && province !== provinceOfPostcode(p.code)) {
      stats.province_differs_from_first_letter++;
      ctx.log(
        `${FSA_FILE}:${line}: ${p.code} is in ${province} by the file, ${provinceOfPostcode(p.code)} by its first letter; the file is kept`,
      );
    }
    out.push({
      fsa: p.code,
      lat,
      lng,
      city: values.city?.trim() || null,
      province_territory: province ?? provinceOfPostcode(p.code),
      fetched_at: fetchedAt,
    });
  }
  stats.fsa_points = out.length;
  ctx.log(`${out.length} FSA points from ${stats.rows} rows`);
  return {
    records: { fsa_points: out },
    sources: [
      {
        id: 'postal-fsa-centroids',
        version: notes.commit ?? 'unknown',
        url: notes.repository ? `https://github.com/${notes.repository}` : undefined,
        ...(fetchedAt ? { retrieved_at: fetchedAt } : {}),
        licence: 'CC BY 4.0 (GeoNames postal dump); includes information copied with permission from Canada Post Corporation',
      },
    ],
    coverage: [],
    stats,
  };
}

export const fsaCentroidsImporter: Importer = {
  kind: 'postal-fsa-centroids',
  summary: 'one point per forward sortation area (FSA fallback of postcode resolution)',
  datasetDir: 'postal-fsa-centroids',
  run: importFsaCentroids,
};
