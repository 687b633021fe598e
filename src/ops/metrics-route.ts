// GET /metrics: the Prometheus scrape target. Outside /api/public/v1 like /health, so it is never
// rate limited nor asks for a key; bind the server to a private address or filter it at the proxy.
import { Hono } from 'hono';
import type { Metrics } from './metrics.js';

const HEADERS = { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control': 'no-store' };

export function metricsRoutes({ metrics }: { metrics: Metrics }) {
  const app = new Hono();
  app.get('/metrics', (c) => c.body(metrics.render(), 200, HEADERS));
  return app;
}
