// SIGTERM and SIGINT stop `canpol build` within a second even during its synchronous phases, leave no
// temporary file and the old output in place (issue 45 item 4). The bundle under Node, on the
// generated demo sources (a build of ~30 s, interrupted in the middle).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateDemo } from '../../helpers/demo-sources.js';
import { tempDir } from '../../helpers/fixture.js';
import { buildBundle } from '../../server/ops/serve-process.js';

const repo = resolve(import.meta.dir, '../../..');
const NODE = join(repo, 'node_modules/.bin/node');
let dir: string;
beforeAll(() => {
  dir = tempDir('canpol-build-signal-');
  generateDemo(join(dir, 'demo'));
  buildBundle();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} in the middle of a build: stopped within a second, no temporary file, the old output untouched`, async () => {
    const out = join(dir, `${signal}.db`);
    const old = `the previous data file, kept by ${signal}`;
    writeFileSync(out, old);
    const child = spawn(NODE, [join(repo, 'dist/canpol.mjs'), 'build', '--sources', join(dir, 'demo'), '--out', out], {
      cwd: repo,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
      child.once('exit', (code, sig) => r({ code, signal: sig })),
    );
    // Past the sources, into the synchronous writing and indexing (the keyword index's lines).
    await new Promise<void>((ready, fail) => {
      child.stderr!.on('data', (d) => {
        err += d;
        if (/keyword index/.test(err)) ready();
      });
      void exited.then(() => fail(new Error(`the build ended before it could be stopped:\n${err}`)));
    });
    expect(readdirSync(dir).some((f) => f.startsWith(`.${signal}.db.tmp-`))).toBe(true);
    const t0 = performance.now();
    child.kill(signal);
    const end = await exited;
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(end.signal).toBe(signal);
    expect(err).toContain(`canpol build: ${signal}: stopping; ${out} is left as it was`);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(readFileSync(out, 'utf8')).toBe(old);
  }, 120_000);
}
