// Checks shared by the postcode importers: a point must lie in Canada's bounding box (the same
// bounds the source schema enforces, so an importer never writes a record the build refuses).
export const CANADA_BOUNDS = { minLat: 41.6, maxLat: 83.2, minLng: -141.1, maxLng: -52.6 } as const;

export function inCanada(lat: number, lng: number): boolean {
  return lat >= CANADA_BOUNDS.minLat && lat <= CANADA_BOUNDS.maxLat && lng >= CANADA_BOUNDS.minLng && lng <= CANADA_BOUNDS.maxLng;
}

/** A decimal number as written in a CSV cell, or null (empty, text, NaN). */
export function decimal(raw: string | undefined): number | null {
  const s = (raw ?? '').trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return null;
  const x = Number(s);
  return Number.isFinite(x) ? x : null;
}
