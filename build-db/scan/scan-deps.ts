// The scan step's real dependencies: the system resolver, the offline IP databases (opened once per
// run), the manifest's User-Agent, a 15-second deadline per page, and the upstream mirror when the
// nightly runs through one (the address looked up is still the site's own).
import { lookup } from 'node:dns/promises';
import { mirrored } from '../fetch/read-manifest.js';
import { type IpDatabase, openIpDatabase } from './ip-database.js';
import type { ScanDeps } from './scan-site.js';

export const SCAN_TIMEOUT_MS = 15_000;

export function scanStepDeps(userAgent: string, mirror: string | null): ScanDeps {
  let db: IpDatabase | null = null;
  return {
    resolve: async (host) => (await lookup(host)).address,
    ipdb: { lookup: (ip) => (db ??= openIpDatabase()).lookup(ip) },
    userAgent,
    timeoutMs: SCAN_TIMEOUT_MS,
    requestUrl: (url) => mirrored(url, mirror),
  };
}
