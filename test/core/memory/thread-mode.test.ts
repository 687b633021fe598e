// The rule `--build-workers` and `--scan-threads` share, and the scan's use of it.
import { describe, expect, test } from 'bun:test';
import { usesThreads } from '../../../src/core/memory/thread-mode.js';
import { scanThreadsFor, SPLIT_FROM } from '../../../src/server/search/scan/code-scan.js';

describe('usesThreads', () => {
  test('on from the size given, always whatever the size, off never', () => {
    expect([usesThreads('on', 99, 100), usesThreads('on', 100, 100)]).toEqual([false, true]);
    expect([usesThreads('always', 0, 100), usesThreads('off', 1e9, 100), usesThreads(undefined, 1e9, 100)]).toEqual([true, false, false]);
  });
  test('the scan: on needs SPLIT_FROM codes and a second core; always needs neither', () => {
    expect(scanThreadsFor('on', SPLIT_FROM, 2)).toBe(2);
    expect(scanThreadsFor('on', SPLIT_FROM - 1, 2)).toBe(1);
    expect(scanThreadsFor('on', SPLIT_FROM, 1)).toBe(1);
    expect(scanThreadsFor('always', 10, 1)).toBe(2);
    expect(scanThreadsFor('off', 1e8, 8)).toBe(1);
  });
});
