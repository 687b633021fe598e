// The loopback upstream on its own, for trying `make nightly` by hand:
//   bun bench/serve-upstream.ts [--root DIR] [--seconds N] &   (prints the mirror URL)
//   make nightly UPSTREAM_MIRROR=http://127.0.0.1:PORT
// Serves ../shared/datasets under the manifest's URLs and, with --root, a folder laid out as the
// real hosts (DIR/www.ourcommons.ca/Content/House/441/Debates/001/HAN001-E.XML, a query string
// kept in the file name): publish a new sitting or division by dropping a file at its real path.
import { resolve } from 'node:path';
import { DATASETS, repoManifest } from '../test/helpers/nightly-manifest.js';
import { startUpstream } from '../test/helpers/upstream-server.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const seconds = Number(arg('--seconds')) || 3600;
const root = arg('--root');
const up = await startUpstream(repoManifest(), DATASETS, root ? resolve(root) : null);
console.log(up.mirror);
setTimeout(() => {
  void up.close();
}, seconds * 1000);
