// One boundary set at full resolution from Open North Represent's API: the set's boundary list
// (`/boundaries/{set}/?limit=1000`: name, external_id) and its shapes (`/boundaries/{set}/shape?limit=1000`:
// name, shape as a GeoJSON MultiPolygon), each crawled page by page (`meta.next`), then joined by name
// into the one FeatureCollection an importer reads (`properties.id` = external_id, the FED number for
// the federal sets). A set whose pages disagree (a boundary without its shape, a count short of
// `meta.total_count`) is not written: the last good file stays and the source is stale.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AssembleResult } from './assemble-result.js';
import { writeFileAtomic } from './cache-state.js';
import type { FileOutcome } from './fetch-file.js';
import type { ManifestFile } from './manifest-types.js';

export const LIST_DIR = 'represent/boundaries';
export const SHAPE_DIR = 'represent/shapes';
export const PAGES_LISTER = 'represent-boundary-pages';

interface Page<T> {
  objects?: T[];
  meta?: { next?: string | null; total_count?: number };
}
interface ListItem {
  name?: string;
  external_id?: string;
  url?: string;
}
interface ShapeItem {
  name?: string;
  shape?: { type?: string; coordinates?: unknown[] } | null;
}

/** A page of either listing: the next page, stored beside it by offset (`offset-<n>.json`). */
export function representBoundaryPages(index: string, _urlOf: unknown, indexUrl = ''): { files: ManifestFile[]; problems: string[] } {
  const dir = new URL(indexUrl).pathname.replace(/\/+$/, '').endsWith('/shape') ? SHAPE_DIR : LIST_DIR;
  let page: Page<unknown>;
  try {
    page = JSON.parse(index);
  } catch (err) {
    return { files: [], problems: [`${dir}: page is not JSON: ${(err as Error).message}`] };
  }
  if (!Array.isArray(page?.objects)) return { files: [], problems: [`${dir}: page has no objects array`] };
  const next = page.meta?.next;
  if (!next) return { files: [], problems: [] };
  const url = new URL(next, indexUrl);
  const offset = url.searchParams.get('offset');
  if (!offset || !/^\d+$/.test(offset)) return { files: [], problems: [`${dir}: meta.next has no offset: ${next}`] };
  return { files: [{ path: `${dir}/offset-${offset}.json`, url: url.href, list_with: PAGES_LISTER }], problems: [] };
}

/** Every object of one listing's pages this run, in offset order, with problems when it is incomplete. */
function readListing<T>(dir: string, cacheDir: string, datasetDir: string, files: FileOutcome[], problems: string[]): T[] | null {
  const prefix = `${datasetDir}/${dir}/offset-`;
  const pages = files
    .filter((f) => f.file.startsWith(prefix) && f.file.endsWith('.json'))
    .map((f) => ({ rel: f.file.slice(datasetDir.length + 1), offset: Number(f.file.slice(prefix.length, -5)), result: f.result }))
    .sort((a, b) => a.offset - b.offset);
  if (!pages.length) {
    problems.push(`${dir}: no page fetched`);
    return null;
  }
  const objects: T[] = [];
  let total: number | null = null;
  for (const p of pages) {
    const path = join(cacheDir, p.rel);
    if (!existsSync(path)) {
      problems.push(`${p.rel}: not in the cache (${p.result})`);
      return null;
    }
    let page: Page<T>;
    try {
      page = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      problems.push(`${p.rel}: not JSON: ${(err as Error).message}`);
      return null;
    }
    if (!Array.isArray(page.objects)) {
      problems.push(`${p.rel}: no objects array`);
      return null;
    }
    objects.push(...page.objects);
    if (typeof page.meta?.total_count === 'number') total = page.meta.total_count;
  }
  if (total !== null && total !== objects.length) {
    problems.push(`${dir}: ${objects.length} objects on its pages, meta.total_count says ${total}`);
    return null;
  }
  return objects;
}

/** The pages of one set → `output` (a gzipped FeatureCollection sorted by id), written only when its bytes change. */
export function assembleBoundaryShapes(cacheDir: string, datasetDir: string, files: FileOutcome[], output: string): AssembleResult {
  const problems: string[] = [];
  const list = readListing<ListItem>(LIST_DIR, cacheDir, datasetDir, files, problems);
  const shapes = readListing<ShapeItem>(SHAPE_DIR, cacheDir, datasetDir, files, problems);
  if (!list || !shapes) return { output: null, changed: false, problems: [...problems, 'collection not built'] };
  const byName = new Map<string, ShapeItem['shape']>();
  for (const s of shapes) {
    if (!s.name || !s.shape) {
      problems.push(`${SHAPE_DIR}: an object without a name or shape (${JSON.stringify(s.name ?? null)})`);
      continue;
    }
    if (byName.has(s.name)) problems.push(`${SHAPE_DIR}: two shapes named ${JSON.stringify(s.name)}`);
    byName.set(s.name, s.shape);
  }
  const features: Array<{ type: 'Feature'; properties: { id: string; name: string }; geometry: unknown }> = [];
  for (const b of list) {
    const shape = b.name ? byName.get(b.name) : undefined;
    if (!b.name || !b.external_id) {
      problems.push(`${LIST_DIR}: a boundary without a name or external_id (${JSON.stringify(b.url ?? null)})`);
      continue;
    }
    if (!shape || (shape.type !== 'MultiPolygon' && shape.type !== 'Polygon')) {
      problems.push(`${LIST_DIR}: ${b.name} has no Polygon or MultiPolygon among the shapes`);
      continue;
    }
    features.push({ type: 'Feature', properties: { id: b.external_id, name: b.name }, geometry: shape });
  }
  if (problems.length)
    return { output: null, changed: false, problems: [...problems, `collection not rebuilt: ${problems.length} problem(s)`] };
  features.sort((a, b) => a.properties.id.localeCompare(b.properties.id));
  const body = gzipSync(JSON.stringify({ type: 'FeatureCollection', features }), { level: 9 });
  const out = join(cacheDir, output);
  const same = existsSync(out) && readFileSync(out).equals(body);
  if (!same) writeFileAtomic(out, body);
  return { output, changed: !same, problems: [] };
}
