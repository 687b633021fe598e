// The dispatcher: a request finishes on the app it arrived at; a replaced app is closed only after
// its last request; idle() waits for every request in flight.
import { describe, expect, test } from 'bun:test';
import { createDispatcher, type Served } from '../../../src/server/ops/dispatcher.js';

/** An app whose answers are released by hand, recording when it is closed. */
function heldApp(name: string) {
  const pending: Array<() => void> = [];
  const app = {
    closed: false,
    pending,
    served: {
      fetch: () => new Promise<Response>((resolve) => pending.push(() => resolve(new Response(name)))),
      close: () => {
        app.closed = true;
      },
    } as Served,
    releaseAll: () => {
      while (pending.length) pending.shift()!();
    },
  };
  return app;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('createDispatcher', () => {
  test('in-flight requests finish on the old app, new ones go to the new app, the old one closes after its last', async () => {
    const a = heldApp('A');
    const b = heldApp('B');
    const d = createDispatcher(a.served);
    const first = d.fetch(new Request('http://x/1'));
    const second = d.fetch(new Request('http://x/2'));
    expect(d.inFlight).toBe(2);
    d.swap(b.served);
    const third = d.fetch(new Request('http://x/3'));
    expect(a.pending).toHaveLength(2);
    expect(b.pending).toHaveLength(1);
    expect(a.closed).toBe(false);
    a.pending.shift()!();
    expect(await (await first).text()).toBe('A');
    expect(a.closed).toBe(false); // one request still on A
    a.releaseAll();
    expect(await (await second).text()).toBe('A');
    await tick();
    expect(a.closed).toBe(true);
    expect(b.closed).toBe(false);
    b.releaseAll();
    expect(await (await third).text()).toBe('B');
    expect(d.inFlight).toBe(0);
  });

  test('an idle app is closed at once when replaced; a failing request still counts as finished', async () => {
    let closed = 0;
    const d = createDispatcher({
      fetch: () => Promise.reject(new Error('boom')),
      close: () => {
        closed++;
      },
    });
    await expect(Promise.resolve(d.fetch(new Request('http://x/')))).rejects.toThrow('boom');
    expect(d.inFlight).toBe(0);
    d.swap({ fetch: () => new Response('sync'), close: () => {} });
    await tick();
    expect(closed).toBe(1);
    // A synchronous answer passes straight through.
    const res = d.fetch(new Request('http://x/')) as Response;
    expect(await res.text()).toBe('sync');
    expect(d.inFlight).toBe(0);
  });

  test('idle() resolves only once every request is answered', async () => {
    const a = heldApp('A');
    const d = createDispatcher(a.served);
    const r = d.fetch(new Request('http://x/'));
    let idle = false;
    void d.idle().then(() => {
      idle = true;
    });
    await tick();
    expect(idle).toBe(false);
    a.releaseAll();
    await r;
    await tick();
    expect(idle).toBe(true);
  });
});

describe("the fast path's Node door", () => {
  const incoming = {} as import('node:http').IncomingMessage;
  const outgoing = {} as import('node:http').ServerResponse;

  test('goes to the current app, holds it in flight until its answer settles, and declines without a door or while tests hold requests', async () => {
    let closed = 0;
    let settle = () => {};
    const a: Served = {
      fetch: () => new Response('A'),
      node: () =>
        new Promise<void>((r) => {
          settle = r;
        }),
      close: () => {
        closed++;
      },
    };
    const d = createDispatcher(a);
    const answered = d.node(incoming, outgoing);
    expect(answered).toBeInstanceOf(Promise);
    expect(d.inFlight).toBe(1);
    d.swap({ fetch: () => new Response('B'), close: () => {} });
    await tick();
    expect(closed).toBe(0); // A's answer is still being made
    settle();
    await answered;
    await tick();
    expect(closed).toBe(1);
    expect(d.inFlight).toBe(0);
    // B has no door: the request goes to fetch.
    expect(d.node(incoming, outgoing)).toBe(false);
    const sync = createDispatcher({ fetch: () => new Response(''), node: () => true, close: () => {} });
    expect(sync.node(incoming, outgoing)).toBe(true);
    expect(sync.inFlight).toBe(0);
    const held = createDispatcher({ fetch: () => new Response(''), node: () => true, close: () => {} }, { testDelayMs: 50 });
    expect(held.node(incoming, outgoing)).toBe(false);
  });
});
