// Night 1's requests per host, measured: the committed manifest fetched from an empty cache against
// the loopback upstream (../shared/datasets as the publishers' files), then each host's count at the
// manifest's politeness (one request start per `spacing_ms` per host, hosts in parallel). The
// loopback holds 14 House sittings, not the House's record: its www.ourcommons.ca and www.parl.ca
// counts are the datasets', not a real night's (docs/nightly.md, "The first real night", adds those).
//   node_modules/.bin/bun bench/first-night-plan.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFetch } from '../build-db/fetch/run-fetch.js';
import { DATASETS, repoManifest } from '../test/helpers/nightly-manifest.js';
import { startUpstream } from '../test/helpers/upstream-server.js';

const manifest = repoManifest();
const up = await startUpstream(manifest, DATASETS);
const cache = mkdtempSync(join(tmpdir(), 'canpol-first-night-'));
try {
  const started = performance.now();
  const report = await runFetch({ manifest, cache, mirror: up.mirror });
  const seconds = (performance.now() - started) / 1000;
  // Requests of required sources (which start before the optional ones waiting for the same host).
  const requiredSources = new Set(report.sources.filter((s) => s.required).map((s) => s.id));
  const required = new Set([
    ...report.sources.filter((s) => requiredSources.has(s.id)).flatMap((s) => s.files.map((f) => up.pathOf(f.url))),
    ...report.archives.filter((a) => requiredSources.has(a.source)).map((a) => up.pathOf(a.url)),
  ]);
  const hosts = new Map<string, { requests: number; required: number }>();
  for (const r of up.requests) {
    const host = r.path.split('/')[1];
    const h = hosts.get(host) ?? { requests: 0, required: 0 };
    h.requests++;
    if (required.has(r.path)) h.required++;
    hosts.set(host, h);
  }
  const spacing = manifest.defaults.spacing_ms / 1000;
  const rows = [...hosts].sort((a, b) => b[1].requests - a[1].requests);
  console.log(`night 1 on the loopback: ${up.requests.length} requests in ${seconds.toFixed(1)} s (no spacing on a loopback mirror)`);
  console.log(`at ${spacing} s between request starts per host, hosts in parallel:`);
  for (const [host, h] of rows)
    console.log(
      `  ${host.padEnd(28)} ${String(h.requests).padStart(6)} requests (${h.required} required)  ${((h.requests * spacing) / 60).toFixed(1).padStart(6)} min`,
    );
  const archives = report.archives.map((a) => `${a.url}: ${a.bytes} bytes, ${a.members} files`);
  console.log(`archives:\n  ${archives.join('\n  ')}`);
  console.log(`bound: ${rows[0][0]}, ${((rows[0][1].requests * spacing) / 60).toFixed(1)} min`);
} finally {
  await up.close();
  rmSync(cache, { recursive: true, force: true });
}
