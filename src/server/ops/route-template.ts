// The route template a request matched (`/api/public/v1/bills/:id`), the metrics' bounded label:
// raw paths would make one series per id. Middleware registrations (method ALL) are skipped.
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

export const UNMATCHED = '(unmatched)';
export const PREFLIGHT = '(preflight)';

export function routeTemplate(c: Context): string {
  if (c.req.method === 'OPTIONS') return PREFLIGHT;
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i].method !== 'ALL') return routes[i].path;
  return UNMATCHED;
}
