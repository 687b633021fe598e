import { Hono } from 'hono';
import type { DataContents } from '../db/data-contents.js';
import type { BuildInfo } from '../db/open-data-file.js';
import type { Responder } from '../http/respond.js';

export function healthRoutes({ build, contents, respond }: { build: BuildInfo; contents: DataContents; respond: Responder }) {
  const app = new Hono();
  app.get('/health', (c) => respond.json(c, {
    status: 'ok', build_id: build.id, built_at: build.built_at, schema_version: build.schema_version,
    dataset: build.dataset_name, demo: build.is_demo, holds: contents,
  }, 'no-store'));
  return app;
}
