// The server's metrics, counted in process and rendered for GET /metrics by prom-client (the
// Prometheus text exposition format). Labels are bounded on purpose: route templates (never raw
// paths), status codes, bucket and tier names, reasons from a fixed list; so a scanner trying
// random URLs cannot blow up the series count.
import { Counter, Gauge, Registry } from 'prom-client';
import type { BuildInfo } from '../../core/data-file/open-data-file.js';
import type { ResponseCacheStats } from '../http/response-cache.js';
import type { BoundedCacheStats } from '../search/bounded-cache.js';
import { createRouteSeries } from './route-series.js';

/** Seconds. The API answers most requests in well under a millisecond; search can take a second. */
export const LATENCY_BUCKETS = [0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export interface MetricsSources {
  /** The build being served now (it changes on reload). */
  build(): BuildInfo;
  /** The embedding queue of the semantic searches. */
  queue(): { running: number; waiting: number };
  /** Requests being answered now. */
  inFlight?(): number;
  /** The response cache's counts (src/server/http/response-cache.ts). */
  responseCache?(): ResponseCacheStats;
  /** The search caches of the data file being served, by name (src/server/search/query-caches.ts). */
  searchCaches?(): Record<string, BoundedCacheStats>;
  /** Requests held in flight longer than the request timeout (a watchdog; should stay 0). */
  overdue?(): number;
  /** Requests waiting for their turn (the admission queue). */
  queued?(): number;
  /** Request log lines dropped (reader too slow, or gone). */
  logDropped?(): number;
  /** The rate limiter's counters held in this process. */
  limiter?(): { buckets: number; evictions: number };
  /** Full collections run because the resident set passed --memory-ceiling (src/ops/memory-guard.ts). */
  collections?(): number;
}

export interface MetricsOptions {
  sources: MetricsSources;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
  buckets?: readonly number[];
}

export function createMetrics({ sources, now = Date.now, buckets = LATENCY_BUCKETS }: MetricsOptions) {
  const startedAt = now();
  // A registry of our own: prom-client's global one would be shared by every app in the process.
  const registers = [new Registry()];
  const value = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  // A count kept elsewhere (a module that does not know about metrics), exposed as a counter.
  const total = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });

  const answered = createRouteSeries({
    registers,
    requests: { name: 'canpol_http_requests_total', help: 'Requests answered, by route template and status code.' },
    latency: {
      name: 'canpol_http_request_duration_seconds',
      help: 'Time from the request reaching the app to its response being built, by route template.',
      buckets,
    },
  });
  if (sources.inFlight)
    value('canpol_http_requests_in_flight', 'Requests queued, being answered or being written out now.', sources.inFlight);
  if (sources.overdue)
    value(
      'canpol_http_requests_overdue',
      'Requests counted in flight for longer than --request-timeout (a watchdog: a slot that is never released shows here).',
      sources.overdue,
    );
  if (sources.queued) value('canpol_http_requests_queued', 'Requests waiting for their turn.', sources.queued);
  const limitRejections = new Counter({
    name: 'canpol_rate_limit_rejections_total',
    help: 'Requests refused with 429, by bucket (anonymous, general, semantic) and tier.',
    labelNames: ['bucket', 'tier'],
    registers,
  });
  const { limiter, logDropped } = sources;
  if (limiter) {
    value('canpol_rate_limit_buckets', 'Rate-limit counters held in this process for the current window.', () => limiter().buckets);
    total(
      'canpol_rate_limit_evictions_total',
      'Client address counters dropped (least recently seen first) to make room for new addresses within --limit-clients.',
      () => limiter().evictions,
    );
  }
  if (logDropped)
    total('canpol_log_lines_dropped_total', 'Request log lines dropped because stdout was not being read, or had failed.', logDropped);
  const shed = new Counter({
    name: 'canpol_http_requests_shed_total',
    help: 'Requests answered 503 server_overloaded at once, by reason (in_flight, queue_delay).',
    labelNames: ['reason'],
    registers,
  });
  const authFailures = new Counter({
    name: 'canpol_auth_failures_total',
    help: 'Requests refused with 401, by reason.',
    labelNames: ['reason'],
    registers,
  });
  value('canpol_search_queue_running', 'Query embeddings running now.', () => sources.queue().running);
  value('canpol_search_queue_waiting', 'Query embeddings waiting for a slot.', () => sources.queue().waiting);
  const reloads = new Counter({
    name: 'canpol_data_reloads_total',
    help: 'Data file reloads, by result (ok, refused).',
    labelNames: ['result'],
    registers,
  });
  new Gauge({
    name: 'canpol_build_info',
    help: 'The data file being served (always 1).',
    labelNames: ['build_id', 'dataset', 'schema_version', 'demo'],
    registers,
    collect() {
      const build = sources.build();
      this.reset(); // after a reload only the new build is served
      this.set(
        { build_id: build.id, dataset: build.dataset_name, schema_version: String(build.schema_version), demo: String(build.is_demo) },
        1,
      );
    },
  });
  if (sources.responseCache) {
    const stats = sources.responseCache;
    // Read from the cache at scrape time: counting here per request would cost every request.
    const total = (name: string, help: string, read: (s: ResponseCacheStats) => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read(stats()));
        },
      });
    total('canpol_response_cache_hits_total', 'Answers served from the response cache.', (s) => s.hits);
    total(
      'canpol_response_cache_misses_total',
      'Cacheable answers computed because the response cache did not hold them.',
      (s) => s.misses,
    );
    total('canpol_response_cache_evictions_total', 'Answers dropped from the response cache to stay within its cap.', (s) => s.evictions);
    value('canpol_response_cache_entries', 'Answers held in the response cache.', () => stats().entries);
    value('canpol_response_cache_bytes', 'Bytes held in the response cache (bodies, compressed copies, bookkeeping).', () => stats().bytes);
    value('canpol_response_cache_max_bytes', "The response cache's cap in bytes (--response-cache).", () => stats().maxBytes);
    value(
      'canpol_response_cache_answers_being_written',
      'Kept answers that responses are writing now (watched under Bun, whose cache frees evicted answers once written; 0 under Node).',
      () => stats().beingWritten,
    );
    value(
      'canpol_response_cache_releases_waiting',
      'Evicted answers whose bytes are freed once the responses writing them end (Bun).',
      () => stats().releasesWaiting,
    );
  }
  if (sources.searchCaches) {
    const read = sources.searchCaches;
    // One series per cache (a fixed set of names), read at scrape time.
    const gauge = (name: string, help: string, field: keyof BoundedCacheStats) =>
      new Gauge({
        name,
        help,
        labelNames: ['cache'],
        registers,
        collect() {
          this.reset();
          for (const [cache, stats] of Object.entries(read())) this.set({ cache }, stats[field]);
        },
      });
    const counter = (name: string, help: string, field: keyof BoundedCacheStats) =>
      new Counter({
        name,
        help,
        labelNames: ['cache'],
        registers,
        collect() {
          this.reset();
          for (const [cache, stats] of Object.entries(read())) this.inc({ cache }, stats[field]);
        },
      });
    gauge(
      'canpol_search_cache_bytes',
      'Bytes held by a search cache of the data file served (chunk_words, postings, stem_counts).',
      'bytes',
    );
    gauge('canpol_search_cache_max_bytes', "A search cache's cap in bytes.", 'maxBytes');
    gauge('canpol_search_cache_entries', 'Entries held by a search cache.', 'entries');
    counter('canpol_search_cache_hits_total', 'Lookups a search cache answered (since the data file was loaded).', 'hits');
    counter('canpol_search_cache_misses_total', 'Lookups a search cache did not hold (since the data file was loaded).', 'misses');
    counter(
      'canpol_search_cache_evictions_total',
      'Entries a search cache dropped to stay within its cap (since the data file was loaded).',
      'evictions',
    );
  }
  value('canpol_process_start_time_seconds', 'When the server started, in seconds since the epoch.', () => startedAt / 1000);
  value('canpol_process_uptime_seconds', 'Seconds since the server started.', () => (now() - startedAt) / 1000);
  value('canpol_process_resident_memory_bytes', 'Resident memory of the server process.', () => process.memoryUsage.rss());
  if (sources.collections)
    total(
      'canpol_memory_collections_total',
      'Full garbage collections run after a search because the resident memory was above --memory-ceiling.',
      sources.collections,
    );

  return {
    observe(route: string, status: number, seconds: number): void {
      answered.observe(route, status, seconds);
    },
    limitRejected: (bucket: string, tier: string) => limitRejections.inc({ bucket, tier }),
    authFailed: (reason: string) => authFailures.inc({ reason }),
    reloaded: (result: 'ok' | 'refused') => reloads.inc({ result }),
    shed: (reason: string) => shed.inc({ reason }),
    /** The exposition text (prom-client renders asynchronously). */
    render: () => registers[0].metrics(),
    contentType: registers[0].contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
