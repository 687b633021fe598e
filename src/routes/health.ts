import { Hono } from 'hono';
import type { BuildInfo } from '../db/open-data-file.js';

export function healthRoutes({ build }: { build: BuildInfo }) {
  const app = new Hono();
  app.get('/health', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({
      status: 'ok', build_id: build.id, built_at: build.built_at, schema_version: build.schema_version,
      dataset: build.dataset_name, demo: build.is_demo,
    });
  });
  return app;
}
