// Loopback load test of /postcodes/{pc}/representatives against a running server (issue 4).
//
//   node_modules/.bin/node bench/postcodes-load.mjs --port P --data FILE [--mode fsa|codes] [--connections N] [--duration S] [--seed N]
//
// `fsa`: cycles one full code per FSA of the data file (every code of an FSA without address points
// shares the FSA's point, so after the first pass the server answers from its point cache).
// `codes`: the data file's full codes in a seeded random order, so most requests are a new point
// (a point-in-polygon pass each on a data file built before postcode answers were precomputed;
// on a newer file, a stored answer shared by many codes). Start the server with --rate-limit off. Prints one JSON line.
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { parseArgs } from 'node:util';

const { values: a } = parseArgs({
  options: {
    port: { type: 'string' },
    data: { type: 'string' },
    mode: { type: 'string', default: 'codes' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    seed: { type: 'string', default: '7' },
  },
});
if (!a.port || !a.data) {
  console.error('usage: bench/postcodes-load.mjs --port P --data FILE [--mode fsa|codes]');
  process.exit(2);
}

const db = new Database(a.data, { readonly: true });
const LDU = 'ABCEGHJKLMNPRSTVWXYZ';
const codes =
  a.mode === 'fsa'
    ? db
        .prepare('SELECT fsa FROM fsas ORDER BY fsa')
        .pluck()
        .all()
        .map((f, i) => `${f}${i % 10}${LDU[i % 20]}${(i * 7) % 10}`)
    : db.prepare('SELECT postcode FROM postcodes ORDER BY postcode').pluck().all();
let s = Number(a.seed);
for (let i = codes.length - 1; i > 0; i--) {
  s = (s * 1103515245 + 12345) % 2147483648;
  const j = s % (i + 1);
  [codes[i], codes[j]] = [codes[j], codes[i]];
}
db.close();
if (!codes.length) {
  console.error(`no ${a.mode === 'fsa' ? 'FSAs' : 'postcodes'} in ${a.data}`);
  process.exit(1);
}

let i = 0;
const r = await autocannon({
  url: `http://127.0.0.1:${a.port}`,
  connections: Number(a.connections),
  duration: Number(a.duration),
  requests: [{ setupRequest: (req) => ({ ...req, path: `/api/public/v1/postcodes/${codes[i++ % codes.length]}/representatives` }) }],
});
console.log(
  JSON.stringify({
    mode: a.mode,
    distinct_codes: codes.length,
    requests: r.requests.total,
    connections: Number(a.connections),
    req_per_s: r.requests.average,
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    avg_body_bytes: Math.round(r.throughput.total / Math.max(1, r.requests.total)),
  }),
);
process.exit(r.non2xx || r.errors ? 1 : 0);
