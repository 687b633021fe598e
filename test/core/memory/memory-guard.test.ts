// The memory guard (build and server): collects above the ceiling only, and backs off when what is alive is
// itself above it.
import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { checkAfterwards, createMemoryGuard, serverMemoryGuard } from '../../../src/core/memory/memory-guard.js';

describe('createMemoryGuard', () => {
  const MB = 2 ** 20;

  test('collects only when the resident set is above the ceiling', () => {
    let rss = 500 * MB,
      collected = 0;
    const guard = createMemoryGuard({
      ceiling: 1000 * MB,
      resident: () => rss,
      collect: () => {
        collected++;
        rss = 400 * MB;
      },
    });
    expect(guard.check()).toBe(false);
    rss = 1000 * MB;
    expect(guard.check()).toBe(false);
    rss = 1001 * MB;
    expect(guard.check()).toBe(true);
    expect(rss).toBe(400 * MB);
    expect(guard.check()).toBe(false);
    expect([collected, guard.collections]).toEqual([1, 1]);
  });

  test('when the live set stays above the ceiling, the next collection waits for a quarter of it more', () => {
    let rss = 1500 * MB,
      collected = 0;
    const guard = createMemoryGuard({
      ceiling: 1000 * MB,
      resident: () => rss,
      collect: () => {
        collected++;
        rss = 1200 * MB;
      },
    });
    expect(guard.check()).toBe(true); // 1500 → 1200: still above, so the threshold is 1450
    rss = 1440 * MB;
    expect(guard.check()).toBe(false);
    rss = 1460 * MB;
    expect(guard.check()).toBe(true);
    expect(collected).toBe(2);
    // Once the set falls back, the ceiling is the threshold again.
    const low = createMemoryGuard({
      ceiling: 1000 * MB,
      resident: () => rss,
      collect: () => {
        rss = 300 * MB;
      },
    });
    rss = 1100 * MB;
    expect(low.check()).toBe(true);
    rss = 1001 * MB;
    expect(low.check()).toBe(true);
  });
});

describe('serverMemoryGuard', () => {
  test("the server's guard lets the set grow only a sixteenth of the ceiling past what a collection left", () => {
    const MB = 2 ** 20;
    let rss = 0;
    // As guarded in the server: a collection leaves 950 of a 900 MiB ceiling alive.
    const guard = serverMemoryGuard(900 * MB, {
      resident: () => rss,
      collect: () => {
        rss = 950 * MB;
      },
    });
    rss = 1000 * MB;
    expect(guard.check()).toBe(true);
    rss = 1006 * MB; // 950 + 56.25
    expect(guard.check()).toBe(false);
    rss = 1007 * MB;
    expect(guard.check()).toBe(true);
    expect(guard.collections).toBe(2);
  });
});

describe('checkAfterwards', () => {
  const tick = () => new Promise((done) => setImmediate(done));
  test('asks the guard on the turn after the answer, once for answers built in the same turn', async () => {
    let checks = 0;
    const app = new Hono();
    app.use(
      '*',
      checkAfterwards(
        {
          check: () => {
            checks++;
            return false;
          },
          collections: 0,
        },
        { interval: 0 },
      ),
    );
    app.get('/x', (c) => c.text('x'));
    const res = await app.request('/x');
    expect(await res.text()).toBe('x');
    expect(checks).toBe(0);
    await tick();
    expect(checks).toBe(1);
    await Promise.all([app.request('/x'), app.request('/x')]);
    await tick();
    expect(checks).toBe(2);
  });
  test('at most once an interval', async () => {
    let checks = 0,
      clock = 1000;
    const app = new Hono();
    app.use(
      '*',
      checkAfterwards(
        {
          check: () => {
            checks++;
            return false;
          },
          collections: 0,
        },
        { interval: 100, now: () => clock },
      ),
    );
    app.get('/x', (c) => c.text('x'));
    for (const [advance, want] of [
      [0, 1],
      [50, 1],
      [49, 1],
      [1, 2],
      [100, 3],
    ] as const) {
      clock += advance;
      await app.request('/x');
      await tick();
      expect(checks).toBe(want);
    }
  });
});
