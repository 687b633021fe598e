import { describe, expect, test } from 'bun:test';
import { collectGarbage } from '../../build-db/collect-garbage.js';

describe('collectGarbage', () => {
  test('a full collection reclaims what nothing holds any more', () => {
    let garbage: Array<{ i: number; s: string }> | null = Array.from({ length: 500_000 }, (_, i) => ({ i, s: `chunk ${i}` }));
    const held = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(500_000);
    garbage = null;
    collectGarbage();
    expect(process.memoryUsage().heapUsed).toBeLessThan(held - 10_000_000);
  });
});
