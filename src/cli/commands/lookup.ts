// `canpol lookup POSTCODE | LAT,LNG`: who represents a postcode, or which ridings contain a point,
// answered from the data file without a server (the bodies of GET /postcodes/{pc}/representatives
// and GET /boundaries/lookup).
import { offlineRequest } from './offline-request.js';

export interface LookupOptions {
  data: string;
  /** The words after `lookup`, joined by a space: `K1A 0A6` may come as one argument or two. */
  query: string;
  /** Only this level's riding (lat,lng form only), as the endpoint's `level`. */
  level?: string;
  write?: (text: string) => void;
}

// Two signed decimal numbers separated by a comma, spaces allowed around it. Anything else is
// taken for a postcode, and the API says whether it is one.
const LAT_LNG = /^\s*([+-]?(?:\d+\.?\d*|\.\d+))\s*,\s*([+-]?(?:\d+\.?\d*|\.\d+))\s*$/;

/** The API path a lookup query asks for. */
export function lookupPath(query: string, level?: string): string {
  const point = LAT_LNG.exec(query);
  if (point) {
    const params = new URLSearchParams({ lat: point[1], lng: point[2], ...(level === undefined ? {} : { level }) });
    return `/boundaries/lookup?${params}`;
  }
  return `/postcodes/${encodeURIComponent(query.trim())}/representatives`;
}

export function lookupCommand({ data, query, level, write }: LookupOptions): Promise<number> {
  return offlineRequest({ data, path: lookupPath(query, level), write });
}
