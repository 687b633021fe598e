// What the request log and the metrics cost (docs/benchmarks.md, "Operations overhead"): three
// `canpol serve` processes on the same data file: the defaults (JSON log on a pipe that this script
// drains, as a log shipper would; /metrics on), `--log off` (metrics only), and `--log off
// --metrics off`, measured in rotating rounds with autocannon so all see the same machine load;
// prints the median req/s of each and its ratio to the last, and the server's CPU time per request
// (user + system, from /proc/PID/stat), which other load on a shared machine disturbs far less. Rate limits are off in both (they are measured in their own section).
//
//   node_modules/.bin/node bench/ops-overhead.mjs [--server dist/canpol.mjs] [--data data/canpol.db] [--duration 5] [--rounds 3] [--connections 32]
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: o } = parseArgs({
  options: {
    server: { type: 'string', default: join(ROOT, 'dist/canpol.mjs') },
    data: { type: 'string', default: join(ROOT, 'data/canpol.db') },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
  },
});

function start(args) {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k === 'PORT' || k.startsWith('CANPOL_')) delete env[k];
  const child = spawn(process.execPath, [o.server, 'serve', '--data', o.data, '--port', '0', '--rate-limit', 'off', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let logged = 0;
  child.stdout.on('data', (d) => {
    logged += d.length;
  }); // a log shipper reading the pipe
  return new Promise((ok, fail) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/[^/\s]+)/.exec(err);
      if (m) ok({ child, base: m[1], logged: () => logged });
    });
    child.once('exit', (code) => fail(new Error(`serve exited ${code}: ${err}`)));
  });
}

/** CPU seconds (user + system) the process has used; clock ticks are 1/100 s on Linux. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const db = new Database(o.data, { readonly: true });
const id = db.prepare('SELECT id FROM politicians ORDER BY id LIMIT 1 OFFSET 10').get().id;
db.close();
const routes = [`/api/public/v1/politicians/${id}`, '/api/public/v1/bills?limit=5', '/health'];

const servers = { on: await start([]), metrics: await start(['--log', 'off']), off: await start(['--log', 'off', '--metrics', 'off']) };
const names = Object.keys(servers);
const results = {};
const cpu = {};
try {
  for (const path of routes) {
    results[path] = { on: [], metrics: [], off: [] };
    cpu[path] = { on: [], metrics: [], off: [] };
    for (const s of Object.values(servers)) await autocannon({ url: s.base + path, connections: Number(o.connections), duration: 1 }); // warm-up
    for (let r = 0; r < Number(o.rounds); r++) {
      for (const name of names.slice(r % 3).concat(names.slice(0, r % 3))) {
        const before = cpuSeconds(servers[name].child.pid);
        const res = await autocannon({ url: servers[name].base + path, connections: Number(o.connections), duration: Number(o.duration) });
        cpu[path][name].push(((cpuSeconds(servers[name].child.pid) - before) / res.requests.total) * 1e6);
        if (res.non2xx || res.errors) throw new Error(`${name} ${path}: ${res.non2xx} non-2xx, ${res.errors} errors`);
        results[path][name].push(res.requests.mean);
      }
    }
  }
} finally {
  for (const s of Object.values(servers)) s.child.kill('SIGTERM');
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cell = (x, off) => `${Math.round(x).toLocaleString('en')} req/s (${(x / off).toFixed(2)})`;
console.log(`| route | JSON log + metrics (default) | metrics only (\`--log off\`) | neither |\n|---|---|---|---|`);
for (const [path, r] of Object.entries(results)) {
  const off = median(r.off);
  console.log(
    `| \`${path.replace(id, '{id}')}\` | ${cell(median(r.on), off)} | ${cell(median(r.metrics), off)} | ${Math.round(off).toLocaleString('en')} req/s |`,
  );
}
console.log(
  `\nServer CPU time per request (median µs; ratio to neither):\n\n| route | JSON log + metrics (default) | metrics only | neither |\n|---|---|---|---|`,
);
for (const [path, r] of Object.entries(cpu)) {
  const off = median(r.off);
  const us = (x) => `${x.toFixed(1)} µs (${(x / off).toFixed(2)})`;
  console.log(`| \`${path.replace(id, '{id}')}\` | ${us(median(r.on))} | ${us(median(r.metrics))} | ${off.toFixed(1)} µs |`);
}
console.log(`\nrounds: ${JSON.stringify(results).replaceAll(id, '{id}')}`);
console.log(`log bytes written by the "on" server: ${servers.on.logged()}`);
