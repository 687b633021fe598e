// Listers turn a fetched index file into more files to fetch, for sources whose file list is
// published as data (Open North's boundary sets) rather than written out in the manifest.
import type { ManifestFile } from './manifest-types.js';

export type Lister = (index: string, urlOf: (path: string) => string) => { files: ManifestFile[]; problems: string[] };

/** represent-boundaries/manifest.json: per set, the shapefile and its companions. */
const representSets: Lister = (index, urlOf) => {
  const problems: string[] = [];
  let sets: Array<{ slug?: string; original_dir?: string; original_shp?: string }>;
  try { sets = JSON.parse(index); } catch (err) { return { files: [], problems: [`set list is not JSON: ${(err as Error).message}`] }; }
  if (!Array.isArray(sets)) return { files: [], problems: ['set list is not an array'] };
  const files: ManifestFile[] = [];
  for (const set of sets) {
    if (!set.original_dir || !set.original_shp?.toLowerCase().endsWith('.shp')) { problems.push(`set ${set.slug ?? '?'} names no shapefile`); continue; }
    const base = `${set.original_dir}/${set.original_shp.slice(0, -4)}`;
    // .shp/.shx/.dbf make a shapefile; .prj and .cpg are often missing upstream and the importer copes.
    for (const ext of ['.shp', '.shx', '.dbf']) files.push({ path: base + ext, url: urlOf(base + ext) });
    for (const ext of ['.prj', '.cpg']) files.push({ path: base + ext, url: urlOf(base + ext), optional: true });
  }
  return { files, problems };
};

export const LISTERS: Record<string, Lister> = { 'represent-sets': representSets };
