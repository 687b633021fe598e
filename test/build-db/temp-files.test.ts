// A failed, interrupted or killed build leaves no temporary file beside the data file (issue 21
// item 2): removed at once when it fails or is interrupted, and by the next build when it was killed.
import { afterAll, describe, expect, test } from 'bun:test';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { buildDataFileWith } from '../../build-db/build.js';
import { claimTempFile, removeStaleTempFiles } from '../../build-db/temp-files.js';
import { tempDir, writeFixture } from '../helpers/fixture.js';
import { BUN } from '../server/ops/serve-process.js';

const repo = resolve(import.meta.dir, '../..');
const dir = tempDir('canpol-temp-files-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process that claims a temporary file for `out`, writes it (and a journal), says so, and waits. */
function holder(out: string) {
  const script = `import { claimTempFile } from ${JSON.stringify(join(repo, 'build-db/temp-files.ts'))};
    import { writeFileSync } from 'node:fs';
    const t = claimTempFile(${JSON.stringify(out)});
    writeFileSync(t.path, 'half a data file'); writeFileSync(t.path + '-journal', 'journal');
    console.log(t.path); setInterval(() => {}, 1000);`;
  const child = spawn(BUN, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const path = new Promise<string>((ok) => child.stdout!.once('data', (d) => ok(String(d).trim())));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) =>
    child.once('exit', (code, signal) => ok({ code, signal })),
  );
  return { child, path, exited };
}

const leftovers = (folder: string) => readdirSync(folder).filter((n) => n.includes('.tmp-'));

describe('the temporary data file', () => {
  test('an interrupted build (SIGTERM, SIGINT, SIGHUP) removes it and its journal, and exits as the signal would', async () => {
    for (const [signal, code] of [
      ['SIGTERM', 143],
      ['SIGINT', 130],
      ['SIGHUP', 129],
    ] as const) {
      const folder = join(dir, signal);
      mkdirSync(folder);
      const h = holder(join(folder, 'canpol.db'));
      const path = await h.path;
      expect(existsSync(path)).toBe(true);
      h.child.kill(signal);
      expect(await h.exited).toEqual({ code, signal: null });
      expect(leftovers(folder)).toEqual([]);
    }
  });

  test("a killed build (SIGKILL) leaves it; the next build into the folder removes it, not a running build's", async () => {
    const folder = join(dir, 'killed');
    mkdirSync(folder);
    const out = join(folder, 'canpol.db');
    // The running build claims its file first: a claim removes stale files, so one made after the
    // kill would clean up before the claim under test.
    const running = holder(out);
    const killed = holder(out);
    try {
      const runningPath = await running.path;
      const path = await killed.path;
      killed.child.kill('SIGKILL');
      await killed.exited;
      const name = basename(path);
      expect(
        leftovers(folder)
          .filter((n) => n.startsWith(name))
          .sort(),
      ).toEqual([name, `${name}-journal`].sort());
      const said: string[] = [];
      const mine = claimTempFile(out, (m) => said.push(m));
      expect(said).toEqual([expect.stringMatching(/^removed 2 temporary file\(s\) left beside \S+canpol\.db by an interrupted build: /)]);
      expect(existsSync(path)).toBe(false);
      expect(existsSync(`${path}-journal`)).toBe(false);
      expect(existsSync(runningPath)).toBe(true); // its process is alive: not ours to remove
      mine.remove();
    } finally {
      killed.child.kill('SIGKILL');
      running.child.kill('SIGTERM');
      await running.exited;
    }
    expect(leftovers(folder)).toEqual([]);
    expect(removeStaleTempFiles(join(dir, 'no-such-folder', 'x.db'))).toEqual([]);
  });

  test("a build whose phase fails removes it (and SQLite's journal), and leaves the previous data file as it was", async () => {
    const folder = join(dir, 'failed');
    const sources = join(folder, 'sources');
    mkdirSync(sources, { recursive: true });
    writeFixture(sources);
    const out = join(folder, 'canpol.db');
    writeFileSync(out, 'the last good data file');
    const failing = async (path: string) => {
      const db = new Database(path);
      db.exec('BEGIN; CREATE TABLE half (x); INSERT INTO half VALUES (1)'); // a journal beside it now
      expect(existsSync(`${path}-journal`)).toBe(true);
      throw new Error('the phase failed');
    };
    await expect(buildDataFileWith({ sources, out }, [failing])).rejects.toThrow('the phase failed');
    expect(leftovers(folder)).toEqual([]);
    expect(readFileSync(out, 'utf8')).toBe('the last good data file');
  });
});
