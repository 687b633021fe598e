// Graceful shutdown on SIGTERM/SIGINT: stop accepting connections, let the requests in flight
// finish (at most `timeoutMs`), close the kept-alive connections, free resources, exit 0. A second
// signal exits at once, for an operator who does not want to wait.
import type { Server } from 'node:http';

export interface ShutdownOptions {
  server: Pick<Server, 'close'> & Partial<Pick<Server, 'closeIdleConnections' | 'closeAllConnections'>>;
  /** Resolves when no request is in flight. */
  idle(): Promise<void>;
  inFlight(): number;
  timeoutMs: number;
  /** Frees the data file, encoder, counter store; flushes the log. */
  cleanup(): Promise<void>;
  log?: (message: string) => void;
  exit?: (code: number) => void;
}

// Not unref()ed: once the server is closed these timers are what keeps the process alive to clean up.
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function onShutdownSignals(options: ShutdownOptions, signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']) {
  const { exit = (code) => process.exit(code), log = console.error } = options;
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`canpol: ${signal} again, exiting now`);
      exit(0);
      return;
    }
    stopping = true;
    // Backstop: a cleanup step that hangs (an unreachable Redis) must not keep the process forever.
    setTimeout(() => {
      log('canpol: shutdown did not finish in time, exiting');
      exit(1);
    }, options.timeoutMs + 5000).unref();
    void shutdown(signal, options).then(
      () => exit(0),
      (err) => {
        log(`canpol: shutdown failed: ${(err as Error).message}`);
        exit(1);
      },
    );
  };
  for (const s of signals) process.on(s, handler);
  return () => {
    for (const s of signals) process.off(s, handler);
  };
}

export async function shutdown(
  signal: string,
  { server, idle, inFlight, timeoutMs, cleanup, log = console.error }: ShutdownOptions,
): Promise<void> {
  const waiting = inFlight();
  log(`canpol: ${signal}, no longer accepting connections; ${waiting} request(s) in flight, waiting up to ${timeoutMs} ms`);
  const closed = new Promise<void>((r) => server.close(() => r()));
  server.closeIdleConnections?.();
  const drained = await Promise.race([idle().then(() => true), delay(timeoutMs).then(() => false)]);
  if (!drained) {
    log(`canpol: ${inFlight()} request(s) still in flight after ${timeoutMs} ms; closing their connections`);
  } else {
    // Answers may still be on their way out: close each kept-alive connection once it is idle,
    // rather than cutting one mid-write, for at most a second.
    let settled = false;
    void closed.then(() => {
      settled = true;
    });
    for (let i = 0; i < 20 && !settled; i++) {
      server.closeIdleConnections?.();
      await delay(50);
    }
  }
  server.closeAllConnections?.();
  await Promise.race([closed, delay(1000)]);
  await cleanup();
  log('canpol: stopped');
}
