// The abort signal of the request being served, for work deep below the route (the embedding
// queue) that must give up its place when the client goes away. Carried by AsyncLocalStorage so the
// search engine's signatures stay as they are; set only on the semantic routes, the one place it
// is read, so other routes pay nothing.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, MiddlewareHandler } from 'hono';

const current = new AsyncLocalStorage<AbortSignal>();

export const requestSignal = (): AbortSignal | undefined => current.getStore();

export const withRequestSignal: MiddlewareHandler = (c, next) => current.run(c.req.raw.signal, next);

/** Whether `err` is this request's own abort (its reason), rather than a failure to report. */
export const isClientAbort = (err: unknown, c: Context): boolean => c.req.raw.signal.aborted && c.req.raw.signal.reason === err;
