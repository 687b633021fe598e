// One website scan (decisions §5): the host's address, where it is and whose network (ip-database.ts),
// the hosting provider (the network's registered owner) and its country, the CDN from the response
// headers, the CMS from the page, the sovereignty tier. The page is one GET of the site's URL (redirects
// followed, a deadline for headers and body together); a site that does not answer gets no scan.
import type { IpDatabase } from './ip-database.js';
import { detectCdn } from './cdn.js';
import { detectCms } from './cms.js';
import { sovereigntyTier } from './sovereignty.js';
import type { WebsiteScan } from '../../src/core/data-file/website-scan.js';

/** One scan of a site: the data file's form of it. */
export type Scan = WebsiteScan;

export interface ScanDeps {
  /** The host's address (DNS in the nightly; a fixed answer in tests). */
  resolve(hostname: string): Promise<string>;
  ipdb: IpDatabase;
  userAgent: string;
  timeoutMs: number;
  /** The URL actually requested (the site's, or its loopback mirror in tests). */
  requestUrl?: (url: string) => string;
  now?: () => string;
}

export type ScanResult = { ok: true; scan: Scan } | { ok: false; error: string };

const MAX_PAGE = 2_000_000;

export async function scanSite(url: string, deps: ScanDeps): Promise<ScanResult> {
  const scannedAt = (deps.now ?? (() => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')))();
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return { ok: false, error: 'not a URL' };
  }
  let ip: string;
  try {
    ip = await deps.resolve(host);
  } catch (err) {
    return { ok: false, error: `no address: ${(err as Error).message}` };
  }
  let headers: Record<string, string>;
  let page: string;
  try {
    const res = await fetch(deps.requestUrl?.(url) ?? url, {
      headers: { 'user-agent': deps.userAgent, accept: 'text/html,*/*' },
      redirect: 'follow',
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    headers = Object.fromEntries([...res.headers].map(([k, v]) => [k.toLowerCase(), v]));
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status >= 500) return { ok: false, error: `HTTP ${res.status}` };
    page = body.subarray(0, MAX_PAGE).toString('utf8');
  } catch (err) {
    const e = err as Error;
    return { ok: false, error: e.name === 'TimeoutError' || e.name === 'AbortError' ? `timed out after ${deps.timeoutMs} ms` : e.message };
  }
  const facts = deps.ipdb.lookup(ip);
  const cdn = detectCdn(headers);
  return {
    ok: true,
    scan: {
      scanned_at: scannedAt,
      ip_country: facts.country,
      ip_city: facts.city,
      ip_latitude: facts.latitude,
      ip_longitude: facts.longitude,
      hosting_provider: facts.network_owner,
      hosting_country: facts.network_country,
      sovereignty_tier: sovereigntyTier({ ipCountry: facts.country, networkCountry: facts.network_country, cdn }),
      cdn_detected: cdn,
      cms_detected: /html/i.test(headers['content-type'] ?? 'text/html') ? detectCms(page, headers) : null,
    },
  };
}
