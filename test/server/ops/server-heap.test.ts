// The server's V8 flags: pretenuring off under Node (why: src/server/ops/server-heap.ts), nothing under Bun.
import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVER_V8_FLAGS, tuneServerHeap } from '../../../src/server/ops/server-heap.js';

describe('tuneServerHeap', () => {
  test("under Node it turns V8's allocation-site pretenuring off, once", () => {
    const set: string[] = [];
    expect(tuneServerHeap({ bun: false, setFlags: (f) => set.push(f) })).toBe('--no-allocation-site-pretenuring');
    expect(set).toEqual([SERVER_V8_FLAGS]);
  });

  test('under Bun it sets nothing', () => {
    const set: string[] = [];
    expect(tuneServerHeap({ bun: true, setFlags: (f) => set.push(f) })).toBeNull();
    expect(set).toEqual([]);
    expect(tuneServerHeap()).toBeNull(); // these tests run under Bun
  });

  test('Node takes the flag at run time: it is one V8 knows', () => {
    // An unknown flag would be ignored with a warning on stderr; a known one is silent.
    const node = join(import.meta.dir, '../../../node_modules/.bin/node');
    for (const [flag, warned] of [
      [SERVER_V8_FLAGS, false],
      ['--no-such-v8-flag-here', true],
    ] as const) {
      const r = spawnSync(node, ['-e', `require('node:v8').setFlagsFromString(${JSON.stringify(flag)})`], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      expect(/unrecognized|unknown|Error: /i.test(r.stderr)).toBe(warned);
    }
  });
});
