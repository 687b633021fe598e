// docs/deploy/canpol.service, tried as far as a machine without systemd as PID 1 allows:
// `systemd-analyze verify` on it (offline), its hardening keys checked against what the server needs,
// and its ExecStart / ExecReload / KillSignal run for real against a `canpol serve` process.
// Not tried here: starting it under systemd itself (the sandbox keys only take effect there).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildFixture, tempDir, type Fixture } from '../helpers/fixture.js';
import { startServe } from '../server/ops/serve-process.js';
import { flagValue, parseUnit, seconds, withFlags } from './deploy-files.js';

const repo = resolve(import.meta.dir, '../..');
const path = join(repo, 'docs/deploy/canpol.service');
const text = readFileSync(path, 'utf8');
const unit = parseUnit(text);
const service = unit.Service!;
const one = (key: string) => {
  const v = service[key];
  if (!v || v.length !== 1) throw new Error(`${key} should be given once, is ${JSON.stringify(v)}`);
  return v[0]!;
};
// The unit's command line as words: it has no quoting, so whitespace splits it as systemd does.
const execStart = one('ExecStart').split(/\s+/);
const analyze = spawnSync('systemd-analyze', ['--version']).status === 0;

let f: Fixture;
beforeAll(() => {
  f = buildFixture();
});
afterAll(() => f?.cleanup());

describe('docs/deploy/canpol.service', () => {
  // systemd-analyze verify checks that ExecStart's program exists and is executable, so the copy it
  // reads names an empty executable in a temporary folder instead of /opt/canpol/canpol; every
  // other line is the file's own. It exits 0 even on an unknown key or a bad value, which it
  // reports on stderr: the test wants stderr empty.
  test.skipIf(!analyze)(
    'systemd-analyze verify reports nothing (skipped where systemd-analyze is not installed)',
    () => {
      const dir = tempDir('canpol-unit-');
      try {
        const stand = join(dir, 'canpol');
        writeFileSync(stand, '#!/bin/sh\n');
        chmodSync(stand, 0o755);
        const copy = join(dir, 'canpol.service');
        writeFileSync(copy, text.replace(/^ExecStart=\S+/m, `ExecStart=${stand}`));
        const r = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
        // and the check can fail: a misspelt key is reported
        writeFileSync(copy, text.replace(/^ExecStart=\S+/m, `ExecStart=${stand}`).replace('ProtectSystem=strict', 'ProtectSytem=strict'));
        expect(spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' }).stderr).toContain("Unknown key 'ProtectSytem'");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    20_000,
  );

  test('a throw-away user that reads the data and writes nothing but a private /tmp; restarts on failure', () => {
    expect(one('DynamicUser')).toBe('yes');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(one('Restart')).toBe('on-failure');
    // the binary unpacks and loads its native libraries under $TMPDIR (docs/binary.md)
    expect(one('PrivateTmp')).toBe('yes');
    expect(service.Environment).toContain('TMPDIR=/tmp');
    expect(service.MemoryDenyWriteExecute).toBeUndefined(); // would stop the JIT
    // the data file's folder is read-only to it (the folder, so that a file renamed over it is seen)
    const data = flagValue(execStart, '--data')!;
    expect(one('ReadOnlyPaths').split(/\s+/)).toContain(dirname(data));
    expect(unit.Install!.WantedBy).toEqual(['multi-user.target']);
  });

  test('the stop timeout covers the graceful drain (docs/operations.md): --shutdown-timeout, then 5 s for a hung cleanup', () => {
    expect(one('KillSignal')).toBe('SIGTERM');
    const drain = Number(flagValue(execStart, '--shutdown-timeout') ?? 10);
    expect(seconds(one('TimeoutStopSec'))).toBeGreaterThan(drain + 5);
  });

  test('ExecStart starts the server and it answers /health; ExecReload reloads the data file; KillSignal stops it with exit 0', async () => {
    // The program is the single binary; here the same CLI runs from the sources (test/commands/
    // binary.test.ts runs the binary itself). Only the data file and the port (a fixed port is
    // not allowed in tests) are replaced; every other flag is the unit's.
    expect(execStart[0]).toBe('/opt/canpol/canpol');
    expect(execStart[1]).toBe('serve');
    expect(execStart.join(' ')).not.toMatch(/["'$%\\]/); // nothing systemd would expand or unquote
    const args = withFlags(execStart.slice(2), { '--data': f.dbPath, '--port': '0' });
    expect(args.length).toBe(execStart.length - 2);
    const s = await startServe(args);
    try {
      expect(s.base).toStartWith(`http://${flagValue(execStart, '--host')}:`);
      const health = await fetch(`${s.base}/health`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { status: string }).status).toBe('ok');

      const reload = one('ExecReload').split(/\s+/);
      expect(reload[0]).toBe('/bin/kill');
      const r = spawnSync(
        reload[0]!,
        reload.slice(1).map((a) => (a === '$MAINPID' ? String(s.child.pid) : a)),
      );
      expect(r.status).toBe(0);
      await s.waitFor(/reloaded .* \(SIGHUP\): build \w+ -> \w+/);
      expect((await fetch(`${s.base}/health`)).status).toBe(200);

      const started = Date.now();
      s.child.kill(one('KillSignal') as NodeJS.Signals);
      expect(await s.exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(seconds(one('TimeoutStopSec')) * 1000);
    } finally {
      s.child.kill('SIGKILL');
    }
  }, 40_000);
});
