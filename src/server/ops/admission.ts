// Admission in front of every route: requests are answered in arrival order, in short turns of the
// event loop, and a request the server cannot answer in reasonable time is answered 503
// `server_overloaded` with `Retry-After: 1` (decisions 2's error shape) at the end of the turn it
// arrived in, which costs microseconds, instead of making every request behind it wait longer.
//
// Why a queue of our own: most routes answer synchronously, so without one a loaded server runs
// every request that has arrived in one long turn of the event loop (512 connections × ~1 ms), and
// Node (libuv ≥ 1.45) accepts one new connection per turn: under load new clients waited 10 s and
// more just to be accepted. Here a turn runs requests for at most `sliceMs`; the rest wait in the
// queue for the next turn, so turns stay short, connections keep being accepted, and each request's
// wait is known exactly.
//
// Two bounds shed:
// - requests in flight (`maxInFlight`): queued, running, or having their answer written out (until
//   it is, or the connection closes: a pipelined answer queued behind another gets neither
//   'finish' nor 'close' from Node when its socket dies, so the socket's close releases it too).
//   Bounds the work and the answer bytes held at once: slow readers, requests waiting for an
//   embedding slot, the queue itself.
// - queue delay (`maxQueueMs`): a request that would wait longer than this for its turn (the
//   requests ahead of it times the recent time per request) is answered 503 on arrival; one that
//   did wait longer (the estimate was short) is answered 503 when its turn comes, rather than late.
//   The wait counts from when the request's bytes reached the host, not from when Node read them,
//   where the kernel tells (`kernelWait`, src/server/http/kernel-wait.ts): a request that sat in
//   the accept queue or a socket's buffer past the bound is answered 503 at once, not run late.
//
// /health and /metrics are never queued nor shed (they are cheap, and they are how the overload is
// seen), but count in flight; /health answers 503 while the in-flight bound is reached, so a load
// balancer takes out an instance that cannot admit work. A shed request never reaches the app: it
// is not counted against a rate limit, not logged per request (the metrics count it), and carries
// CORS headers like every answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '../../core/errors.js';
import { failure } from '../http/respond.js';
import type { KernelWait } from '../http/kernel-wait.js';
import type { NodeHandler } from '../http/serve.js';
import type { Fetch } from './dispatcher.js';

export type ShedReason = 'in_flight' | 'queue_delay';

export interface AdmissionOptions {
  /** Requests in flight at most (queued, running, being written); 0: no bound. */
  maxInFlight: number;
  /** Milliseconds a request may wait for its turn before it is shed; 0: no bound. */
  maxQueueMs: number;
  /** Milliseconds of requests run in one turn of the event loop before the rest wait for the next. */
  sliceMs?: number;
  onShed?: (reason: ShedReason) => void;
  /** One line when shedding starts (at most one a minute). */
  notice?: (message: string) => void;
  now?: () => number;
  /** Milliseconds after which a slot still held counts as overdue (the request timeout); 0: never. */
  overdueMs?: number;
  /** How long a connection's request bytes waited in the kernel before they were read (0: unknown). */
  kernelWait?: KernelWait;
}

interface Slot {
  at: number;
  /** Idempotent: the first of the ends watched releases the slot, the others do nothing. */
  release(): void;
}

interface Waiting {
  req: Request;
  env: unknown;
  at: number;
  /** Ends its count in flight; null when the Node response's end is watched instead. */
  release: (() => void) | null;
  answer(res: Response | Promise<Response>): void;
}

type Bindings = { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;

const RETRY_AFTER = 1;
const NOTICE_EVERY_MS = 60_000;
/** How often the loop marks the start of a turn (its timers phase). */
const TICK_MS = 5;

/** Paths that are never queued nor shed: the load balancer's probe and the scrape. */
const pathOf = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2));
const isHealth = (path: string) => path === '/health' || path.startsWith('/health?');
const isExempt = (path: string) => isHealth(path) || path === '/metrics' || path.startsWith('/metrics?');

/** Whether a request URL is /health or /metrics: the operations paths, never queued nor shed here,
 *  and the only ones the operations port serves (ops-port.ts). */
export const isOperationsUrl = (url: string) => isExempt(pathOf(url));

function shedResponse(method: string, message: string): Response {
  return failure(new ApiError('server_overloaded', message, undefined, { retryAfter: RETRY_AFTER }), undefined, method);
}

const nextTurn = () => new Promise<void>((r) => setImmediate(r));

/** A refusal written at the end of this turn of the loop, not at once: a client that retries at once
 *  would otherwise be read again in the same turn, and libuv keeps reading while more than 1,024
 *  sockets are ready (48 rounds), so under a surge one turn ran for seconds, and with it the wait to
 *  be accepted, to have a new connection read, and for the queue. */
const atTurnEnd = (res: Response) => new Promise<Response>((r) => setImmediate(() => r(res)));

export function createAdmission({
  maxInFlight,
  maxQueueMs,
  sliceMs = 10,
  onShed,
  notice = (m) => console.error(m),
  now = () => performance.now(),
  overdueMs = 0,
  kernelWait,
}: AdmissionOptions) {
  let inFlight = 0;
  const slots = new Set<Slot>();
  const bySocket = new WeakMap<Socket, Set<Slot>>();
  const idleWaiters: Array<() => void> = [];
  const queue: Waiting[] = [];
  let head = 0; // queue[head] is the oldest waiting request (shift() is O(n) on a long queue)
  let draining = false;
  let noticedAt = -Infinity;
  // Recent time to answer one queued request (exponential moving average, ms).
  let costMs = 0.5;
  // The start of the current turn, roughly: a timer fires at the start of each turn of a busy loop.
  let turnStart = now();
  const ticker = setInterval(() => {
    turnStart = now();
  }, TICK_MS);
  ticker.unref();

  const waiting = () => queue.length - head;
  /** Milliseconds the request had waited before Node read it; only asked when a bound is set. */
  const waitedUnseen = (env: unknown) => (kernelWait && maxQueueMs > 0 ? kernelWait((env as Bindings)?.incoming?.socket) : 0);
  const full = () => maxInFlight > 0 && inFlight >= maxInFlight;
  /** Nothing waiting and this turn still short: a request runs now, as if there were no queue. */
  const runsNow = () => waiting() === 0 && now() - turnStart < TICK_MS + sliceMs;

  function shed(req: Request, reason: ShedReason, detail: string): Response {
    onShed?.(reason);
    const t = now();
    if (t - noticedAt >= NOTICE_EVERY_MS) {
      noticedAt = t;
      notice(
        `canpol: overloaded (${detail}): answering 503 server_overloaded at once until it passes (counted in canpol_http_requests_shed_total)`,
      );
    }
    return shedResponse(req.method, `the server is overloaded (${detail}); retry in ${RETRY_AFTER} s`);
  }

  function released(): void {
    inFlight--;
    if (inFlight === 0 && idleWaiters.length) for (const w of idleWaiters.splice(0)) w();
  }

  /** Counts the request in flight until its answer is written out or its connection is gone. The
   *  release to call when the answer is built instead, without a Node response to watch (tests
   *  calling fetch directly); null when the response's end is watched. */
  function track(env: unknown): (() => void) | null {
    inFlight++;
    const slot: Slot = { at: now(), release: () => {} };
    let done = false;
    let connection: Set<Slot> | undefined;
    slot.release = () => {
      if (done) return;
      done = true;
      slots.delete(slot);
      connection?.delete(slot);
      released();
    };
    slots.add(slot);
    const { incoming, outgoing } = (env as Bindings) ?? {};
    if (!outgoing?.once) return slot.release;
    // A pipelined answer still queued behind an earlier one has no socket of its own yet, and Node
    // emits neither 'finish' nor 'close' for it when the connection dies: the socket's close ends it.
    const socket = incoming?.socket ?? outgoing.socket;
    if (socket) connection = heldOn(socket, slot);
    outgoing.once('finish', slot.release);
    outgoing.once('close', slot.release);
    return null;
  }

  /** The slots held on a connection, released together when it closes (one listener per
   *  connection, however many requests are pipelined on it). */
  function heldOn(socket: Socket, slot: Slot): Set<Slot> {
    let held = bySocket.get(socket);
    if (!held) {
      const set = (held = new Set<Slot>());
      bySocket.set(socket, set);
      socket.once('close', () => {
        bySocket.delete(socket);
        for (const s of [...set]) s.release();
      });
    }
    held.add(slot);
    // Closed already ('close' was emitted): nothing will be written, nothing to wait for.
    if (socket.destroyed && (socket as { closed?: boolean }).closed) setImmediate(slot.release);
    return held;
  }

  /** Slots held longer than `overdueMs` (a watchdog: with every end watched there should be none). */
  function overdue(): number {
    if (!overdueMs) return 0;
    const t = now();
    let n = 0;
    for (const s of slots) if (t - s.at > overdueMs) n++;
    return n;
  }

  function run(fetch: Fetch, req: Request, env: unknown, release: (() => void) | null): Response | Promise<Response> {
    let res: Response | Promise<Response>;
    try {
      res = fetch(req, env);
    } catch (err) {
      release?.();
      return Promise.reject(err); // the server answers 500, and the queue keeps going
    }
    if (!release) return res;
    if (res instanceof Promise) return res.finally(release);
    release();
    return res;
  }

  async function drain(fetch: Fetch): Promise<void> {
    const start = now();
    // A request whose answer needs the event loop (an embedding, a timer) does not hold the turn up:
    // the next request runs once it is answered or at the next turn, whichever is first.
    const turn = nextTurn();
    while (waiting() > 0) {
      if (now() - start >= sliceMs) {
        setImmediate(() => void drain(fetch));
        return;
      }
      const w = queue[head];
      queue[head++] = undefined as unknown as Waiting;
      if (head > 1024 && head * 2 > queue.length) {
        queue.splice(0, head);
        head = 0;
      }
      const waited = now() - w.at;
      const gone = (w.env as Bindings)?.incoming?.socket?.destroyed;
      if (gone || (maxQueueMs > 0 && waited > maxQueueMs)) {
        // A client that went away needs no answer; one that waited too long gets 503 now.
        w.answer(
          gone
            ? shedResponse(w.req.method, 'the client went away')
            : shed(w.req, 'queue_delay', `requests waited ${Math.round(waited)} ms`),
        );
        w.release?.();
        continue;
      }
      const began = now();
      const res = run(fetch, w.req, w.env, w.release);
      w.answer(res);
      if (res instanceof Promise)
        await Promise.race([
          res.then(
            () => {},
            () => {},
          ),
          turn,
        ]);
      costMs = costMs * 0.9 + (now() - began) * 0.1;
    }
    draining = false;
  }

  return {
    wrap(fetch: Fetch): Fetch {
      return (req, env) => {
        const path = pathOf(req.url);
        if (isExempt(path)) {
          // The probe says so when no API request could be admitted now, so a balancer takes the
          // instance out (it is not counted as shed: nothing was refused but the probe).
          if (isHealth(path) && full())
            return shedResponse(req.method, `the server cannot admit requests (${inFlight} in flight, the bound)`);
          return run(fetch, req, env, track(env));
        }
        if (full()) return atTurnEnd(shed(req, 'in_flight', `${inFlight} requests in flight`));
        const unseen = waitedUnseen(env);
        if (unseen > maxQueueMs)
          return atTurnEnd(shed(req, 'queue_delay', `a request waited ${unseen} ms before the server could read it`));
        if (maxQueueMs > 0 && unseen + waiting() * costMs > maxQueueMs) {
          return atTurnEnd(shed(req, 'queue_delay', `${waiting()} requests waiting, about ${Math.round(waiting() * costMs)} ms`));
        }
        const release = track(env);
        if (runsNow()) return run(fetch, req, env, release);
        return new Promise<Response>((resolve) => {
          queue.push({ req, env, at: now() - unseen, release, answer: resolve as Waiting['answer'] });
          if (!draining) {
            draining = true;
            setImmediate(() => void drain(fetch));
          }
        });
      };
    },
    /** The Node door (src/server/http/fast-path.ts) where a request would run at once anyway: nothing
     *  waiting, this turn still short, the in-flight bound not reached. Otherwise it declines, and
     *  the request comes through `wrap` to be queued or shed there. */
    wrapNode(answer: NodeHandler): NodeHandler {
      return (incoming, outgoing) => {
        if (full() || !runsNow()) return false;
        // Waited past the bound before it was read: `wrap` answers it 503.
        if (waitedUnseen({ incoming }) > maxQueueMs) return false;
        const answered = answer(incoming, outgoing);
        // Counted from here: the answer has only been handed to the socket, and its end is watched.
        if (answered) track({ incoming, outgoing });
        return answered;
      };
    },
    /** Requests queued, running or being written out. */
    get inFlight() {
      return inFlight;
    },
    /** Slots held longer than `overdueMs` now (the watchdog). */
    get overdue() {
      return overdue();
    },
    /** Requests waiting for their turn. */
    get waiting() {
      return waiting();
    },
    /** Resolves when nothing is in flight (graceful shutdown). */
    idle(): Promise<void> {
      return inFlight === 0 ? Promise.resolve() : new Promise((r) => idleWaiters.push(r));
    },
    stop: () => clearInterval(ticker),
  };
}

export type Admission = ReturnType<typeof createAdmission>;
