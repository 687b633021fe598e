// GET /: where to start, instead of a bare 404 for someone who opens the server in a browser.
import { Hono } from 'hono';
import type { Responder } from '../http/respond.js';

export function rootRoutes({ prefix, respond }: { prefix: string; respond: Responder }) {
  const app = new Hono();
  app.get('/', (c) => respond.json(c, {
    name: 'canpol', description: 'Canadian political data API (read-only)',
    docs: '/docs', openapi: `${prefix}/openapi.json`, health: '/health', api: prefix,
  }, 3600));
  return app;
}
