// Child processes and loopback HTTP for the benchmark scripts (bench/run.mjs, bench/http.mjs): every
// process started is stopped on the way out, whatever the way out is (Ctrl-C included).
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';

export const HOST = '127.0.0.1';

const children = new Set();
const alive = (child) => child.exitCode === null && child.signalCode === null;

/** The server takes its settings from flags; settings from the caller's environment must not leak in. */
function childEnv() {
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (name === 'PORT' || name === 'HOST' || name.startsWith('CANPOL_') || name === 'NODE_OPTIONS') delete env[name];
  return env;
}

/**
 * Starts `command args` (stdout ignored unless `keepStdout`: the request log would otherwise be read
 * by this process, on the cores being measured); the last 8 KB of stderr are kept for error messages.
 */
export function startChild(name, command, args, { cwd, keepStdout = true } = {}) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', keepStdout ? 'pipe' : 'ignore', 'pipe'], env: childEnv() });
  child.name = name;
  child.log = '';
  const keep = (chunk) => {
    child.log = (child.log + chunk).slice(-8192);
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  child.exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function stopChildren() {
  await Promise.all(
    [...children].map(async (child) => {
      if (!alive(child)) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (alive(child)) child.kill('SIGKILL');
      }, 8000);
      await child.exited;
      clearTimeout(timer);
    }),
  );
}

/** Kills what is left on exit and stops the children on SIGINT/SIGTERM; `prefix` names the script. */
export function stopChildrenOnExit(prefix) {
  process.on('exit', () => {
    for (const child of children) if (alive(child)) child.kill('SIGKILL');
  });
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (interrupted) process.exit(130);
      interrupted = true;
      console.error(`\n${prefix}: ${signal}, stopping the servers`);
      stopChildren().finally(() => process.exit(130));
    });
  }
}

export function freePort() {
  return new Promise((done, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** GET (no Accept-Encoding unless given: raw JSON, as the load runs), returning status, headers and body. */
export function get(url, headers = {}) {
  return new Promise((done, reject) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30000, () => req.destroy(new Error(`GET ${url} timed out`)));
  });
}

/** Resolves once `url` answers 200; rejects when the child exits first or after `seconds`. */
export async function waitFor(child, url, seconds = 30) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    if (!alive(child)) throw new Error(`${child.name} exited before answering ${url}:\n${child.log}`);
    try {
      const res = await get(url);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`${child.name} did not answer ${url} within ${seconds} s:\n${child.log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
