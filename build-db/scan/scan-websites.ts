// The nightly's website scans: every site the bundle names (websites of any part, politicians'
// personal and official URLs) is scanned once a run, one page per host (below); each site's
// scans are kept in the cache (`website-scans/history.json`, the newest HISTORY_LIMIT) and written to
// the bundle as the `website-scans` part. A site that does not answer keeps its last scans and is
// is_active=false until it answers again. The build unites these with the other parts' records of
// the same site (build-db/sources/merge-websites.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../fetch/cache-state.js';
import { writePart } from '../import/bundle-folder.js';
import type { SourceInput } from '../import/types.js';
import { type Scan, type ScanDeps, scanSite } from './scan-site.js';

export const SCAN_PART = 'website-scans';
export const HISTORY_FILE = 'website-scans/history.json';
export const HISTORY_LIMIT = 10;

interface SiteHistory {
  scans: Scan[];
  last_error: string | null;
  last_tried_at: string;
}
type Website = SourceInput<'websites'>;
type Site = { politician_key: string; url: string; label: string | null };

/** Sites named in the bundle, once per (politician, URL), this step's own part left out. */
export function bundleSites(bundle: string): Site[] {
  const sites = new Map<string, Site>();
  const add = (politician_key: string, url: unknown, label: string | null) => {
    if (typeof url !== 'string' || !/^https?:\/\/[^\s/]+/i.test(url)) return;
    const k = `${politician_key} ${url}`;
    if (!sites.has(k)) sites.set(k, { politician_key, url, label });
  };
  const lines = (name: string) =>
    readFileSync(join(bundle, name), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  for (const name of readdirSync(bundle).sort()) {
    if (/^websites(?:\.[a-z0-9-]+)?\.jsonl$/.test(name) && name !== `websites.${SCAN_PART}.jsonl`) {
      for (const w of lines(name)) add(String(w.politician_key), w.url, typeof w.label === 'string' ? w.label : null);
    } else if (/^politicians(?:\.[a-z0-9-]+)?\.jsonl$/.test(name)) {
      for (const p of lines(name)) {
        add(String(p.key), p.personal_url, 'personal');
        add(String(p.key), p.official_url, 'official');
      }
    }
  }
  return [...sites.values()];
}

export interface ScanReport {
  sites: number;
  urls: number;
  /** Pages requested: one per host; `answered` and `failed` count hosts. */
  hosts: number;
  answered: number;
  failed: number;
  seconds: number;
}

export async function scanWebsites(o: {
  bundle: string;
  cache: string;
  deps: ScanDeps;
  concurrency?: number;
  onProgress?: (m: string) => void;
}): Promise<ScanReport> {
  const started = performance.now();
  const historyPath = join(o.cache, HISTORY_FILE);
  const history: Record<string, SiteHistory> = existsSync(historyPath) ? JSON.parse(readFileSync(historyPath, 'utf8')) : {};
  const sites = bundleSites(o.bundle);
  const urls = [...new Set(sites.map((s) => s.url))];
  // Hosts in parallel up to `concurrency`.
  const byHost = new Map<string, string[]>();
  for (const url of urls) {
    const h = new URL(url).hostname;
    byHost.set(h, [...(byHost.get(h) ?? []), url]);
  }
  const queues = [...byHost.values()];
  let answered = 0;
  let failed = 0;
  // One scan per host a run: the address, network, CDN and CMS are the host's, and a legislature's
  // site lists hundreds of members' pages (the House's official_url) that would each ask it again.
  // The host's first URL (in order) is the page read; every URL on the host gets its result.
  const worker = async () => {
    for (let q = queues.shift(); q; q = queues.shift()) {
      const [page] = [...q].sort();
      const result = await scanSite(page, o.deps);
      const tried = (o.deps.now ?? (() => new Date().toISOString()))();
      if (result.ok) answered++;
      else {
        failed++;
        o.onProgress?.(`${page}: ${result.error}`);
      }
      for (const url of q) {
        const had = history[url] ?? { scans: [], last_error: null, last_tried_at: '' };
        history[url] = result.ok
          ? { scans: [...had.scans, result.scan].slice(-HISTORY_LIMIT), last_error: null, last_tried_at: tried }
          : { ...had, last_error: result.error, last_tried_at: tried };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 4) }, worker));
  writeFileAtomic(historyPath, `${JSON.stringify(history)}\n`);
  const websites: Website[] = sites.map((s) => {
    const h = history[s.url];
    return { politician_key: s.politician_key, url: s.url, label: s.label, is_active: !!h && h.last_error === null, scans: h?.scans ?? [] };
  });
  writePart(o.bundle, SCAN_PART, { websites });
  const report = {
    sites: sites.length,
    urls: urls.length,
    hosts: byHost.size,
    answered,
    failed,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
  };
  o.onProgress?.(`${report.sites} sites, ${report.urls} URLs on ${report.hosts} hosts: ${answered} hosts answered, ${failed} did not`);
  return report;
}
