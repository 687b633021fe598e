// The server's one fetch handler, in front of a swappable app (reload) and counting requests in
// flight (graceful shutdown). A request is bound to the app that was current when it arrived and
// finishes there; a replaced app is closed (its data file too) once its last request is answered.
import type { NodeHandler } from '../http/serve.js';
import type { BoundedCacheStats } from '../search/bounded-cache.js';

export type Fetch = (req: Request, env?: unknown) => Response | Promise<Response>;

export interface Served {
  fetch: Fetch;
  /** The Node door, when the app has one. */
  node?: NodeHandler;
  /** Frees what the app holds (data file, encoder); called once, after its last request. */
  close(): void | Promise<void>;
  /** The app's search caches, for /metrics (src/server/search/query-caches.ts). */
  searchCaches?(): Record<string, BoundedCacheStats>;
}

export interface DispatcherOptions {
  /** TEST ONLY (CANPOL_TEST_DELAY_MS): hold every API request (/api/...) this long after binding it
   *  to an app, so tests can have requests in flight; /health and /metrics stay immediate. */
  testDelayMs?: number;
}

interface Generation {
  served: Served;
  inFlight: number;
  retired: boolean;
}

const isPromise = (r: unknown): r is Promise<unknown> => typeof (r as Promise<unknown>)?.then === 'function';
const isApiRequest = (url: string) => url.startsWith('/api/', url.indexOf('/', url.indexOf('//') + 2));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createDispatcher(initial: Served, { testDelayMs = 0 }: DispatcherOptions = {}) {
  let current: Generation = { served: initial, inFlight: 0, retired: false };
  let total = 0;
  let idleWaiters: Array<() => void> = [];

  function finish(g: Generation): void {
    g.inFlight--;
    total--;
    if (g.retired && g.inFlight === 0) void retire(g);
    if (total === 0 && idleWaiters.length) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  async function retire(g: Generation): Promise<void> {
    try {
      await g.served.close();
    } catch (err) {
      console.error(`canpol: closing a replaced data file failed: ${(err as Error).message}`);
    }
  }

  /** Runs `answer` on the current app, counted in flight there until its result settles. */
  function onCurrent<R>(answer: (served: Served) => R): R {
    const g = current;
    g.inFlight++;
    total++;
    let res: R;
    try {
      res = answer(g.served);
    } catch (err) {
      finish(g);
      throw err;
    }
    if (!isPromise(res)) {
      finish(g);
      return res;
    }
    return res.then(
      (r) => {
        finish(g);
        return r;
      },
      (err) => {
        finish(g);
        throw err;
      },
    ) as R;
  }

  const fetch: Fetch = (req, env) =>
    onCurrent((served) =>
      testDelayMs > 0 && isApiRequest(req.url) ? sleep(testDelayMs).then(() => served.fetch(req, env)) : served.fetch(req, env),
    );

  /** The current app's Node door; declines while tests hold requests. */
  const node: NodeHandler = (incoming, outgoing) =>
    current.served.node && testDelayMs === 0 ? onCurrent((served) => served.node!(incoming, outgoing)) : false;

  return {
    fetch,
    node,
    /** New requests go to `next`; the previous app closes once its requests are answered. */
    swap(next: Served): void {
      const old = current;
      current = { served: next, inFlight: 0, retired: false };
      old.retired = true;
      if (old.inFlight === 0) void retire(old);
    },
    /** Closes the current app (at shutdown, after the requests are answered). */
    close: () => retire(current),
    get inFlight() {
      return total;
    },
    /** Resolves when no request is in flight. */
    idle(): Promise<void> {
      return total === 0 ? Promise.resolve() : new Promise((r) => idleWaiters.push(r));
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
