// `make binary`: compile src/binary-entry.ts and everything it imports into one executable with
// `bun build --compile` (as Bun's JS API, for the one plugin below). Usage:
//   bun src/natives/build-binary.ts [OUTFILE]   (default dist/canpol)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BunPlugin } from 'bun';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// better-sqlite3's main entry finds its addon with a computed path, which Bun cannot follow;
// its per-platform entry requires the prebuilt addon by a literal path, which Bun embeds.
const sqliteForThisPlatform: BunPlugin = {
  name: 'better-sqlite3-platform-entry',
  setup(build) {
    const entry = join(root, 'node_modules/better-sqlite3/lib', `${process.platform}-${process.arch}.js`);
    build.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: entry }));
  },
};

export async function buildBinary(outfile: string): Promise<void> {
  const result = await Bun.build({
    entrypoints: [join(root, 'src/binary-entry.ts')],
    compile: { outfile, autoloadDotenv: false, autoloadBunfig: false },
    target: 'bun',
    minify: true,
    sourcemap: 'none',
    plugins: [sqliteForThisPlatform],
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('bun build --compile failed');
  }
}

if (import.meta.main) {
  const outfile = resolve(process.argv[2] ?? join(root, 'dist/canpol'));
  await buildBinary(outfile);
  console.error(`canpol: wrote ${outfile}`);
}
