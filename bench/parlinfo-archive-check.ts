// Check (not in CI: needs a local mirror of lchski/lop-parliamentarians-data and ../shared/datasets):
// the committed manifest's parlinfo-parliamentarians source fetched from the commit's real archive
// (`git archive` of the pinned commit, as codeload.github.com builds it: pax header, top folder,
// `<id>?callback=1` names) served on a loopback host, with GitHub raw answering 404 to everything:
// one request, and the pack assembled from it is byte-for-byte the datasets' pack.
//   node_modules/.bin/bun bench/parlinfo-archive-check.ts /work/.mirror/lchski+lop-parliamentarians-data/repo
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readManifest } from '../build-db/fetch/read-manifest.js';
import { runFetch } from '../build-db/fetch/run-fetch.js';
import { PARLINFO_PACK } from '../build-db/fetch/parlinfo/assemble-pack.js';

const gitDir = process.argv[2];
const DATASETS = process.argv[3] ?? join(import.meta.dirname, '../../shared/datasets');
if (!gitDir) {
  console.error('usage: parlinfo-archive-check.ts <git dir of lchski/lop-parliamentarians-data> [datasets]');
  process.exit(2);
}
const read = readManifest(join(import.meta.dirname, '../config/sources.manifest.json'));
if (!read.ok) throw new Error(read.problems.join('\n'));
const source = read.manifest.sources.find((s) => s.id === 'parlinfo-parliamentarians')!;
const archiveUrl = source.archive!.url;
const commit = archiveUrl.split('/').at(-1)!;

const tmp = mkdtempSync(join(tmpdir(), 'canpol-parlinfo-archive-'));
try {
  const tarball = join(tmp, 'archive.tar.gz');
  // The repository's parliamentarians.json (ParlInfo's whole list) is a large file a mirror may lack: the
  // archive is made of the paths the source reads (the list and the answers), as upstream holds them.
  execFileSync('git', [
    '--git-dir',
    gitDir,
    'archive',
    '--format=tar.gz',
    `--prefix=lop-parliamentarians-data-${commit}/`,
    '-o',
    tarball,
    commit,
    'data/out/parliamentarian-urls.csv',
    'data/source/lop/parliamentarians',
  ]);
  const body = readFileSync(tarball);
  const requests: string[] = [];
  const archivePath = new URL(archiveUrl).pathname;
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === `/codeload.github.com${archivePath}`) res.writeHead(200, { 'content-type': 'application/x-gzip' }).end(body);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const started = performance.now();
  const report = await runFetch({ manifest: { ...read.manifest, sources: [source] }, cache: join(tmp, 'cache'), mirror });
  const seconds = (performance.now() - started) / 1000;
  server.close();
  const got = gunzipSync(readFileSync(join(tmp, 'cache', source.dataset_dir, PARLINFO_PACK)));
  const want = gunzipSync(readFileSync(join(DATASETS, 'parlinfo-parliamentarians', PARLINFO_PACK)));
  console.log(
    JSON.stringify(
      {
        archive_bytes: statSync(tarball).size,
        requests,
        status: report.sources[0].status,
        files: report.sources[0].files.length,
        from_archive: report.sources[0].files.filter((f) => f.archive).length,
        cache_bytes: report.sources[0].files.reduce((n, f) => n + (f.bytes ?? 0), 0),
        identical: got.equals(want),
        fetch_seconds: Number(seconds.toFixed(1)),
      },
      null,
      1,
    ),
  );
  if (!got.equals(want) || requests.length !== 1) process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
