// Check (not in CI: needs a local mirror of opennorth/represent-canada-data and ../shared/datasets):
// the boundary set list built from the real definition.py files names, numbers and filters every
// set's features exactly as the datasets' hand-transcribed manifest does.
//   node_modules/.bin/bun bench/represent-set-list-check.ts /work/.mirror/opennorth+represent-canada-data/repo
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleSetList } from '../build-db/fetch/represent-definition/assemble-set-list.js';
import type { FileOutcome } from '../build-db/fetch/fetch-file.js';
import { Identity } from '../build-db/import/identity.js';
import { importRepresentBoundaries } from '../build-db/import/represent-boundaries/index.js';
import type { ImportContext } from '../build-db/import/types.js';

const gitDir = process.argv[2];
const DATASETS = process.argv[3] ?? join(import.meta.dirname, '../../shared/datasets');
if (!gitDir) {
  console.error('usage: represent-set-list-check.ts <git dir of opennorth/represent-canada-data> [datasets]');
  process.exit(2);
}

const source = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../config/sources.manifest.json'), 'utf8')) as {
    sources: Array<{ id: string; files: Array<{ path: string; url: string }> }>;
  }
).sources.find((s) => s.id === 'represent-boundaries')!;
const tmp = mkdtempSync(join(tmpdir(), 'canpol-setlist-'));
try {
  const dir = join(tmp, 'represent-boundaries');
  mkdirSync(join(dir, 'definitions'), { recursive: true });
  const files: FileOutcome[] = source.files.map((f) => {
    const [, commit, path] = /\/([0-9a-f]{40})\/(.+)$/.exec(decodeURIComponent(new URL(f.url).pathname))!;
    writeFileSync(join(dir, f.path), execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${path}`]));
    return {
      source: source.id,
      file: `represent-boundaries/${f.path}`,
      url: f.url,
      requested_at: '',
      status: 200,
      result: 'updated',
      attempts: 1,
      bytes: null,
      sha256: null,
      fetched_at: null,
      verified_at: null,
    };
  });
  const built = assembleSetList(dir, 'represent-boundaries', files);
  if (!built.output) throw new Error(`set list not built: ${built.problems.join('; ')}`);
  // The shapefiles and division ids as the datasets hold them (byte-identical to upstream: docs/nightly.md).
  symlinkSync(join(DATASETS, 'represent-boundaries/original'), join(dir, 'original'));
  const ocd = 'ocd-division-ids-ca';
  symlinkSync(join(DATASETS, ocd), join(tmp, ocd));

  const run = async (from: string) => {
    const refused: string[] = [];
    const ctx: ImportContext = {
      identity: new Identity([]),
      existing: {},
      skip: () => {},
      refuse: (r) => refused.push(`${r.set}: ${r.reason}`),
      log: () => {},
    };
    const out = await importRepresentBoundaries(from, ctx);
    return { boundaries: out.records.boundaries ?? [], refused, stats: out.stats };
  };
  const ours = await run(dir);
  const theirs = await run(join(DATASETS, 'represent-boundaries'));
  const key = (b: { source_set: string; slug: string; name: string; name_fr?: string | null; superseded_by?: string | null }) =>
    `${b.source_set}\t${b.slug}\t${b.name}\t${b.name_fr ?? ''}\t${b.superseded_by ?? ''}`;
  const sets = new Set([...ours.boundaries, ...theirs.boundaries].map((b) => b.source_set));
  let same = 0;
  const differing: string[] = [];
  for (const set of [...sets].sort()) {
    const a = ours.boundaries
      .filter((b) => b.source_set === set)
      .map(key)
      .sort();
    const b = theirs.boundaries
      .filter((x) => x.source_set === set)
      .map(key)
      .sort();
    const geo = (xs: typeof ours.boundaries) =>
      JSON.stringify(
        xs
          .filter((x) => x.source_set === set)
          .sort((p, q) => p.slug.localeCompare(q.slug))
          .map((x) => x.geometry),
      );
    if (JSON.stringify(a) === JSON.stringify(b) && geo(ours.boundaries) === geo(theirs.boundaries)) same++;
    else {
      const onlyOurs = a.filter((x) => !b.includes(x)).map((x) => x.split('\t')[2]);
      const onlyTheirs = b.filter((x) => !a.includes(x)).map((x) => x.split('\t')[2]);
      differing.push(
        `${set}: ${a.length} vs ${b.length} boundaries; ${onlyOurs.length} named differently, e.g. ours ${JSON.stringify(onlyOurs.slice(0, 4))} vs datasets ${JSON.stringify(onlyTheirs.slice(0, 4))}`,
      );
    }
  }
  // Rules compared in words: the importer reads name_from/keep; id_from is informative.
  const words = (p: string) =>
    new Map(
      (JSON.parse(readFileSync(p, 'utf8')) as Array<{ slug: string; feature_rules?: Record<string, string> }>).map((s) => [
        s.slug,
        s.feature_rules ?? {},
      ]),
    );
  const ourRules = words(join(dir, 'manifest.json'));
  const theirRules = words(join(DATASETS, 'represent-boundaries/manifest.json'));
  const ruleDiffs: string[] = [];
  for (const [slug, r] of theirRules)
    for (const k of ['name_from', 'id_from', 'keep'])
      if ((ourRules.get(slug)?.[k] ?? null) !== (r[k] ?? null))
        ruleDiffs.push(`${slug} ${k}: ours ${JSON.stringify(ourRules.get(slug)?.[k] ?? null)} vs datasets ${JSON.stringify(r[k] ?? null)}`);
  const notes = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Array<{ slug: string; notes: string[] }>)
    .filter((s) => s.notes.length)
    .map((s) => `${s.slug}: ${s.notes.join('; ')}`);
  console.log(
    JSON.stringify(
      {
        sets_in_list: ourRules.size,
        boundaries: { ours: ours.boundaries.length, datasets: theirs.boundaries.length },
        features_kept: { ours: ours.stats?.features_kept, datasets: theirs.stats?.features_kept },
        boundary_sets_identical: `${same} of ${sets.size}`,
        differing,
        refused: { ours: ours.refused, datasets: theirs.refused },
        rule_words_differing: ruleDiffs,
        notes,
      },
      null,
      1,
    ),
  );
  process.exitCode = differing.length || ours.refused.length ? 1 : 0;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
