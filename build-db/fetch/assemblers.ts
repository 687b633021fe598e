// Assemblers turn files fetched from a publisher into the one file an importer reads, for sources
// the publisher splits up (one GeoJSON per riding): the fetch keeps the publisher's own files (with
// their provenance and validators) and the pipeline builds the importer's file from them each run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeFileAtomic } from './cache-state.js';
import type { AssembleResult } from './assemble-result.js';
import type { FileOutcome } from './fetch-file.js';
import { assembleParlinfoPack, PARLINFO_PACK } from './parlinfo/assemble-pack.js';
import { assembleSetList, SET_LIST } from './represent-definition/assemble-set-list.js';
import { assembleBoundaryShapes } from './represent-boundary-shapes.js';

/** The 2023 ridings at full resolution, the file the fed-ridings-2023 importer prefers. */
const FED_2023 = 'federal-districts-2023.geojson.gz';

export type { AssembleResult };

/** `dir`: the source's folder of the fetch cache; `files`: this run's outcomes of its files (keys `<dataset_dir>/<path>`). */
export type Assembler = (dir: string, datasetDir: string, files: FileOutcome[]) => AssembleResult;

const FED_2013 = 'fed_2013_representation_order.geojson.gz';

/** The 2013 ridings, one Feature per `districts/<PROV>/<FEDNUM>.geojson`, as one FeatureCollection
 *  sorted by FEDNUM with each feature's `source_file` (the file the fed-ridings-2013 importer reads).
 *  Every listed riding must be in the cache: a collection short of one is not written (the last one stays). */
const fedRidingsCollection: Assembler = (dir, datasetDir, files) => {
  const prefix = `${datasetDir}/`;
  const ridings = files.filter((f) => /^districts\/[A-Z]{2}\/\d{5}\.geojson$/.test(f.file.slice(prefix.length)));
  const problems: string[] = [];
  if (!ridings.length) return { output: null, changed: false, problems: ['no riding file listed: collection not built'] };
  const features: Array<{ fednum: number; feature: Record<string, unknown> }> = [];
  for (const f of ridings) {
    const rel = f.file.slice(prefix.length);
    const path = join(dir, rel);
    if (!existsSync(path)) {
      problems.push(`${rel}: not in the cache (${f.result})`);
      continue;
    }
    let feature: { type?: string; properties?: Record<string, unknown>; geometry?: unknown };
    try {
      feature = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      problems.push(`${rel}: not JSON: ${(err as Error).message}`);
      continue;
    }
    const fednum = Number(feature?.properties?.FEDNUM);
    if (feature?.type !== 'Feature' || !feature.geometry || !Number.isInteger(fednum)) {
      problems.push(`${rel}: not a GeoJSON Feature with properties.FEDNUM`);
      continue;
    }
    if (String(fednum) !== rel.slice(-13, -8)) {
      problems.push(`${rel}: FEDNUM ${fednum} differs from the file name`);
      continue;
    }
    features.push({ fednum, feature: { ...feature, properties: { ...feature.properties, source_file: rel } } });
  }
  if (problems.length)
    return {
      output: null,
      changed: false,
      problems: [...problems, `collection not rebuilt: ${problems.length} of ${ridings.length} riding file(s) unusable`],
    };
  features.sort((a, b) => a.fednum - b.fednum);
  const text = JSON.stringify({ type: 'FeatureCollection', features: features.map((x) => x.feature) });
  const out = join(dir, FED_2013);
  const body = gzipSync(text, { level: 9 });
  // Same content → same bytes kept (gzip output is deterministic here: no name, no mtime).
  const same = existsSync(out) && readFileSync(out).equals(body);
  if (!same) writeFileAtomic(out, body);
  return { output: FED_2013, changed: !same, problems: [] };
};

/** Each assembler with the file it writes (a previous copy makes a failed assembly stale, not missing). */
export const ASSEMBLERS: Record<string, { run: Assembler; output: string }> = {
  'fed-ridings-2013-collection': { run: fedRidingsCollection, output: FED_2013 },
  // Open North's boundary set list, from each set's definition.py (read before the shapefiles are listed from it).
  'represent-set-list': { run: (dir, datasetDir, files) => assembleSetList(dir, datasetDir, files), output: SET_LIST },
  // ParlInfo's person profiles → the one-line-per-person pack of everyone with a seat since 1993-10-25.
  'parlinfo-people-pack': { run: assembleParlinfoPack, output: PARLINFO_PACK },
  // Represent's 2023 ridings: the boundary list joined to the shapes by name → one FeatureCollection by FED number.
  'fed-ridings-2023-collection': {
    run: (dir, datasetDir, files) => assembleBoundaryShapes(dir, datasetDir, files, FED_2023),
    output: FED_2023,
  },
};
