// GET /metrics: the Prometheus scrape target. Outside /api/public/v1 like /health, so it is never
// rate limited nor asks for a key; bind the server to a private address or filter it at the proxy.
import { Hono } from 'hono';
import type { Metrics } from './metrics.js';

export function metricsRoutes({ metrics }: { metrics: Metrics }) {
  const app = new Hono();
  app.get('/metrics', async (c) =>
    c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }),
  );
  return app;
}
