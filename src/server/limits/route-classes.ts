// Which bucket a route draws from (spec "Limits"): the three semantic search routes share the
// semantic bucket; every other route of the API draws from the key's one general bucket. Paths are
// relative to /api/public/v1 and matched exactly, so a new semantic route is one line here.
import type { BucketClass } from './limit-table.js';

export const ROUTE_CLASSES: Readonly<Record<string, BucketClass>> = {
  '/search/speeches': 'semantic',
  '/search/speeches/count': 'semantic',
  '/search/facets': 'semantic',
};

const byPath = new Map(Object.entries(ROUTE_CLASSES));
export const classOfRoute = (path: string): BucketClass => byPath.get(path) ?? 'general';
