// In a process of its own: in the suite's process the heap's size depends on every test before.
import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const MODULE = join(import.meta.dir, '../../../src/core/memory/collect-garbage.ts');

/** Bytes the heap shrank by when `collect` ran after 500,000 objects were dropped. */
function reclaimed(collect: boolean): number {
  const script = `
    import { collectGarbage } from ${JSON.stringify(MODULE)};
    let garbage = Array.from({ length: 500_000 }, (_, i) => ({ i, s: 'chunk ' + i }));
    const held = process.memoryUsage().heapUsed;
    garbage.length;
    garbage = null;
    ${collect ? 'collectGarbage();' : ''}
    console.log(held - process.memoryUsage().heapUsed);`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return Number(r.stdout.trim());
}

describe('collectGarbage', () => {
  test('a full collection reclaims what nothing holds any more; without it the garbage is still there', () => {
    expect(reclaimed(true)).toBeGreaterThan(10_000_000);
    expect(reclaimed(false)).toBeLessThan(10_000_000);
  }, 20_000);
});
