import { Hono } from 'hono';
import type { BuildInfo } from '../db/open-data-file.js';
import type { Responder } from '../http/respond.js';

/** `inFlight`: the server's count of requests in flight (src/ops/admission.ts), when it has one. */
export function healthRoutes({ build, respond, inFlight }: { build: BuildInfo; respond: Responder; inFlight?: () => number }) {
  const app = new Hono();
  app.get('/health', (c) => respond.json(c, {
    status: 'ok', build_id: build.id, built_at: build.built_at, schema_version: build.schema_version,
    dataset: build.dataset_name, demo: build.is_demo, ...(inFlight && { in_flight: inFlight() }),
  }, 'no-store'));
  return app;
}
