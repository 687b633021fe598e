// definition.py files in Open North's format, written from the datasets' set list
// (../shared/datasets/represent-boundaries/manifest.json, whose rules are in words), so the loopback
// upstream serves every set as its publisher does. Each rule in words becomes the Python form
// upstream uses for it (boundaries.attr, clean_attr, dashed_attr, lambdas); a prose rule becomes the
// attribute it names, else the attribute the importer infers from the set's own features (its
// `inferName`), else a custom `def namer(f)` nothing translates (Montréal: our naming decision).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inferName } from '../../build-db/import/represent-boundaries/feature-rules.js';
import { readShapefile } from '../../build-db/import/represent-boundaries/read-shapefile.js';

interface DatasetSet {
  slug: string;
  original_dir: string;
  original_shp: string;
  boundary_set_names: string[];
  domain: string;
  last_updated: string;
  authority?: string | null;
  source_url?: string | null;
  licence_url?: string | null;
  data_url?: string | null;
  division_id: string;
  dbf_encoding_used: string | null;
  properties?: string[];
  feature_rules?: { name_from?: string; keep?: string };
}

const py = (s: string) => JSON.stringify(s); // a JSON string is a Python string literal

async function nameFunc(set: DatasetSet, dir: string): Promise<{ expr: string; defs: string }> {
  const rule = set.feature_rules?.name_from ?? '';
  let m: RegExpExecArray | null;
  if ((m = /^property (\w+)$/.exec(rule))) return { expr: `boundaries.attr(${py(m[1])})`, defs: '' };
  if ((m = /^property (\w+)(?: \(all capitals\))?, (?:whitespace tidied and )?capitalised as a name$/.exec(rule)))
    return { expr: `boundaries.clean_attr(${py(m[1])})`, defs: '' };
  if ((m = /^property (\w+), hyphens between place names written as em dashes$/.exec(rule)))
    return { expr: `boundaries.dashed_attr(${py(m[1])})`, defs: '' };
  if ((m = /^'([^']*)' followed by property (\w+)$/.exec(rule)))
    return { expr: `lambda f: ${py(`${m[1]}%s`)} % f.get(${py(m[2])})`, defs: '' };
  if ((m = /^property (\w+) with the Windows-1252 right single quote byte replaced by an apostrophe$/.exec(rule)))
    return { expr: `lambda f: f.get(${py(m[1])}).replace('\\x92', "'")`, defs: '' };
  if ((m = /^the part of property (\w+) before ' \/ ' \(the English name\)$/.exec(rule)))
    return { expr: `lambda f: f.get(${py(m[1])}).split(' / ')[0]`, defs: '' };
  if ((m = /^'([^']*)' for the feature with (\w+) ([\w.-]+), otherwise '([^']*)'$/.exec(rule)))
    return { expr: `lambda f: ${py(m[1])} if f.get(${py(m[2])}) == ${m[3]} else ${py(m[4])}`, defs: '' };
  const caps = /capitali[sz]ed/i.test(rule);
  let attr = (set.properties ?? []).find((k) => new RegExp(`\\b${k}\\b`).test(rule)) ?? null;
  if (!attr && !/borough/.test(rule)) {
    const shp = join(dir, set.original_dir, set.original_shp);
    if (existsSync(shp)) {
      const { features } = await readShapefile(shp, set.dbf_encoding_used);
      attr = inferName(
        Object.keys(features[0]?.properties ?? {}),
        features.map((f) => f.properties),
      );
    }
  }
  if (attr) return { expr: `boundaries.${caps ? 'clean_attr' : 'attr'}(${py(attr)})`, defs: '' };
  return {
    expr: 'namer',
    defs: "def namer(f):\n    for key in ('NM_DIS', 'NM_ARON'):\n        if f.get(key):\n            return f.get(key)\n\n\n",
  };
}

function validFunc(keep: string | undefined): { expr: string | null; loop: string | null } {
  let m: RegExpExecArray | null;
  if (!keep) return { expr: null, loop: null };
  if ((m = /^features where property (\w+) is non-empty$/.exec(keep))) return { expr: `lambda f: f.get(${py(m[1])})`, loop: null };
  if ((m = /^features where property (\w+) equals '([^']*)'$/.exec(keep)))
    return { expr: `lambda f: f.get(${py(m[1])}) == ${py(m[2])}`, loop: null };
  if ((m = /^features with (\w+) equal to ([\w.]+) and (\w+) equal to '([^']*)' only$/.exec(keep)))
    return { expr: `lambda f: int(f.get(${py(m[1])})) == ${m[2]} and f.get(${py(m[3])}) == ${py(m[4])}`, loop: null };
  if ((m = /^features whose (\w+) is the (.+?) \/ (.+?) municipality/.exec(keep)))
    return { expr: `lambda f: f.get(${py(m[1])}) == ${py(`${m[2]}\\${m[3]}`)}`, loop: null };
  if ((m = /^one boundary set per municipality: features whose property (\w+) equals/.exec(keep)))
    return { expr: `lambda f, name=name: f.get(${py(m[1])}) == name`, loop: m[1] };
  throw new Error(`no Python form for keep rule ${keep}`);
}

/** slug → definition.py text. */
export async function definitionsFromDatasets(datasets: string): Promise<Map<string, string>> {
  const dir = join(datasets, 'represent-boundaries');
  const out = new Map<string, string>();
  if (!existsSync(join(dir, 'manifest.json'))) return out;
  for (const set of JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as DatasetSet[]) {
    const name = await nameFunc(set, dir);
    const valid = validFunc(set.feature_rules?.keep);
    const [y, mo, d] = set.last_updated.split('-').map(Number);
    const loop = valid.loop !== null;
    const args = [
      loop ? `'%s wards' % name` : py(set.boundary_set_names[0]),
      `domain=${loop ? `${py(set.domain)} % name` : py(set.domain)}`,
      `last_updated=date(${y}, ${mo}, ${d})`,
      `name_func=${name.expr}`,
      ...(['authority', 'source_url', 'licence_url', 'data_url'] as const).filter((k) => set[k]).map((k) => `${k}=${py(set[k]!)}`),
      `encoding=${py(set.dbf_encoding_used === 'win1252' ? 'iso-8859-1' : 'utf-8')}`,
      `extra={'division_id': ${loop ? `${py(set.division_id)} % geographic_code` : py(set.division_id)}}`,
      ...(valid.expr ? [`is_valid_func=${valid.expr}`] : []),
    ];
    const call = `boundaries.register(${args.join(',\n    ')},\n)\n`;
    const body = loop
      ? `sets = {\n    1: 'A',\n}\n\nfor geographic_code, name in sets.items():\n    ${call.replace(/\n/g, '\n    ').trimEnd()}\n`
      : call;
    out.set(set.slug, `from datetime import date\n\nimport boundaries\n\n\n${name.defs}${body}`);
  }
  return out;
}
