// The loopback upstream on its own, for trying `make nightly` by hand:
//   bun bench/serve-upstream.ts &   (prints the mirror URL)
//   make nightly UPSTREAM_MIRROR=http://127.0.0.1:PORT
// Serves ../shared/datasets under the manifest's URLs until killed, or for --seconds N.
import { DATASETS, repoManifest } from '../test/helpers/nightly-manifest.js';
import { startUpstream } from '../test/helpers/upstream-server.js';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 3600;
const up = await startUpstream(repoManifest(), DATASETS);
console.log(up.mirror);
setTimeout(() => { void up.close(); }, seconds * 1000);
