// Check (not in CI: needs a local mirror of lchski/lop-parliamentarians-data and ../shared/datasets):
// the pack assembled from the repository's 5,189 ParlInfo person profiles, listed by its own
// parliamentarian-urls.csv, is byte-for-byte the datasets' parlinfo-people-1993-2020.jsonl.gz.
//   node_modules/.bin/bun bench/parlinfo-pack-check.ts /work/.mirror/lchski+lop-parliamentarians-data/repo
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FileOutcome } from '../build-db/fetch/fetch-file.js';
import { LISTERS } from '../build-db/fetch/listers.js';
import { assembleParlinfoPack, PARLINFO_PACK } from '../build-db/fetch/parlinfo/assemble-pack.js';

const gitDir = process.argv[2];
const DATASETS = process.argv[3] ?? join(import.meta.dirname, '../../shared/datasets');
if (!gitDir) {
  console.error('usage: parlinfo-pack-check.ts <git dir of lchski/lop-parliamentarians-data> [datasets]');
  process.exit(2);
}

const COMMIT = '217fd3c58692e9dd8d87e3e768f5bd3bbbd3bdf2';
const LIST_URL = `https://raw.githubusercontent.com/lchski/lop-parliamentarians-data/${COMMIT}/data/out/parliamentarian-urls.csv`;
const tmp = mkdtempSync(join(tmpdir(), 'canpol-parlinfo-'));
try {
  // Only the profiles' tree (the repository's parliamentarians.json is a large file the mirror may lack).
  const saved = join(tmp, 'profiles');
  mkdirSync(saved);
  execFileSync('sh', ['-c', `git --git-dir "$0" archive ${COMMIT}:data/source/lop/parliamentarians | tar x -C "$1"`, gitDir, saved]);
  mkdirSync(join(tmp, 'data/out'), { recursive: true });
  writeFileSync(
    join(tmp, 'data/out/parliamentarian-urls.csv'),
    execFileSync('git', ['--git-dir', gitDir, 'show', `${COMMIT}:data/out/parliamentarian-urls.csv`]),
  );
  const dir = join(tmp, 'cache/parlinfo-parliamentarians');
  mkdirSync(join(dir, 'parliamentarians'), { recursive: true });
  const listed = LISTERS['parlinfo-people'](readFileSync(join(tmp, 'data/out/parliamentarian-urls.csv'), 'utf8'), (p) => p, LIST_URL);
  if (listed.problems.length) throw new Error(listed.problems.join('; '));
  const names = new Set(readdirSync(saved));
  const files: FileOutcome[] = listed.files.map((f) => {
    // The URL's last segment, decoded, is the saved file's name (`<id>?callback=1`).
    const name = decodeURIComponent(new URL(f.url).pathname.split('/').at(-1)!);
    if (!names.has(name)) throw new Error(`${f.url}: no such file at ${COMMIT}`);
    writeFileSync(join(dir, f.path), gzipSync(readFileSync(join(saved, name))));
    return {
      source: 'parlinfo-parliamentarians',
      file: `parlinfo-parliamentarians/${f.path}`,
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
  const started = performance.now();
  const built = assembleParlinfoPack(dir, 'parlinfo-parliamentarians', files);
  const ms = performance.now() - started;
  if (!built.output) throw new Error(`pack not built: ${built.problems.slice(0, 5).join('; ')}`);
  const got = gunzipSync(readFileSync(join(dir, PARLINFO_PACK)));
  const want = gunzipSync(readFileSync(join(DATASETS, 'parlinfo-parliamentarians', PARLINFO_PACK)));
  console.log(
    JSON.stringify(
      {
        listed: listed.files.length,
        files_named: names.size,
        notes: built.notes,
        lines: got.toString('utf8').split('\n').filter(Boolean).length,
        want_lines: want.toString('utf8').split('\n').filter(Boolean).length,
        identical: got.equals(want),
        assemble_ms: Math.round(ms),
      },
      null,
      1,
    ),
  );
  if (!got.equals(want)) process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
