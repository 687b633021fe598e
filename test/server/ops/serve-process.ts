// A real `canpol serve` subprocess for the operations tests: started on a free port, its stderr
// watched for messages, its exit awaited.
import { afterAll, beforeAll } from 'bun:test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';

const repo = resolve(import.meta.dir, '../../..');
export const BUN = join(repo, 'node_modules/.bin/bun');
const NODE = join(repo, 'node_modules/.bin/node');

/** `bun` runs the sources (as the single binary does); `node` runs the esbuild bundle dist/canpol.mjs
 *  (as `make run` does), which the caller must have built. */
export type Runtime = 'bun' | 'node';
const command = (runtime: Runtime) => (runtime === 'node' ? [NODE, join(repo, 'dist/canpol.mjs')] : [BUN, 'src/cli/main.ts']);

export interface StartOptions {
  runtime?: Runtime;
  /** `unread`: stdout is a pipe nobody reads (a stuck log shipper); `read` (default) collects it. */
  stdout?: 'read' | 'unread';
}

export interface ServeProcess {
  child: ChildProcess;
  base: string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Stdout lines so far (the request log). */
  stdout(): string[];
  /** Resolves when stderr matches (or rejects if the process exits first). */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

export function startServe(
  args: string[],
  env: Record<string, string> = {},
  { runtime = 'bun', stdout = 'read' }: StartOptions = {},
): Promise<ServeProcess> {
  const [bin, ...pre] = command(runtime);
  const child = spawn(bin, [...pre, 'serve', '--port', '0', ...args], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '', ...env },
  });
  let err = '';
  let out = '';
  const watchers: Array<() => void> = [];
  const exited = new Promise<number | null>((r) =>
    child.once('exit', (code) => {
      r(code);
      for (const w of watchers.splice(0)) w();
    }),
  );
  let done = false;
  void exited.then(() => {
    done = true;
  });
  child.stderr!.on('data', (d) => {
    err += d;
    for (const w of watchers.splice(0)) w();
  });
  if (stdout === 'read')
    child.stdout!.on('data', (d) => {
      out += d;
    });
  // The deadline only turns a hang into a failure that shows what the server said.
  const waitFor = (pattern: RegExp, deadlineMs = 30_000) =>
    new Promise<RegExpExecArray>((ok, fail) => {
      const deadline = setTimeout(() => fail(new Error(`no ${pattern} from serve within ${deadlineMs} ms; stderr:\n${err}`)), deadlineMs);
      const check = () => {
        const m = pattern.exec(err);
        if (m) {
          clearTimeout(deadline);
          return ok(m);
        }
        if (done) {
          clearTimeout(deadline);
          return fail(new Error(`serve exited before ${pattern}: ${err}`));
        }
        watchers.push(check);
      };
      check();
    });
  return waitFor(/listening on (http:\/\/[^/\s]+)/).then((m) => ({
    child,
    base: m[1],
    exited,
    waitFor,
    stderr: () => err,
    stdout: () => out.split('\n').filter(Boolean),
  }));
}

/** Runs `canpol serve` expecting it to refuse to start: its exit code and stderr. */
export function serveFails(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(BUN, ['src/cli/main.ts', 'serve', '--port', '0', ...args], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: '' },
  });
  let err = '';
  child.stderr!.on('data', (d) => {
    err += d;
  });
  return new Promise((r) => child.once('exit', (code) => r({ code, stderr: err })));
}

/** Builds dist/canpol.mjs (the bundle `make run` and the `node` runtime here run) from the sources. */
export function buildBundle(): void {
  const built = spawnSync(
    join(repo, 'node_modules/.bin/esbuild'),
    [
      'src/cli/main.ts',
      '--bundle',
      '--platform=node',
      '--target=node22',
      '--format=esm',
      '--packages=external',
      '--log-level=warning',
      `--outfile=${join(repo, 'dist/canpol.mjs')}`,
    ],
    { cwd: repo, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(built.stderr);
}

/** Resident memory of a process, in bytes (Linux). */
export function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

/**
 * Real servers on the hand-written fixture, for one test file: the fixture and the bundle are built
 * before its tests; after them, every server still running is killed and the fixture removed.
 * `serve` starts one on the fixture's data file.
 */
export function fixtureServers() {
  let f: Fixture | undefined;
  const started: ServeProcess[] = [];
  beforeAll(() => {
    f = buildFixture();
    buildBundle();
  });
  afterAll(() => {
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    f?.cleanup();
  });
  return {
    async serve(args: string[], env: Record<string, string> = {}, options: StartOptions = {}): Promise<ServeProcess> {
      const s = await startServe(['--data', f!.dbPath, ...args], env, options);
      started.push(s);
      return s;
    },
  };
}
