// Overload: many connections against one server on loopback, every one sending its next request as
// soon as it has an answer (docs/benchmarks.md, "Overload"). Says how the answered requests' latency
// is spread, how many took over 1 s and over 10 s, how many were shed (503), and how many first
// requests of a connection took over 1 s (a connection the server was slow to accept).
//
// Two clients: `polite` (the default) is one keep-alive connection per loop that, after a 503,
// waits its Retry-After before the next request, as a client should; `greedy` is autocannon, which
// sends the next request at once whatever the answer.
//
//   node_modules/.bin/node bench/overload.mjs [--server dist/canpol.mjs] [--data data/real.db]
//       [--connections 512] [--duration 20] [--client polite|greedy] [--probe api|ops] [--serve-arg ARG ...]
//
// `--probe ops` starts the server with an operations port (--ops-port) and probes /health there, as a
// load balancer configured for it would; `api` (the default) probes the API's own port.
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const { values: opts } = parseArgs({
  options: {
    server: { type: 'string', default: join(ROOT, 'dist/canpol.mjs') },
    data: { type: 'string', default: join(ROOT, 'data/real.db') },
    connections: { type: 'string', default: '512' },
    duration: { type: 'string', default: '20' },
    client: { type: 'string', default: 'polite' },
    probe: { type: 'string', default: 'api' },
    'serve-arg': { type: 'string', multiple: true, default: [] },
  },
});

const freePort = () =>
  new Promise((done, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/** A mix of the API's ordinary routes (no search: it sheds on its own queue), with real ids. */
function paths(file) {
  const db = new Database(file, { readonly: true });
  const one = (sql) => db.prepare(sql).pluck().get();
  const politician = one('SELECT id FROM politicians ORDER BY id LIMIT 1');
  const bill = one('SELECT id FROM bills ORDER BY id LIMIT 1');
  db.close();
  const api = '/api/public/v1';
  return [
    `${api}/politicians?limit=50`,
    `${api}/politicians/${politician}`,
    `${api}/bills?limit=20`,
    `${api}/bills/${bill}`,
    `${api}/votes?limit=20`,
    `${api}/coverage`,
    `${api}/boundaries/lookup?lat=45.42&lng=-75.70`,
    `${api}/bills?q=loi&limit=5`,
  ];
}

async function main() {
  const port = await freePort();
  const opsPort = opts.probe === 'ops' ? await freePort() : null;
  const child = spawn(
    process.execPath,
    [
      opts.server,
      'serve',
      '--data',
      opts.data,
      '--port',
      String(port),
      '--host',
      HOST,
      '--rate-limit',
      'off',
      '--log',
      'off',
      ...(opsPort ? ['--ops-port', String(opsPort)] : []),
      ...opts['serve-arg'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  await new Promise((ok, fail) => {
    const t = setTimeout(() => fail(new Error(`server did not start:\n${stderr}`)), 30_000);
    child.stderr.on('data', () => {
      if (stderr.includes('listening on')) {
        clearTimeout(t);
        ok();
      }
    });
    child.once('exit', () => fail(new Error(`server exited:\n${stderr}`)));
  });
  const list = paths(opts.data);
  const latencies = [];
  const statuses = {};
  let slowFirst = 0;
  const record = (status, ms, first) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (first && ms > 1000) slowFirst++;
    if (status === 200) latencies.push(ms);
  };
  const probe = probeInWorker(opsPort ?? port, Number(opts.duration) * 1000);
  const result = opts.client === 'greedy' ? await greedy(port, list, record) : await polite(port, list, record);
  const probed = await probe;
  const metrics = await fetch(`http://${HOST}:${port}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const shed = Object.fromEntries(
    [...metrics.matchAll(/^canpol_http_requests_shed_total\{reason="(\w+)"\} (\d+)/gm)].map((m) => [m[1], Number(m[2])]),
  );
  const rss = Number(/^canpol_process_resident_memory_bytes (\d+)/m.exec(metrics)?.[1] ?? NaN);
  child.kill('SIGTERM');
  latencies.sort((a, b) => a - b);
  const q = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : NaN);
  const over = (ms) => latencies.filter((l) => l > ms).length;
  const served = latencies.length;
  console.log(
    JSON.stringify(
      {
        server: opts.server,
        data: opts.data,
        client: opts.client,
        probe: opts.probe,
        connections: Number(opts.connections),
        duration_s: Number(opts.duration),
        serve_args: opts['serve-arg'],
        statuses,
        shed,
        rss_mb_after: Math.round(rss / 1e6),
        errors: result.errors,
        timeouts: result.timeouts,
        answered_200_per_s: Math.round(served / Number(opts.duration)),
        ms_200: { p50: q(0.5), p90: q(0.9), p99: q(0.99), max: latencies.at(-1) },
        over_1s: over(1000),
        over_10s: over(10_000),
        first_on_connection_over_1s: slowFirst,
        health_on_new_connection: probed,
      },
      null,
      2,
    ),
  );
}

/** GET /health on a new connection every 250 ms while the load runs (what a load balancer's probe
 *  sees): how many, their statuses, the slowest, and how many took over 1 s or got no answer in 5 s. */
async function probeHealth(port, ms) {
  const until = Date.now() + ms;
  const times = [];
  const statuses = {};
  const probes = [];
  const one = () =>
    new Promise((done) => {
      const t0 = performance.now();
      const req = http.get({ host: HOST, port, path: '/health', agent: false, timeout: 5000 }, (res) => {
        res.resume();
        res.on('end', () => {
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          times.push(performance.now() - t0);
          done();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        statuses.none = (statuses.none ?? 0) + 1;
        done();
      });
    });
  await new Promise((r) => setTimeout(r, 1000)); // once the load has started
  while (Date.now() < until) {
    probes.push(one());
    await new Promise((r) => setTimeout(r, 250));
  }
  await Promise.all(probes);
  times.sort((a, b) => a - b);
  return {
    probes: probes.length,
    statuses,
    ms_p50: Math.round(times[Math.floor(times.length / 2)] ?? NaN),
    ms_max: Math.round(times.at(-1) ?? NaN),
    over_1s: times.filter((t) => t > 1000).length,
  };
}

/** The probe on a thread of its own: on the load's thread its times included that thread's own
 *  backlog of 2,000 connections' answers, not only the server's. */
function probeInWorker(port, ms) {
  const source = `const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const HOST = workerData.host;
(${probeHealth.toString()})(workerData.port, workerData.ms).then((r) => parentPort.postMessage(r));`;
  return new Promise((done, fail) => {
    const worker = new Worker(source, { eval: true, workerData: { host: HOST, port, ms } });
    worker.once('message', done);
    worker.once('error', fail);
  });
}

/** autocannon: the next request at once, whatever the answer. */
async function greedy(port, list, record) {
  const run = autocannon({
    url: `http://${HOST}:${port}`,
    connections: Number(opts.connections),
    duration: Number(opts.duration),
    timeout: 60,
    requests: list.map((path) => ({ method: 'GET', path })),
  });
  const seen = new Set();
  run.on('response', (client, status, _bytes, ms) => {
    record(status, ms, !seen.has(client));
    seen.add(client);
  });
  return new Promise((done) => run.once('done', done));
}

/** One keep-alive connection per loop; after a 503 the loop waits its Retry-After. */
async function polite(port, list, record) {
  const until = Date.now() + Number(opts.duration) * 1000;
  let errors = 0;
  const one = (agent, path) =>
    new Promise((done) => {
      const started = performance.now();
      const req = http.get({ host: HOST, port, path, agent }, (res) => {
        res.resume();
        res.on('end', () =>
          done({ status: res.statusCode, ms: performance.now() - started, retry: Number(res.headers['retry-after'] ?? 0) }),
        );
      });
      req.on('error', () => {
        errors++;
        done({ status: 0, ms: performance.now() - started, retry: 1 });
      });
    });
  const loops = Array.from({ length: Number(opts.connections) }, async (_, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = 0; Date.now() < until; n++) {
      const r = await one(agent, list[(i + n) % list.length]);
      if (r.status) record(r.status, r.ms, n === 0);
      if (r.status === 503 || r.status === 0) await new Promise((w) => setTimeout(w, Math.max(1, r.retry) * 1000));
    }
    agent.destroy();
  });
  await Promise.all(loops);
  return { errors, timeouts: 0 };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
