// The website scan's offline IP databases: time to open them and make the first lookups of each
// address family (each table loads on first use), the resident memory after, and the time of
// 10,000 lookups once loaded. `node_modules/.bin/bun bench/scan-ip-database.ts`.
import { openIpDatabase } from '../build-db/scan/ip-database.js';

const mb = () => Math.round(process.memoryUsage().rss / 1e6);
const t0 = performance.now();
const db = openIpDatabase();
db.lookup('205.193.215.159');
const v4 = performance.now();
const rssV4 = mb();
db.lookup('2606:4700:4700::1111');
const both = performance.now();
const n = 10_000;
const t1 = performance.now();
for (let i = 0; i < n; i++) db.lookup(`${(i % 223) + 1}.${i % 256}.${(i * 7) % 256}.${(i * 13) % 256}`);
const per = (performance.now() - t1) / n;
console.log(
  JSON.stringify({
    ipv4_first_lookup_s: Number(((v4 - t0) / 1000).toFixed(1)),
    rss_after_ipv4_mb: rssV4,
    both_families_s: Number(((both - t0) / 1000).toFixed(1)),
    rss_after_both_mb: mb(),
    lookup_us: Number((per * 1000).toFixed(1)),
  }),
);
