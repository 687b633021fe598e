// Starts a private redis-server for a test file: a free loopback port, a temp dir, no persistence.
// Tests skip (with a message) when the binary is absent; CI installs it (apt-get install redis-server).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REDIS_BINARY = spawnSync('sh', ['-c', 'command -v redis-server']).stdout?.toString().trim() || null;
if (!REDIS_BINARY) console.warn('redis-server not found: the Redis tests are skipped (apt-get install -y redis-server)');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface RedisServer {
  port: number;
  url: string;
  /** Kills the server (as a crash would); `start` brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
  pause(): void;
  resume(): void;
  cleanup(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'canpol-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start() {
    const proc = spawn(REDIS_BINARY!, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
      proc.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}):\n${out}`));
      });
    });
    proc.removeAllListeners('exit');
  }

  async function stop() {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    cleanup: async () => {
      child?.kill('SIGCONT');
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
