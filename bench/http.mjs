// `make bench-http`: every GET endpoint of the API on a real data file, each server against a bare
// node:http ceiling that answers the same bytes, in alternating rounds under one load generator
// (wrk), the servers on one core and wrk on another (docs/benchmarks.md, "HTTP").
//
//   node_modules/.bin/node bench/http.mjs [--data FILE] [--variants node,binary,keyed,nocache] [--before BUNDLE]
//     [--rounds N] [--duration S] [--warmup S] [--connections N] [--only REGEX] [--server-cpu C] [--load-cpu C]
//
// For each scenario (bench/http-scenarios.mjs): the server's answer is fetched once and checked (200,
// raw JSON), a ceiling is started with that answer as its fixed body, every server and the ceiling
// get a warm-up run, then `rounds` rounds run each of them once, in an order rotated every round.
// Printed per scenario and server: the medians over the rounds of req/s, p50 and p99 (wrk's own
// microsecond histogram), and the median over rounds of req/s divided by the ceiling's req/s of the
// same round; then the verdict against issue 19's target when the scenario has one.
// Exit status: 0 all answers were 200 and no request failed, 1 otherwise, 2 bad options.
import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenariosFor } from './http-scenarios.mjs';
import { failWith, gitState, parseCommandLine } from './script.mjs';
import { freePort, get, HOST, startChild, stopChildren, stopChildrenOnExit, waitFor } from './processes.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE = join(ROOT, 'dist/canpol.mjs');
const BINARY = join(ROOT, 'dist/canpol');
const CEILING = join(ROOT, 'bench/ceiling.mjs');
const LUA = join(ROOT, 'bench/http-wrk.lua');
const VARIANTS = ['node', 'binary', 'keyed', 'nocache'];

const USAGE = `usage: node_modules/.bin/node bench/http.mjs [options]

options:
  --data FILE          data file to serve (default: data/real.db, from make data-real)
  --variants LIST      servers to measure, comma-separated (default: node):
                         node     node dist/canpol.mjs serve --rate-limit off
                         binary   dist/canpol serve --rate-limit off (make binary)
                         keyed    the Node bundle with rate limits ON, every request with a pro key
                                  (its hourly limits raised so that none is refused)
                         nocache  the Node bundle with --response-cache 0 (every answer computed)
  --before BUNDLE      also measure this bundle (e.g. main's dist/canpol.mjs; run under Node) or earlier
                       binary (any other file, run as it is) as "before"
  --before-data FILE   the data file "before" serves (default: --data), e.g. one built by that bundle
                       when the schema changed since
  --rounds N           measured rounds per server and scenario (default: 3)
  --duration S         seconds of each measured run (default: 2)
  --warmup S           seconds of the one warm-up run per server and scenario (default: 1; a scenario may ask for more)
  --connections N      connections of the load generator (default: 32)
  --only REGEX         only the scenarios whose name matches
  --server-cpu LIST    cores of the servers and the ceiling, for taskset (default: 1)
  --load-cpu LIST      cores of the load generator (default: 0)
  --out FILE           Markdown report (default: bench/results/http-latest.md; JSON beside it)
  --help               show this help

needs wrk (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk) and taskset (util-linux).`;

const fail = failWith('bench-http');

function parseOptions(argv) {
  const values = parseCommandLine(
    argv,
    {
      data: { type: 'string', default: join(ROOT, 'data/real.db') },
      variants: { type: 'string', default: 'node' },
      before: { type: 'string' },
      'before-data': { type: 'string' },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '2' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '32' },
      only: { type: 'string' },
      'server-cpu': { type: 'string', default: '1' },
      'load-cpu': { type: 'string', default: '0' },
      out: { type: 'string', default: join(ROOT, 'bench/results/http-latest.md') },
    },
    USAGE,
    fail,
  );
  const int = (name, min, max) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max)
      fail(`--${name} must be an integer ${min}-${max}, got ${JSON.stringify(values[name])}`, 2);
    return n;
  };
  const variants = values.variants
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = variants.filter((v) => !VARIANTS.includes(v));
  if (unknown.length || new Set(variants).size !== variants.length)
    fail(`--variants: each of ${VARIANTS.join(', ')} at most once, got ${JSON.stringify(values.variants)}`, 2);
  if (!variants.length && !values.before) fail('--variants: nothing to measure', 2);
  let only = null;
  if (values.only) {
    try {
      only = new RegExp(values.only);
    } catch (err) {
      fail(`--only: ${err.message}`, 2);
    }
  }
  const cpus = (name) => {
    if (!/^\d+([,-]\d+)*$/.test(values[name]))
      fail(`--${name} must be a taskset core list such as 1 or 2,3, got ${JSON.stringify(values[name])}`, 2);
    return values[name];
  };
  return {
    data: resolve(values.data),
    variants,
    before: values.before ? resolve(values.before) : null,
    beforeData: resolve(values['before-data'] ?? values.data),
    rounds: int('rounds', 1, 99),
    duration: int('duration', 1, 600),
    warmup: int('warmup', 0, 600),
    connections: int('connections', 1, 10000),
    only,
    serverCpu: cpus('server-cpu'),
    loadCpu: cpus('load-cpu'),
    out: resolve(values.out),
  };
}

const has = (command) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------------------------------------
// Servers

/** `taskset -c CPUS command args`, or the command alone when taskset is missing (said once). */
function pinned(cpus, command, args) {
  return has('taskset') ? ['taskset', ['-c', cpus, command, ...args]] : [command, args];
}

async function startVariant(name, opts, scratch) {
  const port = await freePort();
  const common = ['serve', '--data', opts.data, '--port', String(port), '--host', HOST];
  let command = process.execPath;
  let args;
  let headers = {};
  if (name === 'node') args = [BUNDLE, ...common, '--rate-limit', 'off'];
  else if (name === 'before') {
    // A bundle runs under this Node; anything else is an executable (an earlier single binary).
    const bundle = /\.[cm]?js$/.test(opts.before);
    if (!bundle) command = opts.before;
    args = [
      ...(bundle ? [opts.before] : []),
      'serve',
      '--data',
      opts.beforeData,
      '--port',
      String(port),
      '--host',
      HOST,
      '--rate-limit',
      'off',
    ];
  } else if (name === 'nocache') args = [BUNDLE, ...common, '--rate-limit', 'off', '--response-cache', '0'];
  else if (name === 'binary') {
    command = BINARY;
    args = [...common, '--rate-limit', 'off'];
  } else if (name === 'keyed') {
    const keys = join(scratch, 'keys.json');
    const key = execFileSync(process.execPath, [BUNDLE, 'keys', 'create', '--keys', keys, '--name', 'bench-http', '--tier', 'pro'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    // The pro tier's 10,000 an hour would run out in a second: the limits are raised, so every
    // request is counted and answered with its headers, and none is refused.
    const lots = 'free=60,dev=1000,pro=999999999';
    args = [BUNDLE, ...common, '--keys', keys, '--limits-general', lots, '--limits-semantic', lots];
    headers = { Authorization: `Bearer ${key}` };
  }
  const [cmd, cmdArgs] = pinned(opts.serverCpu, command, args);
  const child = startChild(name, cmd, cmdArgs, { cwd: ROOT, keepStdout: false });
  const base = `http://${HOST}:${port}`;
  await waitFor(child, `${base}/health`, 60);
  return { name, base, headers, child };
}

async function startCeiling(body, opts, scratch) {
  const file = join(scratch, 'ceiling-body');
  writeFileSync(file, body);
  const port = await freePort();
  const [cmd, args] = pinned(opts.serverCpu, process.execPath, [CEILING, '--body', file, '--port', String(port), '--host', HOST]);
  const child = startChild('ceiling', cmd, args, { cwd: ROOT, keepStdout: false });
  const base = `http://${HOST}:${port}`;
  await waitFor(child, base);
  return { name: 'ceiling', base, headers: {}, child };
}

/** Busy clock ticks of the whole machine (every core), from /proc/stat. */
function machineTicks() {
  try {
    const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return f[0] + f[1] + f[2] + f[5] + f[6] + f[7]; // user nice system irq softirq steal
  } catch {
    return NaN;
  }
}

/** Ticks used by this process and its children once reaped (wrk, the ceilings, the servers). */
function ownTicks() {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ').map(Number);
    return f[11] + f[12] + f[13] + f[14]; // utime stime cutime cstime
  } catch {
    return NaN;
  }
}

function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The server process's own pid (the child is taskset, which execs it: the same pid). */
const serverPid = (variant) => variant.child.pid;

// ---------------------------------------------------------------------------------------------
// Load

/** One wrk run: `paths` null for the URL alone, else a file of paths to cycle through. */
function wrk(opts, server, path, seconds, pathsFile, connections = opts.connections) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', LUA];
  for (const [k, v] of Object.entries(server.headers)) args.push('-H', `${k}: ${v}`);
  args.push(`${server.base}${path}`);
  if (pathsFile) args.push('--', pathsFile);
  const [cmd, cmdArgs] = pinned(opts.loadCpu, 'wrk', args);
  return new Promise((done, reject) => {
    const child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c) => {
      out += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c) => {
      out += c;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
      if (code !== 0 || !line) return reject(new Error(`wrk exited ${code} against ${server.name} ${path}:\n${out.slice(-2000)}`));
      const r = JSON.parse(line.slice('WRK_JSON '.length));
      const errors = r.connect + r.read + r.write + r.timeout;
      // Answered requests per second: a 4xx/5xx (a 503 search_overloaded, say) is not an answer.
      done({
        rps: (r.requests - r.status_errors) / (r.duration_us / 1e6),
        p50: r.p50_us / 1000,
        p99: r.p99_us / 1000,
        requests: r.requests,
        bytes: r.bytes,
        statusErrors: r.status_errors,
        errors,
      });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// ---------------------------------------------------------------------------------------------

const fmt = {
  int: (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-'),
  ms: (n) => (Number.isFinite(n) ? n.toFixed(2) : '-'),
  ratio: (n) => (Number.isFinite(n) ? n.toFixed(3) : '-'),
  mib: (n) => (Number.isFinite(n) ? `${(n / 2 ** 20).toFixed(1)} MiB` : '-'),
};

function targetText(t) {
  if (!t) return '';
  const parts = [];
  if (t.ratio !== undefined) parts.push(`≥ ${t.ratio}`);
  if (t.p99Ms !== undefined) parts.push(`p99 ≤ ${t.p99Ms} ms`);
  if (t.rps !== undefined) parts.push(`≥ ${t.rps} req/s`);
  return parts.join(', ');
}

function verdict(t, row) {
  if (!t) return '';
  const ok =
    (t.ratio === undefined || row.ratio >= t.ratio) &&
    (t.p99Ms === undefined || row.p99 <= t.p99Ms) &&
    (t.rps === undefined || row.rps >= t.rps);
  return ok ? 'met' : '**missed**';
}

/** Cuts a distinct list into `n` disjoint slices, each written to a file of paths. */
function slicesOf(list, n, scratch, name) {
  const per = Math.floor(list.length / n);
  if (per < 1) throw new Error(`scenario ${name}: ${list.length} distinct URLs cannot make ${n} slices`);
  return Array.from({ length: n }, (_, i) => {
    const paths = list.slice(i * per, (i + 1) * per);
    const file = join(scratch, `${name.replace(/[^\w]+/g, '_')}-${i}.txt`);
    writeFileSync(file, `${paths.join('\n')}\n`);
    return { file, paths };
  });
}

/** Seconds of a server's warm-up run in scenario `s`: the run's --warmup, or the scenario's own when
 *  longer. Distinct searches ask for more: a fresh server's search caches (chunk words, rows, posting
 *  lists, int8 vectors) fill over its first ~2,000 queries, during which it answers at a third to
 *  two thirds of its later rate (docs/benchmarks.md, "Seventeenth session"); the target is about the
 *  server once warm, not about the seconds after a start or a reload. */
const warmupOf = (s, opts) => Math.max(opts.warmup, s.warmup ?? 0);

async function runScenario(s, servers, opts, scratch) {
  const variants = servers;
  // Distinct scenarios: one slice per warm-up and per round of every server, plus one to check.
  const slices = s.distinct ? slicesOf(s.distinct, variants.length * (opts.rounds + 1) + 1, scratch, s.name) : null;
  const check = slices ? slices[slices.length - 1].paths.slice(0, 5) : s.paths;
  const bodies = [];
  for (const v of variants) {
    for (const path of check) {
      const res = await get(v.base + path, v.headers);
      if (res.status !== 200) throw new Error(`${v.name}: GET ${path} answered ${res.status}: ${res.body.toString().slice(0, 400)}`);
      if (res.headers['content-encoding'])
        throw new Error(`${v.name}: GET ${path} came back ${res.headers['content-encoding']}-encoded without Accept-Encoding`);
      if (v === variants[0]) bodies.push(res.body);
    }
  }
  // The ceiling's fixed body: the answer itself, or for distinct URLs the median-sized of those checked.
  const body = bodies.sort((a, b) => a.length - b.length)[bodies.length >> 1];
  const ceiling = await startCeiling(body, opts, scratch);
  const all = [ceiling, ...variants];
  const sliceFor = (vi, round) => (slices ? slices[vi * (opts.rounds + 1) + round].file : null);
  const path = s.paths ? s.paths[0] : '/';
  const runs = new Map(all.map((x) => [x, []]));
  try {
    // A scenario may ask the servers for a longer warm-up than the run's (never a shorter one): see warmupOf.
    for (const x of all) {
      const seconds = x === ceiling ? opts.warmup : warmupOf(s, opts);
      if (seconds > 0) await wrk(opts, x, path, seconds, sliceFor(Math.max(0, variants.indexOf(x)), 0), s.connections);
    }
    for (let round = 1; round <= opts.rounds; round++) {
      const order = all.map((_, i) => all[(i + round - 1) % all.length]);
      for (const x of order) {
        // The ceiling answers every URL alike: it may reuse the first server's slice.
        const r = await wrk(opts, x, path, opts.duration, sliceFor(Math.max(0, variants.indexOf(x)), round), s.connections);
        r.wrapped = slices ? r.requests > slices[0].paths.length : false;
        runs.get(x).push(r);
      }
    }
  } finally {
    ceiling.child.kill('SIGTERM');
    await ceiling.child.exited;
  }
  const c = runs.get(ceiling);
  return variants.map((v) => {
    const rs = runs.get(v);
    return {
      scenario: s.name,
      variant: v.name,
      connections: s.connections ?? opts.connections,
      target: s.target,
      note: s.note,
      refusals: s.refusals,
      bytes: body.length,
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      ratio: median(rs.map((r, i) => r.rps / c[i].rps)),
      ceilingRps: median(c.map((r) => r.rps)),
      ceilingP99: median(c.map((r) => r.p99)),
      statusErrors: rs.reduce((n, r) => n + r.statusErrors, 0),
      errors: rs.reduce((n, r) => n + r.errors, 0),
      wrapped: rs.some((r) => r.wrapped),
      perSlice: slices ? slices[0].paths.length : null,
      rounds: rs.map((r, i) => ({ rps: r.rps, ceiling: c[i].rps })),
    };
  });
}

function table(rows) {
  const lines = [
    '| scenario | server | conn. | body B | req/s | p50 ms | p99 ms | ceiling req/s | ceiling p99 ms | ratio | target | verdict |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of rows) {
    const flags = [
      r.statusErrors ? `${r.statusErrors} non-2xx/3xx (not counted in req/s)` : '',
      r.errors ? `${r.errors} socket errors` : '',
      r.wrapped ? `slice of ${r.perSlice} URLs exhausted` : '',
    ]
      .filter(Boolean)
      .join('; ');
    lines.push(
      `| ${r.scenario} | ${r.variant} | ${r.connections} | ${fmt.int(r.bytes)} | ${fmt.int(r.rps)} | ${fmt.ms(r.p50)} | ${fmt.ms(r.p99)} | ${fmt.int(r.ceilingRps)} | ${fmt.ms(r.ceilingP99)} | ${fmt.ratio(r.ratio)} | ${targetText(r.target)} | ${verdict(r.target, r)}${flags ? ` ${flags}` : ''} |`,
    );
  }
  return lines.join('\n');
}

function describeDataFile(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const b = db.prepare('SELECT id, built_at, dataset_name, is_demo, schema_version, row_counts FROM build').get();
    const counts = JSON.parse(b.row_counts);
    const main = ['politicians', 'bills', 'bill_events', 'votes', 'vote_positions', 'boundaries', 'speeches', 'chunks'];
    return (
      `${relative(ROOT, file).startsWith('..') ? file : relative(ROOT, file)}, ${fmt.mib(statSync(file).size)}, "${b.dataset_name}"${b.is_demo ? ' (demo)' : ''}, ` +
      `build ${b.id} of ${b.built_at}, schema ${b.schema_version}; rows: ${main.map((t) => `${t} ${fmt.int(counts[t] ?? (t === 'chunks' ? counts.chunk_rows : 0) ?? 0)}`).join(', ')}`
    );
  } finally {
    db.close();
  }
}

async function cacheFigures(variant) {
  try {
    const res = await get(`${variant.base}/metrics`);
    return res.body
      .toString()
      .split('\n')
      .filter((l) => l.startsWith('canpol_response_cache_'))
      .join('; ');
  } catch {
    return '';
  }
}

async function main() {
  const opts = parseOptions(process.argv.slice(2));
  if (Number(process.versions.node.split('.')[0]) < 22)
    fail(`needs Node >= 22 (this is ${process.version}); run it with node_modules/.bin/node`);
  if (!has('wrk'))
    fail(
      'wrk not found. Install it: apt-get install wrk (Debian/Ubuntu), brew install wrk (macOS), or build it from https://github.com/wg/wrk',
    );
  if (!has('taskset'))
    console.error('bench-http: warning: taskset not found (util-linux): servers and load generator are NOT pinned to separate cores');
  if (!existsSync(opts.data)) fail(`data file ${opts.data} does not exist (make data-real builds data/real.db)`);
  const variants = [...opts.variants, ...(opts.before ? ['before'] : [])];
  if (variants.some((v) => v !== 'binary') && !existsSync(BUNDLE)) fail('dist/canpol.mjs does not exist (make dist/canpol.mjs builds it)');
  if (variants.includes('binary') && !existsSync(BINARY)) fail('dist/canpol does not exist (make binary builds it)');
  if (opts.before && !existsSync(opts.before)) fail(`--before ${opts.before} does not exist`);
  if (opts.before && !existsSync(opts.beforeData)) fail(`--before-data ${opts.beforeData} does not exist`);

  const byEndpoint = scenariosFor(opts.data);
  const scenarios = Object.values(byEndpoint)
    .flat()
    .filter((s) => !opts.only || opts.only.test(s.name));
  if (!scenarios.length) fail('--only matches no scenario', 2);

  const scratch = mkdtempSync(join(os.tmpdir(), 'canpol-bench-http-'));
  // Other processes on the machine (other containers sharing the cores) show up in the figures: the
  // report says how much CPU they used meanwhile.
  const ticks0 = { machine: machineTicks(), own: ownTicks(), at: performance.now() };
  stopChildrenOnExit('bench-http');
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
  const servers = [];
  for (const v of variants) {
    servers.push(await startVariant(v, opts, scratch));
    console.error(`bench-http: ${v} up at ${servers.at(-1).base}`);
  }
  const idleRss = new Map(servers.map((s) => [s.name, rssOf(serverPid(s))]));
  const seconds = scenarios.reduce(
    (sum, s) =>
      sum + (servers.length + 1) * (opts.warmup + opts.rounds * opts.duration + 0.3) + servers.length * (warmupOf(s, opts) - opts.warmup),
    0,
  );
  console.error(
    `bench-http: ${scenarios.length} scenarios × ${servers.length + 1} servers (with the ceiling), about ${Math.ceil(seconds / 60)} min`,
  );

  const rows = [];
  for (const s of scenarios) {
    const result = await runScenario(s, servers, opts, scratch);
    for (const r of result) {
      rows.push(r);
      console.error(
        `bench-http: ${r.scenario} [${r.variant}]: ${fmt.int(r.rps)} req/s, p50 ${fmt.ms(r.p50)} ms, p99 ${fmt.ms(r.p99)} ms, ` +
          `ceiling ${fmt.int(r.ceilingRps)} req/s, ratio ${fmt.ratio(r.ratio)}${r.target ? ` (target ${targetText(r.target)}: ${verdict(r.target, r)})` : ''}` +
          `${r.statusErrors || r.errors ? `, ${r.statusErrors} bad statuses, ${r.errors} socket errors` : ''}`,
      );
    }
  }
  const memory = [];
  for (const s of servers)
    memory.push(
      `${s.name}: RSS ${fmt.mib(idleRss.get(s.name))} at start, ${fmt.mib(rssOf(serverPid(s)))} at the end; ${(await cacheFigures(s)) || 'no response-cache metrics'}`,
    );
  await stopChildren();
  const elapsed = (performance.now() - ticks0.at) / 1000;
  const others = (machineTicks() - ticks0.machine - (ownTicks() - ticks0.own)) / 100; // USER_HZ is 100 on Linux
  const otherLoad = Number.isFinite(others)
    ? `other processes used ${others.toFixed(0)} CPU-seconds during the ${elapsed.toFixed(0)} s run (${((others / elapsed) * 100).toFixed(0)} % of one core on average)`
    : "other processes' CPU use unknown (no /proc)";
  console.error(`bench-http: ${otherLoad}`);

  const result = table(rows);
  const targeted = rows.filter((r) => r.target);
  const missed = targeted.filter((r) => verdict(r.target, r) !== 'met');
  const summary = `${targeted.length - missed.length} of ${targeted.length} targets met${missed.length ? `; missed: ${missed.map((r) => `${r.scenario} [${r.variant}]`).join(', ')}` : ''}`;
  console.log(`\n${result}\n\n${summary}\n`);

  const cpus = os.cpus();
  const wrkVersion = (() => {
    try {
      return execFileSync('wrk', ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      return String(e.stdout ?? '');
    }
  })()
    .split('\n')[0]
    .trim();
  const longer = scenarios.filter((s) => warmupOf(s, opts) > opts.warmup).map((s) => `${warmupOf(s, opts)} s for ${s.name}`);
  const report = `# HTTP benchmark (bench/http.mjs)

Written on ${new Date().toISOString()}; docs/benchmarks.md ("HTTP") explains how to read it.

- command: \`${[relative(ROOT, process.execPath), relative(ROOT, fileURLToPath(import.meta.url)), ...process.argv.slice(2)].join(' ')}\` (in ${ROOT})
- code: ${gitState(ROOT)}; Node ${process.version}; ${wrkVersion}
- machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.release()}; load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}
- machine load: ${otherLoad}
- pinning: servers and ceiling on core(s) ${opts.serverCpu}, wrk on core(s) ${opts.loadCpu}${has('taskset') ? '' : ' (NOT applied: no taskset)'}
- load: wrk, 1 thread, ${opts.connections} connections, keep-alive, no Accept-Encoding (raw JSON); ${opts.warmup} s warm-up per server${longer.length ? ` (${longer.join('; ')})` : ''}, then ${opts.rounds} rounds of ${opts.duration} s, the order rotated each round
- data file: ${describeDataFile(opts.data)}${opts.before && opts.beforeData !== opts.data ? `; "before" serves ${describeDataFile(opts.beforeData)}` : ''}
- servers: ${servers.map((s) => s.name).join(', ')}; memory: ${memory.join(' | ')}

${result}

${summary}
`;
  mkdirSync(dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, report);
  writeFileSync(`${opts.out.replace(/\.md$/, '')}.json`, `${JSON.stringify({ rows, memory }, null, 1)}\n`);
  console.error(`bench-http: wrote ${relative(ROOT, opts.out)}`);
  const bad = rows.filter((r) => (r.statusErrors && !r.refusals) || r.errors);
  if (bad.length) process.exitCode = 1;
}

main().catch(async (err) => {
  console.error(`bench-http: ${err.stack ?? err}`);
  await stopChildren();
  process.exit(1);
});
