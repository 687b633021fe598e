// The per-route request counts and latencies, against prom-client's own Counter and Histogram fed
// the same requests: the registry's exposition text must be the same, byte for byte (series order,
// labels, cumulative buckets, +Inf, sums, counts).
import { describe, expect, test } from 'bun:test';
import { Counter, Histogram, Registry } from 'prom-client';
import { seededRandom } from '../../../build-db/search/encoder/random.js';
import { LATENCY_BUCKETS } from '../../../src/server/ops/metrics.js';
import { createRouteSeries } from '../../../src/server/ops/route-series.js';

const REQUESTS = { name: 'x_requests_total', help: 'Requests answered.' };
const LATENCY = { name: 'x_request_duration_seconds', help: 'Time taken.', buckets: LATENCY_BUCKETS };

function both() {
  const ours = new Registry(),
    theirs = new Registry();
  const series = createRouteSeries({ registers: [ours], requests: REQUESTS, latency: LATENCY });
  const counter = new Counter({ ...REQUESTS, labelNames: ['route', 'status'], registers: [theirs] });
  const histogram = new Histogram({ ...LATENCY, buckets: [...LATENCY.buckets], labelNames: ['route'], registers: [theirs] });
  const observe = (route: string, status: number, seconds: number) => {
    series.observe(route, status, seconds);
    counter.inc({ route, status: String(status) });
    histogram.observe({ route }, seconds);
  };
  return { ours, theirs, observe, series };
}

describe('route series', () => {
  test("render as prom-client's Counter and Histogram fed the same requests", async () => {
    const { ours, theirs, observe } = both();
    expect(await ours.metrics()).toBe(await theirs.metrics()); // nothing yet: help and type lines only
    const random = seededRandom(5);
    const routes = ['/politicians/:id', '/search/speeches', '(unmatched)', 'a "quoted" \\ route'];
    const statuses = [200, 304, 404, 429, 503];
    for (let i = 0; i < 5000; i++) {
      // Values on every bound, between them, above the last, and zero.
      const pick = random();
      const seconds =
        pick < 0.2
          ? LATENCY_BUCKETS[Math.floor(random() * LATENCY_BUCKETS.length)]
          : pick < 0.25
            ? 0
            : pick < 0.3
              ? 20 + random()
              : random() * random() * 3;
      observe(routes[Math.floor(random() * routes.length)], statuses[Math.floor(random() ** 3 * statuses.length)], seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('x_request_duration_seconds_bucket{le="+Inf",route="/search/speeches"}');
    expect(text).toContain('x_requests_total{route="(unmatched)",status="200"}');
  });

  test('a scrape does not change the counts; resetMetrics forgets them', async () => {
    const { ours, observe } = both();
    observe('/a', 200, 0.001);
    const first = await ours.metrics();
    expect(await ours.metrics()).toBe(first);
    observe('/a', 200, 0.002);
    expect(await ours.metrics()).toContain('x_requests_total{route="/a",status="200"} 2');
    ours.resetMetrics();
    const text = await ours.metrics();
    expect(text).not.toContain('route="/a"');
  });

  test('a duration that is not finite counts the request but not its latency', async () => {
    const { ours, series } = both();
    series.observe('/a', 200, Number.NaN);
    const text = await ours.metrics();
    expect(text).toContain('x_requests_total{route="/a",status="200"} 1');
    expect(text).not.toContain('x_request_duration_seconds_count{route="/a"}');
  });
});
