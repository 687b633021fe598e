// docs/deploy/Dockerfile, tried as far as a machine with a Docker client but no engine allows:
// `docker build` cannot run here, so the file is parsed and each step is checked against what
// it stands for: the build stage runs the Makefile's own `setup` and `binary` recipes, the image runs
// the binary as a non-root user with a health check, a stop signal and a stop timeout that fit the
// graceful drain, and ENTRYPOINT + CMD is a `canpol serve` command line that really starts and
// answers /health (run from the sources; test/cli/commands/binary.test.ts runs the binary itself in an
// empty folder with a bare environment, as the image does).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildFixture, type Fixture } from '../helpers/fixture.js';
import { BUN, startServe } from '../server/ops/serve-process.js';
import { execForm, flagValue, parseDockerfile, withFlags, type Stage } from './deploy-files.js';

const repo = resolve(import.meta.dir, '../..');
const text = readFileSync(join(repo, 'docs/deploy/Dockerfile'), 'utf8');
const stages = parseDockerfile(text);
const [build, run] = stages as [Stage, Stage];
const args = (stage: Stage, op: string) => stage.steps.filter((s) => s.op === op).map((s) => s.args);
const only = (stage: Stage, op: string) => {
  const all = args(stage, op);
  if (all.length !== 1) throw new Error(`${op} should appear once in the stage, appears ${all.length} times`);
  return all[0]!;
};
const entrypoint = execForm(only(run, 'ENTRYPOINT'));
const cmd = execForm(only(run, 'CMD'));

/** The shell lines of a Makefile target's recipe, with the Makefile's variables and $@ expanded. */
function recipe(target: string): string[] {
  const make = readFileSync(join(repo, 'Makefile'), 'utf8');
  const vars = Object.fromEntries([...make.matchAll(/^([A-Z_]+) :?= (.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()]));
  const lines = make.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`${target}:`));
  if (at < 0) throw new Error(`no target ${target}`);
  const out: string[] = [];
  for (const l of lines.slice(at + 1)) {
    if (!l.startsWith('\t')) break;
    out.push(
      l
        .slice(1)
        .replace(/\$\(([A-Z_]+)\)/g, (_, v: string) => vars[v] ?? '')
        .replaceAll('$@', target)
        .trim(),
    );
  }
  return out;
}

let f: Fixture;
beforeAll(() => {
  f = buildFixture();
});
afterAll(() => f?.cleanup());

describe('docs/deploy/Dockerfile', () => {
  test('two stages: the build runs the Makefile recipes of `make setup` and `make binary` on the locked dependencies', () => {
    expect(stages).toHaveLength(2);
    const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    // the Node the build runs npm with is the major the project pins (package.json's `node`)
    expect(build.from).toStartWith(`node:${pkg.devDependencies.node!.split('.')[0]}-`);
    expect(build.name).toBeDefined();
    const setup = recipe('node_modules/.installed').filter((l) => !l.startsWith('@'));
    const binary = recipe('dist/canpol');
    expect(args(build, 'RUN')).toEqual([...setup, ...binary]);
    // the lock file and the npm settings (.npmrc: onnxruntime-node's install step skipped, as here)
    // are in the context before `npm ci` runs
    const steps = build.steps.map((s) => `${s.op} ${s.args}`);
    expect(existsSync(join(repo, '.npmrc'))).toBe(true);
    expect(steps.indexOf('COPY package.json package-lock.json .npmrc ./')).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf('COPY package.json package-lock.json .npmrc ./')).toBeLessThan(steps.indexOf(`RUN ${setup[0]}`));
    expect(steps.indexOf('COPY . .')).toBeLessThan(steps.indexOf(`RUN ${binary[0]}`));
    // the run stage takes exactly what `make binary` wrote and runs it
    const workdir = only(build, 'WORKDIR');
    expect(args(run, 'COPY')).toEqual([`--from=${build.name} ${workdir}/dist/canpol ${entrypoint[0]}`]);
  });

  test('the build context leaves out what this checkout built or downloaded, and keeps the sources', () => {
    const ignored = readFileSync(join(repo, 'docs/deploy/Dockerfile.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const p of ['node_modules', 'dist', '.git', 'data/*.db']) expect(ignored).toContain(p);
    for (const needed of ['src', 'build-db', 'package.json', 'package-lock.json']) {
      expect(ignored.some((p) => p === needed || needed.startsWith(`${p}/`) || p === '*')).toBe(false);
    }
  });

  test('the image runs as a user that is not root, with the data folder as a volume mounted read-only', () => {
    const user = only(run, 'USER');
    expect(['root', '0']).not.toContain(user);
    expect(args(run, 'RUN').join(' ')).toContain(`useradd --system`);
    expect(args(run, 'RUN').join(' ')).toMatch(new RegExp(` ${user}(\\s|$)`));
    const data = flagValue(cmd, '--data')!;
    expect(execForm(only(run, 'VOLUME'))).toEqual([dirname(data)]);
    // the documented run command mounts that folder read-only
    expect(text).toMatch(new RegExp(`-v \\S+:${dirname(data)}:ro`));
  });

  test('HEALTHCHECK asks /health on the port CMD listens on; SIGTERM stops it; the stop timeout covers the drain', () => {
    const health = /^(?:--\S+ )*CMD (\[.*\])$/.exec(only(run, 'HEALTHCHECK'));
    expect(health).not.toBeNull();
    const check = execForm(health![1]!);
    const url = new URL(check.at(-1)!);
    expect(url.pathname).toBe('/health');
    expect(url.port).toBe(flagValue(cmd, '--port')!);
    expect(check[0]).toBe('curl');
    expect(check.slice(1, -1).some((a) => /^-[a-zA-Z]*f/.test(a))).toBe(true); // -f: an answer other than 2xx fails the check
    expect(args(run, 'RUN').join(' ')).toContain('install -y --no-install-recommends curl');
    expect(only(run, 'STOPSIGNAL')).toBe('SIGTERM');
    // Docker's default stop timeout (10 s) is no longer than the drain; the documented run command
    // sets one above --shutdown-timeout plus the 5 s a hung cleanup is given (docs/operations.md).
    const stop = Number(/--stop-timeout (\d+)/.exec(text)?.[1]);
    expect(stop).toBeGreaterThan(Number(flagValue(cmd, '--shutdown-timeout') ?? 10) + 5);
  });

  test('ENTRYPOINT + CMD is a serve command line whose every flag `canpol serve --help` lists, and it starts and answers /health', async () => {
    expect(entrypoint).toEqual(['/usr/local/bin/canpol']);
    expect(cmd[0]).toBe('serve');
    const help = spawnSync(BUN, ['src/cli/main.ts', 'serve', '--help'], { cwd: repo, encoding: 'utf8' }).stdout;
    const flags = cmd.filter((a) => a.startsWith('--'));
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) expect(help).toContain(`  ${flag} `);
    expect(flagValue(cmd, '--host')).toBe('0.0.0.0'); // reachable through -p from outside the container
    // as in the image, except the data file and the port (a fixed port is not allowed in tests)
    const s = await startServe(withFlags(cmd.slice(1), { '--data': f.dbPath, '--port': '0' }));
    try {
      const port = new URL(s.base).port;
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      expect(res.status).toBe(200);
      s.child.kill(only(run, 'STOPSIGNAL') as NodeJS.Signals);
      expect(await s.exited).toBe(0);
    } finally {
      s.child.kill('SIGKILL');
    }
  }, 40_000);
});
