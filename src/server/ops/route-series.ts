// Requests answered and their latency, per route template (and status), counted in plain arrays
// and handed to prom-client's registry when /metrics is scraped. prom-client's own Counter.inc and
// Histogram.observe validate and hash their labels on every call: ~3 µs a request together, a
// twentieth of a cached answer's CPU on Node (a CPU profile of /politicians/{id} under wrk).
// Here a request costs a Map lookup and a few array writes. The series
// and their exposition are prom-client's (test/server/ops/route-series.test.ts compares the text with
// prom-client's Counter and Histogram fed the same requests).
import { Counter, type Registry } from 'prom-client';

interface RouteLatency {
  /** Requests per bucket (not cumulative); the last entry counts those above every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

export interface RouteSeriesOptions {
  registers: Registry[];
  requests: { name: string; help: string };
  latency: { name: string; help: string; buckets: readonly number[] };
}

export function createRouteSeries({ registers, requests, latency }: RouteSeriesOptions) {
  const bounds = [...latency.buckets].sort((a, b) => a - b);
  // One entry per route and status, found by route then status (no key string built per request),
  // listed in the order first seen (as prom-client lists its series).
  type Answered = { route: string; status: string; n: number };
  const answered = new Map<string, Map<number, Answered>>();
  let order: Answered[] = [];
  const latencies = new Map<string, RouteLatency>();

  new Counter({
    name: requests.name,
    help: requests.help,
    labelNames: ['route', 'status'],
    registers,
    collect() {
      this.reset();
      for (const { route, status, n } of order) this.inc({ route, status }, n);
    },
  });

  // A metric object of prom-client's shape (what Histogram.get returns), so that the registry
  // renders it exactly as a Histogram of the same name.
  const histogram = {
    name: latency.name,
    help: latency.help,
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    get() {
      const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
      for (const [route, { counts, sum, count }] of latencies) {
        let seen = 0;
        bounds.forEach((le, i) => {
          seen += counts[i];
          values.push({ labels: { le, route }, value: seen, metricName: `${latency.name}_bucket` });
        });
        values.push({ labels: { le: '+Inf', route }, value: count, metricName: `${latency.name}_bucket` });
        values.push({ labels: { route }, value: sum, metricName: `${latency.name}_sum` });
        values.push({ labels: { route }, value: count, metricName: `${latency.name}_count` });
      }
      return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
    },
    /** Registry.resetMetrics: forgets every request, in both series. */
    reset() {
      answered.clear();
      order = [];
      latencies.clear();
    },
  };
  for (const r of registers) r.registerMetric(histogram as unknown as Parameters<Registry['registerMetric']>[0]);

  return {
    observe(route: string, status: number, seconds: number): void {
      let byStatus = answered.get(route);
      if (!byStatus) answered.set(route, (byStatus = new Map()));
      const seen = byStatus.get(status);
      if (seen) seen.n++;
      else {
        const first = { route, status: String(status), n: 1 };
        byStatus.set(status, first);
        order.push(first);
      }
      if (!Number.isFinite(seconds)) return; // prom-client refuses such a value; the request is counted
      let l = latencies.get(route);
      if (!l) latencies.set(route, (l = { counts: new Float64Array(bounds.length + 1), sum: 0, count: 0 }));
      let i = 0;
      while (i < bounds.length && seconds > bounds[i]) i++;
      l.counts[i]++;
      l.sum += seconds;
      l.count++;
    },
  };
}
