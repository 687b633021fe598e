// `make binary`: one executable holding every `canpol` command, built as a Node single-executable
// application (https://nodejs.org/api/single-executable-applications.html) on the Node of
// node_modules (the `node` package, the runtime dist/canpol.mjs is run and measured with):
//   1. the bundle of src/cli/binary-entry.ts (sea-bundle.ts);
//   2. Node's preparation blob: the bundle, the native files and the bundle again for worker threads
//      as assets, and the V8 flags the server wants (execArgv);
//   3. a copy of that Node executable with the blob injected (postject, the Node project's injector;
//      Node 22 has no command of its own for it).
// Usage: node_modules/.bin/bun src/cli/natives/build-binary.ts [OUTFILE]   (default dist/canpol)
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEA_EXEC_ARGV } from '../../server/ops/server-heap.js';
import { bundleForBinary } from './sea-bundle.js';
import { ASSETS } from './assets.js';
import { sqliteVecPath } from '../../core/natives/native-files.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const NODE = join(root, 'node_modules/node/bin/node');
/** The marker Node looks for to know it carries a blob (Node's documentation gives it). */
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const POSTJECT = join(root, 'node_modules/postject/dist/cli.js');

/** Runs one step; its output is shown only when it fails (postject warns about every ELF note of
 *  Node's executable it does not know, which says nothing about the result). */
function run(command: string, args: string[]): void {
  const r = spawnSync(command, args, { encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(
      `make binary: ${[command, ...args].join(' ')} failed (${r.error?.message ?? `exit ${r.status}`})\n${r.stdout}${r.stderr}`,
    );
}

const nativeFiles = (): Record<string, string> => {
  const onnx = join(root, 'node_modules/onnxruntime-node/bin/napi-v6', process.platform, process.arch);
  return {
    [ASSETS.sqlite]: join(root, 'node_modules/better-sqlite3/prebuilds', `${process.platform}-${process.arch}.node`),
    [ASSETS.onnxBinding]: join(onnx, 'onnxruntime_binding.node'),
    [ASSETS.onnxLibrary]: join(onnx, 'libonnxruntime.so.1'),
    [ASSETS.koffi]: join(
      root,
      `node_modules/@koromix/koffi-${process.platform}-${process.arch}`,
      `${process.platform}_${process.arch}`,
      'koffi.node',
    ),
    // Where the bundle finds it when nothing is unpacked: sqlite-vec's own answer.
    [ASSETS.vec0]: sqliteVecPath(),
  };
};

export async function buildBinary(outfile: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'canpol-binary-build-'));
  const part = `${outfile}.part`; // renamed over outfile only once whole
  try {
    const bundle = join(work, ASSETS.program);
    await bundleForBinary(root, bundle);
    const blob = join(work, 'sea.blob');
    const config = {
      main: bundle,
      output: blob,
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      // V8's code cache would save compiling the bundle at start (~0.1 s), but Node rejected it at
      // every start ("Code cache data rejected"): it was made under other V8 flags than execArgv's.
      useCodeCache: false,
      execArgv: SEA_EXEC_ARGV,
      // NODE_OPTIONS still reaches the binary's Node, as it reaches `node dist/canpol.mjs`.
      execArgvExtension: 'env',
      assets: { ...nativeFiles(), [ASSETS.program]: bundle },
    };
    writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config));
    run(NODE, ['--experimental-sea-config', join(work, 'sea-config.json')]);
    copyFileSync(NODE, part);
    run(NODE, [POSTJECT, part, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SENTINEL_FUSE]);
    chmodSync(part, 0o755);
    renameSync(part, outfile);
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(part, { force: true });
  }
}

if (import.meta.main) {
  const outfile = resolve(process.argv[2] ?? join(root, 'dist/canpol'));
  await buildBinary(outfile);
  console.error(`canpol: wrote ${outfile}`);
}
