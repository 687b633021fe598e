import { Hono } from 'hono';
import type { BuildInfo } from '../../core/data-file/open-data-file.js';
import type { Responder } from '../http/respond.js';

export function healthRoutes({ build, respond }: { build: BuildInfo; respond: Responder }) {
  const app = new Hono();
  app.get('/health', (c) => respond.json(c, {
    status: 'ok', build_id: build.id, built_at: build.built_at, schema_version: build.schema_version,
    dataset: build.dataset_name, demo: build.is_demo,
  }, 'no-store'));
  return app;
}
