import { describe, expect, test } from 'bun:test';
import { ApiError } from '../../../src/core/errors.js';
import { errorHeaders, errorStatus } from '../../../src/server/http/error-reply.js';
import { createWorkQueue } from '../../../src/server/limits/work-queue.js';

/** Fake work that ends when the test says so. */
function gate() {
  let open!: () => void;
  let fail!: (e: Error) => void;
  const done = new Promise<string>((res, rej) => {
    open = () => res('done');
    fail = rej;
  });
  return { work: () => done, open, fail };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('embedding queue (decisions 4: 2 running, 6 waiting, then 503)', () => {
  test('the 9th concurrent job is refused with 503 search_overloaded and Retry-After', async () => {
    const q = createWorkQueue();
    const gates = Array.from({ length: 8 }, gate);
    const jobs = gates.map((g) => q.run(g.work));
    expect([q.running, q.waiting]).toEqual([2, 6]);
    const ninth = await q.run(async () => 'never').catch((e) => e);
    expect(ninth).toBeInstanceOf(ApiError);
    expect([errorStatus(ninth), ninth.code]).toEqual([503, 'search_overloaded']);
    expect(Number(errorHeaders(ninth)['Retry-After'])).toBeGreaterThanOrEqual(1);
    gates.forEach((g) => g.open());
    expect(await Promise.all(jobs)).toEqual(Array(8).fill('done'));
    expect([q.running, q.waiting]).toEqual([0, 0]);
  });

  test('never more than 2 at once, in arrival order', async () => {
    const q = createWorkQueue();
    let now = 0;
    let peak = 0;
    const order: number[] = [];
    const jobs = Array.from({ length: 8 }, (_, i) =>
      q.run(async () => {
        now++;
        peak = Math.max(peak, now);
        order.push(i);
        await tick();
        now--;
      }),
    );
    await Promise.all(jobs);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  test('a failing job (rejected or thrown) gives its slot back', async () => {
    const q = createWorkQueue({ concurrency: 1, maxWaiting: 1 });
    const g = gate();
    const first = q.run(g.work);
    const second = q.run(() => {
      throw new Error('sync boom');
    });
    g.fail(new Error('async boom'));
    expect(await first.catch((e) => e.message)).toBe('async boom');
    expect(await second.catch((e) => e.message)).toBe('sync boom');
    expect([q.running, q.waiting]).toEqual([0, 0]);
    expect(await q.run(async () => 'ok')).toBe('ok');
  });

  test('a waiting job whose client went away leaves the line and takes no slot', async () => {
    const q = createWorkQueue();
    const gates = Array.from({ length: 2 }, gate);
    const running = gates.map((g) => q.run(g.work));
    const aborts = Array.from({ length: 6 }, () => new AbortController());
    let started = 0;
    const waiting = aborts.map((a) =>
      q.run(async () => {
        started++;
      }, a.signal),
    );
    expect(q.waiting).toBe(6);
    aborts.forEach((a) => a.abort(new Error('client closed')));
    const results = await Promise.allSettled(waiting);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect([q.running, q.waiting]).toEqual([2, 0]);
    gates.forEach((g) => g.open());
    await Promise.all(running);
    expect([q.running, q.waiting, started]).toEqual([0, 0, 0]);
  });

  test('a job already aborted never queues; a running job keeps its slot until it ends', async () => {
    const q = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
    const dead = new AbortController();
    dead.abort(new Error('gone'));
    expect(await q.run(async () => 'x', dead.signal).catch((e) => e.message)).toBe('gone');
    const live = new AbortController();
    const g = gate();
    const job = q.run(g.work, live.signal);
    await tick(); // the work has started
    live.abort(new Error('gone'));
    expect(q.running).toBe(1);
    expect(await q.run(async () => 'x').catch((e) => e.code)).toBe('search_overloaded');
    g.open();
    expect(await job).toBe('done');
    expect(q.running).toBe(0);
  });

  test('Retry-After grows with the time jobs take', async () => {
    let clock = 0;
    const q = createWorkQueue({ now: () => clock });
    // Jobs of 3 s each: a full queue (2 + 6) clears in about (8 / 2) * 3 = 12 s.
    await q.run(async () => {
      clock += 3000;
    });
    await q.run(async () => {
      clock += 3000;
    });
    const gates = Array.from({ length: 8 }, gate);
    const jobs = gates.map((g) => q.run(g.work));
    const err = await q.run(async () => 0).catch((e) => e);
    expect(errorHeaders(err)['Retry-After']).toBe('12');
    gates.forEach((g) => g.open());
    await Promise.all(jobs);
  });
});
