// Point-in-polygon cost per lookup over every boundary of a data file, and the memory its geometry
// takes (docs/benchmarks.md; issue 4). Usage:
//
//   node_modules/.bin/bun bench/geo-lookup.ts --data data/real.db [--points 20000]
//
// Two samples of points: uniform over the bounding box of all boundaries (dominated by huge
// northern ridings with tens of thousands of vertices), and boundary centroids (weighted like the
// boundaries: mostly cities, where people live). Both are seeded, so runs compare.
import Database from 'better-sqlite3';
import { parseArgs } from 'node:util';
import { createBoundaryIndex } from '../src/core/geo/boundary-index.js';

const { values } = parseArgs({
  options: { data: { type: 'string', default: 'data/real.db' }, points: { type: 'string', default: '20000' } },
});
const db = new Database(values.data!, { readonly: true });
const n = Number(values.points);

let seed = 42;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

const heapBefore = process.memoryUsage().heapUsed;
let t = performance.now();
const index = createBoundaryIndex({ db });
const loadMs = performance.now() - t;
t = performance.now();
index.warm();
const warmMs = performance.now() - t;
Bun.gc(true);
const heapAfter = process.memoryUsage().heapUsed;

const box = db
  .prepare('SELECT min(min_lng) a, min(min_lat) b, max(max_lng) c, max(max_lat) d FROM boundaries WHERE is_current = 1')
  .get() as { a: number; b: number; c: number; d: number };
const centroids = db.prepare('SELECT centroid_lng, centroid_lat FROM boundaries WHERE is_current = 1').raw().all() as Array<
  [number, number]
>;

function measure(label: string, point: () => [number, number]) {
  const times = new Float64Array(n);
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const [lng, lat] = point();
    const s = performance.now();
    const w = index.winners(lng, lat);
    times[i] = (performance.now() - s) * 1000;
    if (w.federal || w.provincial || w.municipal) hits++;
  }
  times.sort();
  const q = (p: number) => times[Math.min(n - 1, Math.floor(p * n))].toFixed(1);
  console.log(`| ${label} | ${n} | ${((hits / n) * 100).toFixed(0)}% | ${q(0.5)} | ${q(0.9)} | ${q(0.99)} |`);
}

console.log(`boundaries: ${index.size} current; index built in ${loadMs.toFixed(0)} ms, all geometry decoded in ${warmMs.toFixed(0)} ms`);
console.log(
  `geometry memory: ${(index.memoryBytes() / 1e6).toFixed(1)} MB estimated by the index; JS heap grew ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB`,
);
console.log('| points | n | with a match | p50 µs | p90 µs | p99 µs |\n|---|---|---|---|---|---|');
measure("uniform over all boundaries' box", () => [box.a + random() * (box.c - box.a), box.b + random() * (box.d - box.b)]);
measure('boundary centroids', () => centroids[Math.floor(random() * centroids.length)]);
