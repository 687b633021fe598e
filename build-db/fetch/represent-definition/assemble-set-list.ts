// The Represent boundary set list (represent-boundaries/manifest.json, the file the importer and
// the `represent-sets` lister read), built each run from the sets' own definition.py files fetched
// from Open North's repository (`definitions/<slug>.py`, each from
// raw.githubusercontent.com/opennorth/represent-canada-data/<commit>/<dir>/definition.py) and our
// per-set config (config/represent-boundary-sets.json: which shapefile, and our decisions).
// A set whose definition cannot be read or whose naming function cannot be translated is still
// listed, with `feature_rules.untranslated` saying why: the importer refuses it naming the set.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectJson } from '../../../src/core/project-files.js';
import { writeFileAtomic } from '../cache-state.js';
import type { FileOutcome } from '../fetch-file.js';
import { parseDefinition, type PyValue, type Registration } from './parse-definition.js';
import { translateId, translateKeep, translateName } from './translate-rules.js';

export const SET_LIST = 'manifest.json';
/** The per-set config, carried inside the bundle and the binary (src/project-files.ts). */
export const SETS_CONFIG = 'config/represent-boundary-sets.json';

export interface SetConfig {
  shapefile: string;
  crs?: { epsg: string; why: string };
  naming?: { name_from: string; why: string };
}

/** One entry of the set list: the fields build-db/import/represent-boundaries reads, and provenance. */
export interface SetEntry {
  slug: string;
  original_dir: string;
  original_shp: string;
  source_repo: string;
  source_commit: string;
  source_path: string;
  boundary_set_names: string[];
  domain: string;
  last_updated: string;
  division_id: string;
  authority: string | null;
  source_url: string | null;
  licence_url: string | null;
  data_url: string | null;
  dbf_encoding_used: string | null;
  crs_note: string | null;
  feature_rules: { name_from?: string; id_from?: string; keep?: string; untranslated?: string };
  notes: string[];
}

const DEFINITION = /^definitions\/([a-z0-9-]+)\.py$/;
/** …/<owner>/<repo>/<40-hex commit>/<set dir>/definition.py (the real host, or the loopback mirror's path). */
const UPSTREAM = /\/([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)\/([0-9a-f]{40})\/(.+)\/definition\.py$/;

const text = (v: PyValue | undefined): string | null =>
  v && (v.kind === 'str' || v.kind === 'template' || v.kind === 'date') ? v.value : null;

/** The set's entry from its upstream location, our config and its definition's first registration. */
export function setEntry(
  slug: string,
  where: { repo: string; commit: string; dir: string },
  config: SetConfig,
  source: string | null,
): SetEntry {
  const entry: SetEntry = {
    slug,
    original_dir: `original/${where.dir.replace(/^boundaries\//, '').replace(/:/g, '_')}`,
    original_shp: config.shapefile,
    source_repo: where.repo,
    source_commit: where.commit,
    source_path: `${where.dir}/${config.shapefile}`,
    boundary_set_names: [],
    domain: '',
    last_updated: '',
    division_id: '',
    authority: null,
    source_url: null,
    licence_url: null,
    data_url: null,
    dbf_encoding_used: null,
    crs_note: config.crs ? `our decision: ${config.crs.epsg}, because ${config.crs.why}` : null,
    feature_rules: {},
    notes: [],
  };
  if (source === null) {
    entry.feature_rules.untranslated = 'definition.py not fetched';
    return entry;
  }
  const parsed = parseDefinition(source);
  if (!parsed.ok) {
    entry.feature_rules.untranslated = `definition.py not understood: ${parsed.reason}`;
    return entry;
  }
  // A file registering several sets (New Brunswick's wards: Grand Falls, then one per municipality in
  // a loop) gives its first: the set our config names by this slug.
  const reg: Registration = parsed.definition.registrations[0];
  const a = reg.args;
  const extra = a.extra?.kind === 'dict' ? a.extra.value : {};
  entry.boundary_set_names = [text(reg.name) ?? ''];
  entry.domain = text(a.domain) ?? '';
  entry.last_updated = text(a.last_updated) ?? '';
  entry.division_id = text(extra.division_id) ?? '';
  entry.authority = text(a.authority);
  entry.source_url = text(a.source_url);
  entry.licence_url = text(a.licence_url);
  entry.data_url = text(a.data_url);
  entry.dbf_encoding_used = text(a.encoding);
  const missing = (['domain', 'last_updated', 'division_id'] as const).filter((k) => !entry[k]);
  if (!entry.boundary_set_names[0]) missing.unshift('boundary_set_names' as never);
  if (missing.length) {
    entry.feature_rules.untranslated = `definition.py states no ${missing.join(', ')}`;
    return entry;
  }

  const name = translateName(a.name_func, parsed.definition.functions);
  if (name.ok) {
    entry.feature_rules.name_from = name.rule;
    entry.notes.push(...name.notes);
  } else if (config.naming) {
    entry.feature_rules.name_from = config.naming.name_from;
    entry.notes.push(`naming: our decision, because ${config.naming.why} (${name.reason})`);
  } else entry.feature_rules.untranslated = name.reason;
  const id = translateId(a.id_func);
  if (id.ok) entry.feature_rules.id_from = id.rule;
  else if (a.id_func) entry.notes.push(id.reason);
  const keep = translateKeep(a.is_valid_func);
  if (keep?.ok) entry.feature_rules.keep = keep.rule;
  else if (keep && !entry.feature_rules.untranslated) entry.feature_rules.untranslated = keep.reason;
  return entry;
}

/** The committed per-set config, or the one at `path` (a test's). */
export function readSetsConfig(path?: string): Record<string, SetConfig> {
  const file = path === undefined ? projectJson(SETS_CONFIG) : JSON.parse(readFileSync(path, 'utf8'));
  return (file as { sets: Record<string, SetConfig> }).sets;
}

export interface AssembleSetList {
  output: string | null;
  changed: boolean;
  problems: string[];
}

/** `files`: this run's outcomes of the source's files (keys `<dataset_dir>/<path>`). */
export function assembleSetList(dir: string, datasetDir: string, files: FileOutcome[], configPath?: string): AssembleSetList {
  let config: Record<string, SetConfig>;
  try {
    config = readSetsConfig(configPath);
  } catch (err) {
    return { output: null, changed: false, problems: [`${configPath}: ${(err as Error).message}`] };
  }
  const problems: string[] = [];
  const entries: SetEntry[] = [];
  const prefix = `${datasetDir}/`;
  for (const f of files) {
    const rel = f.file.slice(prefix.length);
    const slug = DEFINITION.exec(rel)?.[1];
    if (!slug) continue;
    const at = UPSTREAM.exec(decodeURIComponent(new URL(f.url).pathname));
    if (!at) {
      problems.push(`${rel}: URL is not <owner>/<repo>/<commit>/<dir>/definition.py: ${f.url}`);
      continue;
    }
    if (!config[slug]) {
      problems.push(`${rel}: set ${slug} is not in ${configPath ?? SETS_CONFIG}`);
      continue;
    }
    const path = join(dir, rel);
    // Not fetched this run and never before: the last set list stays rather than one short of a set.
    if (!existsSync(path)) {
      problems.push(`${rel}: not in the cache (${f.result})`);
      continue;
    }
    entries.push(setEntry(slug, { repo: at[1], commit: at[2], dir: at[3] }, config[slug], readFileSync(path, 'utf8')));
  }
  if (problems.length) return { output: null, changed: false, problems: [...problems, 'set list not rebuilt'] };
  if (!entries.length) return { output: null, changed: false, problems: ['no definition.py listed: set list not built'] };
  const body = Buffer.from(`${JSON.stringify(entries, null, 1)}\n`);
  const out = join(dir, SET_LIST);
  const same = existsSync(out) && readFileSync(out).equals(body);
  if (!same) writeFileAtomic(out, body);
  return { output: SET_LIST, changed: !same, problems: [] };
}
