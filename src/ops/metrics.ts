// The server's metrics, counted in process and rendered for GET /metrics (Prometheus text 0.0.4).
// Labels are bounded on purpose: route templates (never raw paths), status codes, bucket and tier
// names, reasons from a fixed list; so a scanner trying random URLs cannot blow up the series count.
import type { BuildInfo } from '../db/open-data-file.js';
import { family, type Labels } from './prometheus-text.js';

/** Seconds. The API answers most requests in well under a millisecond; search can take a second. */
export const LATENCY_BUCKETS = [0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export interface MetricsSources {
  /** The build being served now (it changes on reload). */
  build(): BuildInfo;
  /** The embedding queue of the semantic searches. */
  queue(): { running: number; waiting: number };
  /** Requests being answered now. */
  inFlight?(): number;
}

export interface MetricsOptions {
  sources: MetricsSources;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
  buckets?: readonly number[];
}

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

const SEP = '\u0000';

export function createMetrics({ sources, now = Date.now, buckets = LATENCY_BUCKETS }: MetricsOptions) {
  const startedAt = now();
  const requests = new Map<string, number>(); // route SEP status
  const latency = new Map<string, Histogram>(); // route
  const limitRejections = new Map<string, number>(); // bucket SEP tier
  const authFailures = new Map<string, number>(); // reason
  const reloads = new Map<string, number>(); // result
  const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

  function observe(route: string, status: number, seconds: number): void {
    bump(requests, route + SEP + status);
    let h = latency.get(route);
    if (!h) latency.set(route, (h = { counts: new Array(buckets.length).fill(0), sum: 0, count: 0 }));
    // Per-bucket (not cumulative) counts; rendering accumulates them.
    let i = 0;
    while (i < buckets.length && seconds > buckets[i]) i++;
    if (i < buckets.length) h.counts[i]++;
    h.sum += seconds;
    h.count++;
  }

  const split = (m: Map<string, number>, names: string[]): Array<[string, Labels, number]> =>
    [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, value]) => {
      const parts = key.split(SEP);
      return ['', Object.fromEntries(names.map((n, i) => [n, parts[i]])), value];
    });

  function render(): string {
    const build = sources.build();
    const queue = sources.queue();
    const histogram: Array<[string, Labels, number]> = [];
    for (const route of [...latency.keys()].sort()) {
      const h = latency.get(route)!;
      let cumulative = 0;
      buckets.forEach((le, i) => {
        cumulative += h.counts[i];
        histogram.push(['_bucket', { route, le: String(le) }, cumulative]);
      });
      histogram.push(['_bucket', { route, le: '+Inf' }, h.count], ['_sum', { route }, h.sum], ['_count', { route }, h.count]);
    }
    const families = [
      family('canpol_http_requests_total', 'counter', 'Requests answered, by route template and status code.', split(requests, ['route', 'status'])),
      family('canpol_http_request_duration_seconds', 'histogram', 'Time from the request reaching the app to its response being built, by route template.', histogram),
      family('canpol_http_requests_in_flight', 'gauge', 'Requests being answered now.', sources.inFlight ? [['', {}, sources.inFlight()]] : []),
      family('canpol_rate_limit_rejections_total', 'counter', 'Requests refused with 429, by bucket (anonymous, general, semantic) and tier.', split(limitRejections, ['bucket', 'tier'])),
      family('canpol_auth_failures_total', 'counter', 'Requests refused with 401, by reason.', split(authFailures, ['reason'])),
      family('canpol_search_queue_running', 'gauge', 'Query embeddings running now.', [['', {}, queue.running]]),
      family('canpol_search_queue_waiting', 'gauge', 'Query embeddings waiting for a slot.', [['', {}, queue.waiting]]),
      family('canpol_data_reloads_total', 'counter', 'Data file reloads, by result (ok, refused).', split(reloads, ['result'])),
      family('canpol_build_info', 'gauge', 'The data file being served (always 1).', [['', { build_id: build.id, dataset: build.dataset_name, schema_version: String(build.schema_version), demo: String(build.is_demo) }, 1]]),
      family('canpol_process_start_time_seconds', 'gauge', 'When the server started, in seconds since the epoch.', [['', {}, startedAt / 1000]]),
      family('canpol_process_uptime_seconds', 'gauge', 'Seconds since the server started.', [['', {}, (now() - startedAt) / 1000]]),
      family('canpol_process_resident_memory_bytes', 'gauge', 'Resident memory of the server process.', [['', {}, process.memoryUsage.rss()]]),
    ];
    return families.join('\n') + '\n';
  }

  return {
    observe,
    limitRejected: (bucket: string, tier: string) => bump(limitRejections, bucket + SEP + tier),
    authFailed: (reason: string) => bump(authFailures, reason),
    reloaded: (result: 'ok' | 'refused') => bump(reloads, result),
    render,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
