// `make bench-http-memory`: the response cache keeps the server's memory bounded. One server (the Node
// bundle, or the binary) gets N distinct URLs with real answers (200,000 by default: details, event
// logs, vote positions, boundaries with geometry, lists with q), each asked once, and its memory is
// sampled all along; the same with --response-cache 0 shows what serving costs without the cache.
//
//   node_modules/.bin/node bench/http-memory.mjs [--data FILE] [--cap BYTES] [--urls N] [--connections N] [--binary] [--cache-only] [--server-cpu C]
//
// Reported from /proc/PID/status: VmRSS, and its two parts, RssAnon (the process's own memory: heap,
// buffers, the cache) and RssFile (pages of mapped files, mostly the memory-mapped data file, which the
// kernel can drop and reread). The claim checked: the peak RssAnon stays within the idle RssAnon (after
// start, once settled, before any request) plus the cap.
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, get, HOST, startChild, stopChildren, stopChildrenOnExit, waitFor } from './processes.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const API = '/api/public/v1';

const { values: a } = parseArgs({
  options: {
    data: { type: 'string', default: join(ROOT, 'data/real.db') },
    cap: { type: 'string', default: String(64 * 2 ** 20) },
    urls: { type: 'string', default: '200000' },
    connections: { type: 'string', default: '32' },
    binary: { type: 'boolean', default: false },
    // The run without the cache only shows what serving costs anyway; the bound is checked without it.
    'cache-only': { type: 'boolean', default: false },
    'server-cpu': { type: 'string', default: '1' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (a.help) {
  console.log(
    'usage: node_modules/.bin/node bench/http-memory.mjs [--data FILE] [--cap BYTES] [--urls N] [--connections N] [--binary] [--cache-only] [--server-cpu C]',
  );
  process.exit(0);
}
const cap = Number(a.cap);
const n = Number(a.urls);
const connections = Number(a.connections);
if (![cap, n, connections].every((x) => Number.isInteger(x) && x > 0)) {
  console.error('bench-http-memory: --cap, --urls and --connections must be positive integers');
  process.exit(2);
}
if (!existsSync(a.data)) {
  console.error(`bench-http-memory: ${a.data} not found (make data-real)`);
  process.exit(1);
}
stopChildrenOnExit('bench-http-memory');

/** N distinct URLs with real answers: unknown query parameters are ignored (decisions 1), so
 *  `?n=i` makes a new URL of the same answer; the routes are mixed so that sizes vary (1 KB-150 KB). */
function urls(file, count) {
  const db = new Database(file, { readonly: true });
  const bills = db.prepare('SELECT id FROM bills ORDER BY id').pluck().all();
  const votes = db.prepare('SELECT id FROM votes ORDER BY id').pluck().all();
  const people = db.prepare('SELECT id FROM politicians ORDER BY id').pluck().all();
  const bounds = db.prepare(`SELECT source_set || '/' || slug FROM boundaries ORDER BY constituency_id`).pluck().all();
  db.close();
  const kinds = [
    (i) => `${API}/bills/${bills[i % bills.length]}?n=${i}`,
    (i) => `${API}/bills/${bills[i % bills.length]}/events?n=${i}`,
    (i) => `${API}/votes/${votes[i % votes.length]}/positions?n=${i}`,
    (i) => `${API}/politicians/${people[i % people.length]}?n=${i}`,
    (i) => `${API}/boundaries/${bounds[i % bounds.length]}?n=${i}`,
    (i) => `${API}/bills?page=${1 + (i % 100)}&n=${i}`,
    (i) => `${API}/votes?page=${1 + (i % 50)}&n=${i}`,
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length](i));
}

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
}

/**
 * The idle RssAnon once it has settled: unchanged within 1 MiB over 10 s of samples (at most 60 s).
 * Read 2 s after start, the Bun binary's idle held ~23 MiB that it freed a few seconds later (memory
 * left by loading, returned after the collector and the allocator caught up), which put the bound
 * that much higher than the server's real idle (docs/benchmarks.md, sixteenth session). Node does the
 * same ~8 s after start, when V8's memory reducer shrinks the idle heap (12-20 MiB on data/real.db,
 * eighteenth session): a 3-s window closed before it, so the window is 10 s.
 */
async function settled(pid) {
  const window = [];
  const size = 40; // samples, every 250 ms
  const started = performance.now();
  for (;;) {
    window.push(memory(pid));
    if (window.length > size) window.shift();
    const anon = window.map((m) => m.anon);
    if (window.length === size && Math.max(...anon) - Math.min(...anon) <= 2 ** 20) return window.at(-1);
    if (performance.now() - started > 60_000) return window.at(-1);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const mib = (b) => `${(b / 2 ** 20).toFixed(1)} MiB`;
const pinned = (command, args) => {
  try {
    execFileSync('sh', ['-c', 'command -v taskset'], { stdio: 'ignore' });
    return ['taskset', ['-c', a['server-cpu'], command, ...args]];
  } catch {
    return [command, args];
  }
};

async function run(cacheBytes, list) {
  const port = await freePort();
  const serve = [
    'serve',
    '--data',
    resolve(a.data),
    '--port',
    String(port),
    '--host',
    HOST,
    '--rate-limit',
    'off',
    '--response-cache',
    String(cacheBytes),
  ];
  const [cmd, args] = a.binary
    ? pinned(join(ROOT, 'dist/canpol'), serve)
    : pinned(process.execPath, [join(ROOT, 'dist/canpol.mjs'), ...serve]);
  const child = startChild('server', cmd, args, { cwd: ROOT, keepStdout: false });
  const base = `http://${HOST}:${port}`;
  await waitFor(child, `${base}/health`, 60);
  const idle = await settled(child.pid);
  const peak = { ...idle };
  const sample = () => {
    const m = memory(child.pid);
    for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], m[k]);
  };
  const timer = setInterval(sample, 200);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  let done = 0;
  let bad = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < list.length) {
      const path = list[next++];
      const status = await new Promise((done, reject) => {
        http
          .get(`${base}${path}`, { agent }, (res) => {
            res.resume();
            res.on('end', () => done(res.statusCode));
          })
          .on('error', reject);
      });
      if (status !== 200) bad++;
      if (++done % 20000 === 0)
        console.error(
          `bench-http-memory: cache ${mib(cacheBytes)}: ${done} of ${list.length} URLs, RssAnon ${mib(memory(child.pid).anon)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  sample();
  const end = memory(child.pid);
  const metrics = (await get(`${base}/metrics`)).body.toString();
  const metric = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN);
  agent.destroy();
  await stopChildren();
  return {
    cacheBytes,
    idle,
    peak,
    end,
    seconds,
    bad,
    cache: {
      bytes: metric('canpol_response_cache_bytes'),
      entries: metric('canpol_response_cache_entries'),
      evictions: metric('canpol_response_cache_evictions_total'),
    },
  };
}

const list = urls(a.data, n);
console.error(`bench-http-memory: ${n} distinct URLs, ${connections} connections, ${a.binary ? 'dist/canpol' : 'dist/canpol.mjs'}`);
const rows = [];
for (const bytes of a['cache-only'] ? [cap] : [cap, 0]) rows.push(await run(bytes, list));

console.log(
  `\n| --response-cache | URLs | s | non-200 | idle RSS (anon + file) | peak RSS | peak RssAnon | RssAnon over idle | peak RssFile | cache bytes / entries / evictions at the end |`,
);
console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|---|');
for (const r of rows) {
  console.log(
    `| ${r.cacheBytes ? mib(r.cacheBytes) : 'off (0)'} | ${n} | ${r.seconds.toFixed(0)} | ${r.bad} | ${mib(r.idle.rss)} (${mib(r.idle.anon)} + ${mib(r.idle.file)}) | ${mib(r.peak.rss)} | ${mib(r.peak.anon)} | ` +
      `${mib(r.peak.anon - r.idle.anon)} | ${mib(r.peak.file)} | ${r.cacheBytes ? `${mib(r.cache.bytes)} / ${r.cache.entries} / ${r.cache.evictions}` : '-'} |`,
  );
}
const [on, off] = rows;
const ok = on.peak.anon <= on.idle.anon + cap;
console.log(
  `\npeak RssAnon ${mib(on.peak.anon)} ${ok ? '<=' : '>'} idle RssAnon ${mib(on.idle.anon)} + cap ${mib(cap)} = ${mib(on.idle.anon + cap)}: ${ok ? 'within the bound' : 'BOUND EXCEEDED'}`,
);
if (off)
  console.log(
    `the cache's share: peak RssAnon with it ${mib(on.peak.anon)}, without it ${mib(off.peak.anon)}: ${mib(on.peak.anon - off.peak.anon)} for a cap of ${mib(cap)}`,
  );
process.exitCode = ok && rows.every((r) => r.bad === 0) ? 0 : 1;
