// The Represent boundary set list built from Open North's definition.py files: the parser of
// `boundaries.register(...)`, the translator of its functions into the importer's rule forms, and
// hand-written definitions in upstream's format served by the loopback upstream and run through the
// pipeline to a data file whose boundaries carry the names the definitions give.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { readSetsConfig, setEntry } from '../../../build-db/fetch/represent-definition/assemble-set-list.js';
import { parseDefinition, tokenize } from '../../../build-db/fetch/represent-definition/parse-definition.js';
import { translateId, translateKeep, translateName } from '../../../build-db/fetch/represent-definition/translate-rules.js';
import { Identity } from '../../../build-db/import/identity.js';
import { rulesFor } from '../../../build-db/import/represent-boundaries/feature-rules.js';
import { importRepresentBoundaries } from '../../../build-db/import/represent-boundaries/index.js';
import type { ImportContext } from '../../../build-db/import/types.js';
import { runPipeline } from '../../../build-db/pipeline/run-pipeline.js';
import { DATASETS, repoManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const fn = (src: string) => {
  const r = parseDefinition(`import boundaries\nboundaries.register('x', name_func=${src})\n`);
  if (!r.ok) throw new Error(r.reason);
  return r.definition.registrations[0].args.name_func;
};
const valid = (src: string) => {
  const r = parseDefinition(`import boundaries\nboundaries.register('x', is_valid_func=${src})\n`);
  if (!r.ok) throw new Error(r.reason);
  return r.definition.registrations[0].args.is_valid_func;
};

describe('parsing boundaries.register(...)', () => {
  test("strings (quotes, u and r prefixes, escapes, adjacent literals joined), dates, dicts and a loop's template", () => {
    const r = parseDefinition(
      [
        'from datetime import date',
        'import boundaries  # the loader',
        '',
        'sets = {1: "A"}',
        "boundaries.register(u\"St. John's \" 'wards',",
        "    domain='Caf\\xe9, NB',  # a comment, with ) and ,",
        '    last_updated=date(2018, 1, 6),',
        "    notes='''two\nlines''',",
        "    extra={'division_id': 'ocd-division/country:ca/csd:1001519', 'n': 2},",
        "    encoding=r'iso-8859-1',",
        ')',
        'for code, name in sets.items():',
        "    boundaries.register('%s wards' % name, domain='%s, ON' % name, is_valid_func=lambda f, name=name: f.get('M') == name)",
      ].join('\n'),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [a, b] = r.definition.registrations;
    expect(a.name).toEqual({ kind: 'str', value: "St. John's wards" });
    expect(a.args.domain).toEqual({ kind: 'str', value: 'Café, NB' });
    expect(a.args.last_updated).toEqual({ kind: 'date', value: '2018-01-06' });
    expect(a.args.notes).toEqual({ kind: 'str', value: 'two\nlines' });
    expect(a.args.extra).toEqual({
      kind: 'dict',
      value: { division_id: { kind: 'str', value: 'ocd-division/country:ca/csd:1001519' }, n: { kind: 'num', value: 2 } },
    });
    expect(b.name).toEqual({ kind: 'template', value: '%s wards' });
    // The lambda's parameters are split by a comma: it is kept whole.
    expect(b.args.is_valid_func).toMatchObject({ kind: 'expr', value: 'lambda f , name = name : f . get ( "M" ) == name' });
  });

  test('a raw string keeps its backslashes; an unknown escape stays as written', () => {
    const t = tokenize("r'\\D' '\\D' '\\\\'");
    expect(t.ok && t.tokens.map((k) => k.v)).toEqual(['\\D', '\\D', '\\']);
  });

  test('what it cannot read is a result naming the problem, never an exception', () => {
    expect(parseDefinition("boundaries.register('x',\n  domain='no end)\n")).toEqual({
      ok: false,
      reason: 'line 2: string not closed on its line',
    });
    expect(parseDefinition('import boundaries\n')).toEqual({ ok: false, reason: 'no boundaries.register(...) call' });
    expect(parseDefinition("boundaries.register('x', domain='a'")).toEqual({ ok: false, reason: 'boundaries.register( is not closed' });
    expect(parseDefinition('boundaries.register(domain=$)').ok).toBe(false);
  });
});

describe("translating upstream's functions into the importer's rule forms", () => {
  const name = (src: string, defs: Record<string, { text: string }> = {}) => translateName(fn(src), defs);
  test.each([
    ["boundaries.attr('WARD')", 'property WARD'],
    ["boundaries.clean_attr('NAME')", 'property NAME, whitespace tidied and capitalised as a name'],
    [
      "boundaries.dashed_attr('ED_NAME')",
      'property ED_NAME, capitalised as a name when all capitals, hyphens between place names written as em dashes',
    ],
    ["lambda f: 'Ward %s' % f.get('WARD_NUM')", "'Ward ' followed by property WARD_NUM"],
    ["lambda f: 'Ward %s' % int(f.get('WARD'))", "'Ward ' followed by property WARD"],
    ["lambda f: 'Division %d' % f.get('ward')", "'Division ' followed by property ward"],
    [
      "lambda f: f.get('NAME').replace('\\x92', \"'\")",
      'property NAME with the Windows-1252 right single quote byte replaced by an apostrophe',
    ],
    ["lambda f: f.get('PED_Names_').split(' / ')[0]", "the part of property PED_Names_ before ' / ' (the English name)"],
    [
      "lambda f: 'South Ward' if f.get('OBJECTID') == 35 else 'North Ward'",
      "'South Ward' for the feature with OBJECTID 35, otherwise 'North Ward'",
    ],
  ])('name_func %s', (src, rule) => {
    expect(name(src)).toEqual({ ok: true, rule, notes: [] });
  });

  test("dashed_attr's form in the importer: an all-capitals value capitalised, then em dashes (represent-boundaries' clean_attr + dashed_attr)", () => {
    const t = translateName(fn("boundaries.dashed_attr('N')"), {});
    if (!t.ok) throw new Error(t.reason);
    const r = rulesFor('x', { name_from: t.rule }, ['N']);
    if (!r.ok) throw new Error(r.reason);
    expect(r.rules.name({ N: 'ARM RIVER-WATROUS' })).toBe('Arm River—Watrous');
    expect(r.rules.name({ N: "Chester-St. Margaret's" })).toBe("Chester—St. Margaret's");
  });

  test('a def reading one attribute and renaming a few values: the attribute, the renames noted', () => {
    const r = parseDefinition(
      "import boundaries\n\n\ndef namer(f):\n    n = f.get('ED')\n    # see the Assembly\n    if n == 'Deh Cho':\n        return 'Dehcho'\n    return n\n\n\nboundaries.register('x', name_func=namer)\n",
    );
    if (!r.ok) throw new Error(r.reason);
    expect(translateName(r.definition.registrations[0].args.name_func, r.definition.functions)).toEqual({
      ok: true,
      rule: 'property ED',
      notes: ["upstream renames 'Deh Cho' → 'Dehcho' (not applied: the importer has no rename form)"],
    });
  });

  test('anything else is not translated, and says what it was', () => {
    expect(name("lambda f: f.get('WARD').zfill(2)")).toEqual({
      ok: false,
      reason: 'name_func not translatable: lambda f : f . get ( "WARD" ) . zfill ( 2 )',
    });
    expect(name("lambda f: 'Ward %s (%s)' % (f.get('A'), f.get('B'))").ok).toBe(false);
    expect(name('namer')).toEqual({ ok: false, reason: 'name_func namer is not defined in the file' });
  });

  test.each([
    ["lambda f: f.get('WARDNAME')", 'features where property WARDNAME is non-empty'],
    ["lambda f: f.get('Municipali') == 'Brampton'", "features where property Municipali equals 'Brampton'"],
    [
      "lambda f: int(f.get('YR')) == 2017 and f.get('WARDTYPE') == 'WARD'",
      "features with YR equal to 2017 and WARDTYPE equal to 'WARD' only",
    ],
    [
      "lambda f, name=name: f.get('Municipali') == name",
      "one boundary set per municipality: features whose property Municipali equals the municipality's name",
    ],
  ])('is_valid_func %s', (src, rule) => {
    expect(translateKeep(valid(src))).toEqual({ ok: true, rule, notes: [] });
  });

  test("a filter it cannot translate, and one on a name other than the loop's", () => {
    expect(translateKeep(valid("lambda f: f.get('A') in ('x', 'y')"))?.ok).toBe(false);
    expect(translateKeep(valid("lambda f: f.get('A') == other"))?.ok).toBe(false);
  });

  test("id_func forms in the words of the datasets' set list", () => {
    const id = (src: string) => {
      const r = translateId(fn(src));
      return r.ok ? r.rule : null;
    };
    expect(id("lambda f: re.sub(r'\\D', '', f.get('KEY'))")).toBe('digits of property KEY');
    expect(id("lambda f: re.sub(r'\\A0', '', f.get('ED_NO'))")).toBe('property ED_NO without a leading zero');
    expect(id("lambda f: int(f.get('number'))")).toBe('property number as an integer');
    expect(id("lambda f: f.get('WARD_NO').replace('00', '')")).toBe("property WARD_NO with '00' removed (100 becomes 1)");
  });

  test('a set whose name_func is untranslatable is listed with the reason; our naming decision, when there is one, is used and noted', () => {
    const src =
      "from datetime import date\nimport boundaries\nboundaries.register('Scugog wards', domain='Scugog, ON', last_updated=date(2018, 10, 1), name_func=lambda f: f.get('WARD').zfill(2), encoding='iso-8859-1', extra={'division_id': 'ocd-division/country:ca/csd:3518020'})\n";
    const where = {
      repo: 'opennorth/represent-canada-data',
      commit: 'c'.repeat(40),
      dir: 'boundaries/ocd-division/country:ca/csd:3518020',
    };
    const refused = setEntry('country-ca-csd-3518020', where, { shapefile: 'w.shp' }, src);
    expect(refused.feature_rules.untranslated).toBe('name_func not translatable: lambda f : f . get ( "WARD" ) . zfill ( 2 )');
    expect(refused).toMatchObject({
      original_dir: 'original/ocd-division/country_ca/csd_3518020',
      source_path: 'boundaries/ocd-division/country:ca/csd:3518020/w.shp',
      last_updated: '2018-10-01',
      dbf_encoding_used: 'iso-8859-1',
    });
    const decided = setEntry(
      'country-ca-csd-3518020',
      where,
      { shapefile: 'w.shp', naming: { name_from: 'property WARD', why: 'a test' }, crs: { epsg: 'EPSG:26917', why: 'a test' } },
      src,
    );
    expect(decided.feature_rules).toEqual({ name_from: 'property WARD' });
    expect(decided.crs_note).toBe('our decision: EPSG:26917, because a test');
    expect(decided.notes[0]).toStartWith('naming: our decision, because a test (name_func not translatable');
    expect(setEntry('x', where, { shapefile: 'w.shp' }, 'boundaries.register(').feature_rules.untranslated).toStartWith(
      'definition.py not understood',
    );
    expect(
      setEntry('x', where, { shapefile: 'w.shp' }, "boundaries.register('x', name_func=boundaries.attr('A'))").feature_rules.untranslated,
    ).toBe('definition.py states no domain, last_updated, division_id');
  });
});

test('every set of config/represent-boundary-sets.json has its definition.py in the sources manifest, and no other', () => {
  const files = repoManifest()
    .sources.find((s) => s.id === 'represent-boundaries')!
    .files.map((f) => /^definitions\/(.+)\.py$/.exec(f.path)?.[1]);
  expect(files.sort()).toEqual(Object.keys(readSetsConfig()).sort());
});

// Hand-written definitions in upstream's format for real set directories (the loopback serves their
// shapefiles from the datasets copy), each using another form; the names expected follow from the
// sets' own attributes (ogrinfo of the datasets' files, SOURCE.md).
const COMMIT = '4c7449e310716d9ba00bbb63ebeab97ad61afcaa';
const HEAD = 'from datetime import date\n\nimport boundaries\n\n';
const FIXTURES: Record<string, { dir: string; text: string }> = {
  // WARD_NUM 1, 2, 3
  'country-ca-csd-3518005': {
    dir: 'csd:3518005',
    text: `${HEAD}boundaries.register('Ajax wards',\n    domain='Ajax, ON',\n    last_updated=date(2018, 11, 4),\n    name_func=lambda f: 'Quartier %s' % f.get('WARD_NUM'),\n    id_func=boundaries.attr('WARD_NUM'),\n    encoding='iso-8859-1',\n    extra={'division_id': 'ocd-division/country:ca/csd:3518005'},\n)\n`,
  },
  // TEXT_ "Ward 1".."Ward 3"; the set's name from two adjacent literals, a u'' prefix, comments and a triple-quoted note.
  'country-ca-csd-3518001': {
    dir: 'csd:3518001',
    text: `${HEAD}# Pickering\nboundaries.register(u'Pickering ' "wards",  # joined\n    domain=u'Pickering, ON',\n    last_updated=date(2018, 5, 11),\n    name_func=boundaries.attr(u'TEXT_'),\n    notes='''a note, with ( and ,\n''',\n    encoding='utf-8',\n    extra={'division_id': 'ocd-division/country:ca/csd:3518001'},\n)\n`,
  },
  // NAME "Kellys Cove", "Stewart Cove", "Tea Hill": a def with a rename (noted, not applied); the .prj fixed by our decision.
  'country-ca-csd-1102080': {
    dir: 'csd:1102080',
    text: `import re\n${HEAD}\ndef namer(f):\n    n = f.get('NAME')\n    if n == "Kellys Cove":\n        return "Kelly's Cove"\n    return n\n\n\nboundaries.register('Stratford wards',\n    domain='Stratford, PE',\n    last_updated=date(2013, 7, 19),\n    name_func=namer,\n    id_func=lambda f: re.sub(r'\\D', '', f.get('KEY')),\n    encoding='iso-8859-1',\n    extra={'division_id': 'ocd-division/country:ca/csd:1102080'},\n)\n`,
  },
  // The Peel file: Municipali Brampton has WardNumber 1..10.
  'country-ca-csd-3521010': {
    dir: 'csd:3521010',
    text: `${HEAD}boundaries.register('Brampton wards',\n    domain='Brampton, ON',\n    last_updated=date(2023, 10, 6),\n    name_func=lambda f: 'Ward %s' % f.get('WardNumber'),\n    encoding='utf-8',\n    extra={'division_id': 'ocd-division/country:ca/csd:3521010'},\n    is_valid_func=lambda f: f.get('Municipali') == 'Brampton',\n)\n`,
  },
  // WARD_NUMBE 1..6 and one feature without: 'North' for ward 1, 'Rest' for the five others (merged).
  'country-ca-csd-3519049': {
    dir: 'csd:3519049',
    text: `${HEAD}boundaries.register('King wards',\n    domain='King, ON',\n    last_updated=date(2023, 12, 9),\n    name_func=lambda f: 'North' if f.get('WARD_NUMBE') == 1 else 'Rest',\n    encoding='iso-8859-1',\n    extra={'division_id': 'ocd-division/country:ca/csd:3519049'},\n    is_valid_func=lambda f: f.get('WARD_NUMBE'),\n)\n`,
  },
  // NAME "St. Eleanors-Bayview"…: em dashes.
  'country-ca-csd-1103025': {
    dir: 'csd:1103025',
    text: `${HEAD}boundaries.register('Summerside wards',\n    domain='Summerside, PE',\n    last_updated=date(2013, 7, 19),\n    name_func=boundaries.dashed_attr('NAME'),\n    encoding='iso-8859-1',\n    extra={'division_id': 'ocd-division/country:ca/csd:1103025'},\n)\n`,
  },
  // A lambda nothing translates: the import fails naming the set.
  'country-ca-csd-3518020': {
    dir: 'csd:3518020',
    text: `${HEAD}boundaries.register('Scugog wards',\n    domain='Scugog, ON',\n    last_updated=date(2018, 10, 1),\n    name_func=lambda f: 'Ward %s' % f.get('WARD').zfill(2),\n    encoding='iso-8859-1',\n    extra={'division_id': 'ocd-division/country:ca/csd:3518020'},\n)\n`,
  },
};
const HAVE = existsSync(join(DATASETS, 'represent-boundaries/manifest.json'));

describe.skipIf(!HAVE)('definitions fetched from the publisher, through the pipeline to a data file', () => {
  let up: Upstream;
  let dir: string;
  let root: string;
  const repo = repoManifest();
  const source = repo.sources.find((s) => s.id === 'represent-boundaries')!;
  const manifestWith = (slugs: string[]): SourcesManifest => ({
    ...repo,
    defaults: { ...repo.defaults, spacing_ms: 0 },
    sources: [
      { ...source, files: source.files.filter((f) => slugs.some((s) => f.path === `definitions/${s}.py`)) },
      repo.sources.find((s) => s.id === 'ocd-division-ids')!,
    ],
  });
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'canpol-setlist-'));
    root = join(dir, 'publishers');
    for (const f of Object.values(FIXTURES)) {
      const path = join(
        root,
        'raw.githubusercontent.com/opennorth/represent-canada-data',
        COMMIT,
        'boundaries/ocd-division/country:ca',
        f.dir,
        'definition.py',
      );
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, f.text);
    }
    up = await startUpstream(manifestWith(Object.keys(FIXTURES)), DATASETS, root);
  });
  afterAll(async () => {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('an untranslatable name_func fails the import naming the set; the set list names why', async () => {
    const cache = join(dir, 'cache-all');
    const report = await runFetch({
      manifest: manifestWith(Object.keys(FIXTURES)),
      cache,
      mirror: up.mirror,
      timeoutMs: 5_000,
      retries: 1,
      backoffMs: 5,
      perHost: 8,
    });
    expect(report.sources[0].status).toBe('fresh');
    const list = JSON.parse(readFileSync(join(cache, 'represent-boundaries/manifest.json'), 'utf8')) as Array<{
      slug: string;
      feature_rules: Record<string, string>;
    }>;
    expect(list.map((s) => s.slug).sort()).toEqual(Object.keys(FIXTURES).sort());
    expect(list.find((s) => s.slug === 'country-ca-csd-3518020')!.feature_rules.untranslated).toContain('zfill');
    const refused: string[] = [];
    const ctx: ImportContext = {
      identity: new Identity([]),
      existing: {},
      skip: () => {},
      refuse: (r) => refused.push(`${r.set}: ${r.reason}`),
      log: () => {},
    };
    await importRepresentBoundaries(join(cache, 'represent-boundaries'), ctx);
    expect(refused).toEqual([
      'country-ca-csd-3518020: naming or filter rule not translated from upstream: name_func not translatable: lambda f : "Ward %s" % f . get ( "WARD" ) . zfill ( 2 )',
    ]);
    // Without the operator's consent the pipeline fails and names it.
    const failed = await runPipeline({
      manifest: manifestWith(Object.keys(FIXTURES)),
      cache,
      work: join(dir, 'work-all'),
      publishDir: join(dir, 'release-all'),
      maxShrink: 0.1,
      mirror: up.mirror,
      fetch: { timeoutMs: 5_000, retries: 1, backoffMs: 5 },
    });
    expect(failed.status).toBe('failed');
    expect(JSON.stringify(failed)).toContain('country-ca-csd-3518020');
  }, 120_000);

  test('a definition held from its commit is not asked again: the publisher failing on it leaves the source fresh, the list unchanged', async () => {
    const cache = join(dir, 'cache-stale');
    const manifest = manifestWith(['country-ca-csd-3518005', 'country-ca-csd-3518001']);
    const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5, perHost: 8 });
    expect((await fetchNow()).sources[0].status).toBe('fresh');
    const list = join(cache, 'represent-boundaries/manifest.json');
    const before = readFileSync(list);
    const path = up.pathOf(manifest.sources[0].files.find((f) => f.path === 'definitions/country-ca-csd-3518005.py')!.url);
    up.behave(path, { kind: 'status', status: 500 });
    const asked = up.requests.length;
    const report = await fetchNow();
    up.behave(path, null);
    // A file at a commit cannot change (build-db/fetch/pinned.ts): it is not requested.
    expect(up.requests.slice(asked).some((r) => r.path === path)).toBe(false);
    expect(report.sources[0].status).toBe('fresh');
    expect(readFileSync(list).equals(before)).toBe(true);
    // Kept from the cached copy: both sets, Ajax still named by its definition.
    expect(
      (JSON.parse(before.toString('utf8')) as Array<{ slug: string; feature_rules: { name_from: string } }>).map((s) => [
        s.slug,
        s.feature_rules.name_from,
      ]),
    ).toEqual([
      ['country-ca-csd-3518001', 'property TEXT_'],
      ['country-ca-csd-3518005', "'Quartier ' followed by property WARD_NUM"],
    ]);
  }, 60_000);

  test('the translated sets reach the data file with the names their definitions give', async () => {
    const slugs = Object.keys(FIXTURES).filter((s) => s !== 'country-ca-csd-3518020');
    const r = await runPipeline({
      manifest: manifestWith(slugs),
      cache: join(dir, 'cache'),
      work: join(dir, 'work'),
      publishDir: join(dir, 'release'),
      maxShrink: 0.1,
      mirror: up.mirror,
      fetch: { timeoutMs: 5_000, retries: 1, backoffMs: 5 },
    });
    expect(r.error).toBeNull();
    expect(r.status).toBe('published');
    const db = new Database(join(dir, 'release/canpol.db'), { readonly: true });
    const names = (set: string) =>
      (db.prepare('SELECT name FROM boundaries WHERE source_set = ? ORDER BY name').all(set) as Array<{ name: string }>).map((x) => x.name);
    try {
      expect(names('ajax-wards')).toEqual(['Quartier 1', 'Quartier 2', 'Quartier 3']);
      expect(names('pickering-wards')).toEqual(['Ward 1', 'Ward 2', 'Ward 3']);
      expect(names('stratford-wards')).toEqual(['Kellys Cove', 'Stewart Cove', 'Tea Hill']);
      expect(names('brampton-wards')).toEqual([
        'Ward 1',
        'Ward 10',
        'Ward 2',
        'Ward 3',
        'Ward 4',
        'Ward 5',
        'Ward 6',
        'Ward 7',
        'Ward 8',
        'Ward 9',
      ]);
      expect(names('king-wards')).toEqual(['North', 'Rest']);
      expect(names('summerside-wards')).toEqual([
        'Center East—Downtown',
        'Clifton—Market',
        'Green Shore—Three Oaks',
        'Hillcrest—Platte River',
        'St. Eleanors—Bayview',
        'St. Eleanors—Slemon Park',
        'Summerside—North',
        'Wilmot',
      ]);
    } finally {
      db.close();
    }
  }, 180_000);
});
