// One fetch run after another against the loopback upstream, each answering with its source's
// report and the paths that run asked for: how the nightly tests of a fetch deadline compare a first
// night (the deadline already past) with the next.
import { runFetch } from '../../build-db/fetch/run-fetch.js';
import type { SourcesManifest } from '../../build-db/fetch/manifest-types.js';
import type { Upstream } from './upstream-server.js';

export function fetchRuns(up: Upstream, manifest: SourcesManifest, cache: string) {
  return async (deadline?: number) => {
    const before = up.requests.length;
    const report = await runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 0, backoffMs: 5, deadline });
    return {
      source: report.sources[0],
      asked: up.requests
        .slice(before)
        .map((r) => r.path)
        .sort(),
    };
  };
}
