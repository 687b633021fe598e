// A real `canpol serve` subprocess for the operations tests: started on a free port, its stderr
// watched for messages, its exit awaited.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dir, '../..');
export const BUN = join(repo, 'node_modules/.bin/bun');

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

export function startServe(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(BUN, ['src/cli.ts', 'serve', '--port', '0', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORT: '', ...env } });
  let err = '';
  let out = '';
  const watchers: Array<() => void> = [];
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => { r(code); for (const w of watchers.splice(0)) w(); }));
  let done = false;
  void exited.then(() => { done = true; });
  child.stderr!.on('data', (d) => { err += d; for (const w of watchers.splice(0)) w(); });
  child.stdout!.on('data', (d) => { out += d; });
  // The deadline only turns a hang into a failure that shows what the server said.
  const waitFor = (pattern: RegExp, deadlineMs = 30_000) => new Promise<RegExpExecArray>((ok, fail) => {
    const deadline = setTimeout(() => fail(new Error(`no ${pattern} from serve within ${deadlineMs} ms; stderr:\n${err}`)), deadlineMs);
    const check = () => {
      const m = pattern.exec(err);
      if (m) { clearTimeout(deadline); return ok(m); }
      if (done) return clearTimeout(deadline), fail(new Error(`serve exited before ${pattern}: ${err}`));
      watchers.push(check);
    };
    check();
  });
  return waitFor(/listening on (http:\/\/[^/\s]+)/).then((m) => ({
    child, base: m[1], exited, waitFor,
    stderr: () => err,
    stdout: () => out.split('\n').filter(Boolean),
  }));
}

/** Runs `canpol serve` expecting it to refuse to start: its exit code and stderr. */
export function serveFails(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(BUN, ['src/cli.ts', 'serve', '--port', '0', ...args], { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PORT: '' } });
  let err = '';
  child.stderr!.on('data', (d) => { err += d; });
  return new Promise((r) => child.once('exit', (code) => r({ code, stderr: err })));
}
