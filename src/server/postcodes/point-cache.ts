// A bounded least-recently-used cache keyed by a point. Postcode answers repeat their point a lot
// (every code of an FSA without address points shares the FSA's point), and the data file never
// changes while the server runs, so what a point resolves to can be kept.
export function createPointCache<T>(capacity: number, compute: (lng: number, lat: number) => T) {
  const entries = new Map<string, T>();
  return {
    get(lng: number, lat: number): T {
      const key = `${lng},${lat}`;
      let value = entries.get(key);
      if (value !== undefined) {
        // Re-inserting moves the key to the end: Map keeps insertion order, so the first key is the oldest.
        entries.delete(key);
        entries.set(key, value);
        return value;
      }
      value = compute(lng, lat);
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
