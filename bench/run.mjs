// Loopback load test of the real server (`make bench`; docs/benchmarks.md explains the numbers).
//
//   node_modules/.bin/node bench/run.mjs [--data FILE] [--duration S] [--warmup S] [--connections 1,32] [--profile DIR] [--serve-arg ARG ...]
//
// Starts dist/canpol.mjs serve and bench/ceiling.mjs (a bare node:http server with a fixed body the
// size of the /politicians/{id} answer) as child processes on free loopback ports, picks real ids
// from the data file, runs autocannon against each route at each connection count (a warm-up run,
// then the measured run), prints a Markdown table and writes it with the machine and data file
// details to bench/results/latest.md. Exits 1 if any answer was not a 200 or any request failed.
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failWith, gitState, parseCommandLine } from './script.mjs';
import { freePort, get, HOST, startChild as startChild_, stopChildren, stopChildrenOnExit, waitFor } from './processes.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'dist/canpol.mjs');
const CEILING = join(ROOT, 'bench/ceiling.mjs');
const RESULTS = join(ROOT, 'bench/results/latest.md');
const API = '/api/public/v1';

const USAGE = `usage: node_modules/.bin/node bench/run.mjs [options]

options:
  --data FILE          data file to serve (default: data/canpol.db)
  --duration S         seconds of each measured run (default: 10)
  --warmup S           seconds of the warm-up run before each measured run (default: 2)
  --connections LIST   comma-separated connection counts (default: 1,32)
  --profile DIR        run the server with --cpu-prof, writing the .cpuprofile into DIR
  --serve-arg ARG      pass ARG on to \`canpol serve\` (repeatable), e.g. --serve-arg=--rate-limit=off
  --help               show this help`;

// ---------------------------------------------------------------------------------------------
// Arguments

function parseOptions(argv) {
  const values = parseCommandLine(
    argv,
    {
      data: { type: 'string', default: join(ROOT, 'data/canpol.db') },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '1,32' },
      profile: { type: 'string' },
      'serve-arg': { type: 'string', multiple: true, default: [] },
    },
    USAGE,
    fail,
  );
  const seconds = (name, min) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) fail(`--${name} must be an integer >= ${min}, got ${JSON.stringify(values[name])}`, 2);
    return n;
  };
  const connections = values.connections.split(',').map((s) => Number(s.trim()));
  if (!connections.length || connections.some((n) => !Number.isInteger(n) || n < 1 || n > 1000)) {
    fail(`--connections must be a comma-separated list of integers 1-1000, got ${JSON.stringify(values.connections)}`, 2);
  }
  return {
    data: resolve(values.data),
    duration: seconds('duration', 1),
    warmup: seconds('warmup', 0),
    connections,
    profile: values.profile ? resolve(values.profile) : undefined,
    serveArgs: values['serve-arg'],
  };
}

const fail = failWith('bench');

// ---------------------------------------------------------------------------------------------
// Child processes (bench/processes.mjs stops every one on the way out)

stopChildrenOnExit('bench');
const startChild = (name, args) => startChild_(name, process.execPath, args, { cwd: ROOT });

async function startServer(data, profile, serveArgs = []) {
  const port = await freePort();
  const nodeArgs = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [];
  const child = startChild('canpol server', [
    ...nodeArgs,
    SERVER,
    'serve',
    '--data',
    data,
    '--port',
    String(port),
    '--host',
    HOST,
    ...serveArgs,
  ]);
  const base = `http://${HOST}:${port}`;
  await waitFor(child, `${base}/health`);
  return base;
}

async function startCeiling(bytes) {
  const port = await freePort();
  const child = startChild('ceiling server', [CEILING, '--bytes', String(bytes), '--port', String(port), '--host', HOST]);
  const base = `http://${HOST}:${port}`;
  await waitFor(child, base);
  return base;
}

// ---------------------------------------------------------------------------------------------
// The data file: its build record, and real ids to ask for.

function readDataFile(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const build = db.prepare('SELECT id, built_at, dataset_name, is_demo, row_counts FROM build').get();
    if (!build) throw new Error(`${file} has no build record`);
    const politician = db.prepare(`SELECT id, name FROM politicians WHERE status = 'sitting' ORDER BY id LIMIT 1`).get();
    if (!politician) throw new Error(`${file} has no sitting politician`);
    const onSitting = db
      .prepare(`SELECT count(*) FROM politicians WHERE level = 'provincial' AND province_territory = 'ON' AND status = 'sitting'`)
      .pluck()
      .get();
    const vote = db.prepare('SELECT id, positions_count FROM votes ORDER BY positions_count DESC, id LIMIT 1').get();
    if (!vote) throw new Error(`${file} has no votes`);
    const q = commonTitleWord(db);
    if (!q) throw new Error(`${file} has no bill title word to search for`);
    const qMatches = db.prepare(`SELECT count(*) FROM bills WHERE search_folded LIKE ?`).pluck().get(`%${q}%`);
    return {
      build: { ...build, is_demo: build.is_demo === 1, row_counts: JSON.parse(build.row_counts) },
      politician,
      onSitting,
      vote,
      q: { word: q, matches: qMatches, bills: db.prepare('SELECT count(*) FROM bills').pluck().get() },
    };
  } finally {
    db.close();
  }
}

/**
 * A realistic search word: the word of 5+ letters found in the most bill titles, among those in at
 * most half of them (a word in every title is no search). Taken from the folded search column, so
 * the server's folding of `q` leaves it as it is.
 */
function commonTitleWord(db) {
  const df = new Map();
  let bills = 0;
  for (const text of db.prepare('SELECT search_folded FROM bills').pluck().iterate()) {
    bills++;
    for (const word of new Set(text.split(/[^\p{L}]+/u).filter((w) => w.length >= 5))) df.set(word, (df.get(word) ?? 0) + 1);
  }
  const ranked = [...df].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return (ranked.find(([, n]) => n <= bills / 2) ?? ranked[0])?.[0];
}

// ---------------------------------------------------------------------------------------------
// Load

/** One autocannon run; latencies are kept from every response (autocannon's histogram has 1 ms steps). */
async function load(url, connections, duration) {
  const latencies = [];
  const run = autocannon({ url, connections, duration, pipelining: 1, timeout: 10, headers: {} });
  run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await run;
  const sorted = Float64Array.from(latencies).sort();
  const pct = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
  return {
    rps: result.requests.mean,
    p50: pct(0.5),
    p99: pct(0.99),
    total: result.requests.total,
    non2xx: result.non2xx,
    non200: Object.entries(statuses)
      .filter(([code]) => code !== '200')
      .reduce((n, [, c]) => n + c, 0),
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

const fmt = {
  int: (n) => Math.round(n).toLocaleString('en-US'),
  ms: (n) => (Number.isFinite(n) ? n.toFixed(2) : '-'),
  ratio: (n) => (Number.isFinite(n) ? n.toFixed(2) : '-'),
  mib: (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`,
};

function table(rows) {
  const lines = [
    '| route | connections | req/s (mean) | p50 ms | p99 ms | vs ceiling | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.connections} | ${fmt.int(r.rps)} | ${fmt.ms(r.p50)} | ${fmt.ms(r.p99)} | ${fmt.ratio(r.ratio)} | ${r.non2xx} | ${r.errors} |`,
    );
  }
  return lines.join('\n');
}

function versions() {
  const version = (name) => {
    try {
      return JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      return '?';
    }
  };
  return ['hono', '@hono/node-server', 'better-sqlite3', 'autocannon'].map((name) => `${name} ${version(name)}`).join(', ');
}

function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const dir of ['src', 'build-db']) if (existsSync(join(ROOT, dir))) walk(join(ROOT, dir));
  return newest;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const opts = parseOptions(process.argv.slice(2));
  if (Number(process.versions.node.split('.')[0]) < 22)
    fail(`needs Node >= 22 (this is ${process.version}); run it with node_modules/.bin/node`);
  if (!existsSync(opts.data)) fail(`data file ${opts.data} does not exist (make data builds data/canpol.db)`);
  if (!existsSync(SERVER)) fail(`${relative(ROOT, SERVER)} does not exist (make dist/canpol.mjs builds it)`);
  if (newestSource() > statSync(SERVER).mtimeMs)
    console.error(`bench: warning: ${relative(ROOT, SERVER)} is older than the sources; make dist/canpol.mjs rebuilds it`);
  if (opts.profile) mkdirSync(opts.profile, { recursive: true });

  const file = readDataFile(opts.data);
  const routes = [
    { label: `${API}/politicians?jurisdiction=ON`, path: `${API}/politicians?jurisdiction=ON` },
    { label: `${API}/politicians/{id}`, path: `${API}/politicians/${file.politician.id}`, target: true },
    { label: `${API}/bills?q=${file.q.word}`, path: `${API}/bills?q=${encodeURIComponent(file.q.word)}` },
    { label: `${API}/votes/{id}/positions`, path: `${API}/votes/${file.vote.id}/positions` },
  ];

  const base = await startServer(opts.data, opts.profile, opts.serveArgs);
  console.error(`bench: canpol server up at ${base}, serving ${opts.data}`);

  // Every route answers 200 with raw JSON before any load: a bench of 404s measures nothing.
  for (const route of routes) {
    const res = await get(base + route.path);
    if (res.status !== 200) throw new Error(`GET ${route.path} answered ${res.status}: ${res.body.toString().slice(0, 500)}`);
    if (res.headers['content-encoding'])
      throw new Error(`GET ${route.path} came back ${res.headers['content-encoding']}-encoded without Accept-Encoding`);
    route.bytes = res.body.length;
  }
  const detailBytes = routes.find((r) => r.target).bytes;
  const ceilingBase = await startCeiling(detailBytes);
  console.error(`bench: ceiling server up at ${ceilingBase}, ${detailBytes}-byte body`);

  const scenarios = [
    { label: `ceiling (bare node:http, ${detailBytes}-byte body)`, url: `${ceilingBase}/`, ceiling: true },
    ...routes.map((r) => ({ label: r.label, url: base + r.path, target: r.target })),
  ];
  const total = scenarios.length * opts.connections.length * (opts.duration + opts.warmup);
  console.error(
    `bench: ${scenarios.length * opts.connections.length} runs of ${opts.warmup} s warm-up + ${opts.duration} s, about ${Math.ceil(total / 60)} min`,
  );

  const rows = [];
  const ceilingAt = new Map();
  for (const s of scenarios) {
    for (const connections of opts.connections) {
      if (opts.warmup > 0) await load(s.url, connections, opts.warmup);
      const r = await load(s.url, connections, opts.duration);
      if (s.ceiling) ceilingAt.set(connections, r.rps);
      const row = { ...s, ...r, connections, ratio: r.rps / ceilingAt.get(connections) };
      rows.push(row);
      console.error(
        `bench: ${s.label} c=${connections}: ${fmt.int(r.rps)} req/s, p50 ${fmt.ms(r.p50)} ms, p99 ${fmt.ms(r.p99)} ms, ` +
          `statuses ${JSON.stringify(r.statuses)}, errors ${r.errors}`,
      );
    }
  }
  await stopChildren();

  const result = table(rows);
  console.log(`\n${result}\n`);

  const target = rows.find((r) => r.target && r.connections === 32);
  const verdict = target
    ? `/politicians/{id} at 32 connections: ${fmt.ratio(target.ratio)} of the ceiling (target >= 0.60), p99 ${fmt.ms(target.p99)} ms (target <= 5 ms): ` +
      (target.ratio >= 0.6 && target.p99 <= 5 ? 'target met' : 'target MISSED')
    : 'target not evaluated (no run at 32 connections)';
  console.log(verdict);

  const cpus = os.cpus();
  const size = statSync(opts.data).size;
  const counts = Object.entries(file.build.row_counts)
    .map(([t, n]) => `${t} ${fmt.int(n)}`)
    .join(', ');
  const report =
    `# Benchmark results

Written by \`bench/run.mjs\` on ${new Date().toISOString()}; see docs/benchmarks.md for how to read it.

- command: \`${[process.argv0, relative(process.cwd(), fileURLToPath(import.meta.url)), ...process.argv.slice(2)].join(' ')}\` (in ${ROOT})
- code: commit ${gitState(ROOT)}; ${versions()}
- machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, ${os.platform()} ${os.release()}
- Node ${process.version} (server, ceiling and load generator on the same machine, over loopback)
- data file: ${relative(ROOT, opts.data).startsWith('..') ? opts.data : relative(ROOT, opts.data)}, ${fmt.mib(size)} (${fmt.int(size)} bytes), ` +
    `dataset "${file.build.dataset_name}"${file.build.is_demo ? ' (demo)' : ''}, build ${file.build.id} of ${file.build.built_at}
- rows: ${counts}
- runs: ${opts.warmup} s warm-up, then ${opts.duration} s measured, per route and connection count; no Accept-Encoding (raw JSON); latencies over every response of the measured run
- ids: politician ${file.politician.id} (${file.politician.name}); vote ${file.vote.id} (${file.vote.positions_count} positions); ` +
    `q=${file.q.word} (matches ${file.q.matches} of ${file.q.bills} bills); ${file.onSitting} sitting ON politicians
- response bodies: ${routes.map((r) => `${r.label} ${fmt.int(r.bytes)} B`).join('; ')}

${result}

${verdict}
`;
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, report);
  console.error(`bench: wrote ${relative(ROOT, RESULTS)}`);

  const bad = rows.filter((r) => r.non200 || r.errors);
  if (bad.length) {
    for (const r of bad)
      console.error(
        `bench: FAIL ${r.label} c=${r.connections}: statuses ${JSON.stringify(r.statuses)}, errors ${r.errors} (timeouts ${r.timeouts})`,
      );
    process.exitCode = 1;
  }
}

main().catch(async (err) => {
  console.error(`bench: ${err.stack ?? err}`);
  await stopChildren();
  process.exit(1);
});
