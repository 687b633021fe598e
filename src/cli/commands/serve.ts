// `canpol serve`: opens and checks the data file, sets up the access gate, the request log and the
// metrics, listens, and then keeps serving across data reloads (SIGHUP, or a new file renamed over
// --data) until SIGTERM/SIGINT shut it down gracefully (docs/operations.md).
import type { DataFile } from '../../core/data-file/open-data-file.js';
import { createApp, vectorOptions } from '../../server/http/app.js';
import { createResponseCache } from '../../server/http/response-cache.js';
import { listen, type ConnectionLimits } from '../../server/http/serve.js';
import { createWorkQueue } from '../../server/limits/work-queue.js';
import { openCheckedDataFile } from '../../server/ops/check-data-file.js';
import { createKernelWait } from '../../server/http/kernel-wait.js';
import { createAdmission } from '../../server/ops/admission.js';
import { opsOnly } from '../../server/ops/ops-port.js';
import { createDispatcher, type Served } from '../../server/ops/dispatcher.js';
import { fileIdentity } from '../../server/ops/file-watch.js';
import { createLogSink } from '../../server/ops/log-sink.js';
import { createMetrics } from '../../server/ops/metrics.js';
import { createReloader } from '../../server/ops/reload.js';
import { createRequestLog, type LogFormat } from '../../server/ops/request-log.js';
import { onShutdownSignals } from '../../server/ops/shutdown.js';
import { serverMemoryGuard } from '../../core/memory/memory-guard.js';
import { loadSearchParts } from '../../server/search/search-parts.js';
import { collectGarbage } from '../../core/memory/collect-garbage.js';
import { tuneServerHeap } from '../../server/ops/server-heap.js';
import type { ScanThreads } from '../../server/search/scan/code-scan.js';
import { splitSearchCache } from '../../server/search/query-caches.js';
import { SettingError } from '../settings.js';
import { setUpAccess, type AccessSettings } from './serve-access.js';

export interface ServeOptions
  extends AccessSettings,
    Required<Pick<ConnectionLimits, 'headersTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'maxConnections' | 'backlog'>> {
  data: string;
  port: number;
  host: string;
  mmapSize: number;
  log: LogFormat;
  metrics: 'on' | 'off';
  /** The operations port (/health, /metrics only); null: none. */
  opsPort: number | null;
  /** Seconds. */
  shutdownTimeout: number;
  /** Milliseconds; 0 turns the replacement watch off. */
  watchInterval: number;
  /** Checks of the data file before serving it, at start and on reload. */
  verifyData: 'quick' | 'full' | 'off';
  /** Requests answered at once; more are shed (0: no bound). */
  maxInFlight: number;
  /** Milliseconds the event loop may be behind before requests are shed (0: no shedding by delay). */
  maxQueueDelay: number;
  /** Bytes of the response cache; 0 turns it off. */
  responseCache: number;
  /** Bytes of the search caches of the file served (src/server/search/query-caches.ts); 0 turns them off. */
  searchCache: number;
  /** Resident bytes above which a search is followed by a full collection (src/core/memory/memory-guard.ts); 0: never. */
  memoryCeiling: number;
  /** When the vector search's code scan takes a second thread (src/server/search/scan/code-scan.ts). */
  scanThreads: ScanThreads;
}

/** TEST ONLY: holds every API request this many milliseconds, so tests can have requests in flight. */
const TEST_DELAY_ENV = 'CANPOL_TEST_DELAY_MS';

const mib = (bytes: number) => (bytes ? `${(bytes / 2 ** 20).toFixed(bytes % 2 ** 20 ? 1 : 0)} MiB` : 'off');

export async function serveCommand(options: ServeOptions): Promise<void> {
  const {
    data,
    port,
    host,
    mmapSize,
    log,
    metrics: metricsOn,
    shutdownTimeout,
    watchInterval,
    verifyData,
    maxInFlight,
    maxQueueDelay,
    headersTimeout,
    requestTimeout,
    keepAliveTimeout,
    maxConnections,
    backlog,
    opsPort,
    responseCache,
    searchCache,
    memoryCeiling,
    scanThreads,
    ...accessSettings
  } = options;
  tuneServerHeap(); // before the first request: V8's pretenuring decisions are made while serving
  const say = (m: string) => console.error(m);
  const check = { mmapSize, verify: verifyData };
  const servedIdentity = fileIdentity(data);
  const first = openCheckedDataFile(data, check);
  const gate = setUpAccess({ data, ...accessSettings });
  await gate.ready();

  let build = first.build;
  // One embedding queue across reloads, so the 2 running + 6 waiting bound holds while two apps live.
  const embedQueue = createWorkQueue();
  const sink = createLogSink({ notice: say });
  process.once('exit', () => sink.flush()); // whichever way the process ends (stdout to a pipe or file is written synchronously)
  // A closed stderr (its reader gone too) must not crash the server: there is nowhere left to say so.
  process.stderr.on('error', () => {});
  const requestLog = log === 'off' ? null : createRequestLog({ format: log, sink });
  // One response cache across reloads: the app of a new file empties it (src/server/http/response-cache.ts).
  // Under Bun (running `src/`) evicted answers are freed as soon as no response writes them: its
  // collector frees them late, and the process held 5x the cap above idle; Node's holds the cap
  // without it (src/server/http/release-bodies.ts).
  const cache = createResponseCache({ maxBytes: responseCache, release: process.versions.bun !== undefined });
  // One guard for the process: memory is the process's, whichever file is served.
  const memoryGuard = memoryCeiling > 0 ? serverMemoryGuard(memoryCeiling) : null;
  const metrics =
    metricsOn === 'on'
      ? createMetrics({
          sources: {
            build: () => build,
            queue: () => embedQueue,
            inFlight: () => admission.inFlight,
            overdue: () => admission.overdue,
            queued: () => admission.waiting,
            logDropped: () => sink.dropped,
            limiter: gate.stats,
            responseCache: () => cache.stats(),
            searchCaches: () => served?.searchCaches?.() ?? {},
            collections: () => memoryGuard?.collections ?? 0,
          },
        })
      : null;
  // The queue delay counts from when a request reached the host where the kernel says so.
  const kernel = await createKernelWait();
  const admission = createAdmission({
    kernelWait: kernel.wait ?? undefined,
    maxInFlight,
    maxQueueMs: maxQueueDelay,
    onShed: (reason) => metrics?.shed(reason),
    notice: say,
    overdueMs: requestTimeout * 1000,
  });
  const ops = { log: requestLog, metrics, clientAddress: gate.access.clientAddress };

  async function serving(file: DataFile): Promise<Served> {
    try {
      // The data file's own encoder embeds search queries (the same one that embedded its chunks).
      const searchCacheBytes = splitSearchCache(searchCache);
      const { embedder, vectors } = await loadSearchParts(file.db, { index: { ...vectorOptions(searchCacheBytes), scanThreads } });
      if (vectors)
        say(
          `canpol: vector index of ${vectors.count()} chunks, scanned on ${vectors.scanThreads() === 2 ? 'two threads' : 'one thread'} (--scan-threads ${scanThreads})`,
        );
      const app = createApp({
        data: file,
        embedder,
        vectors,
        access: gate.access,
        embedQueue,
        ops,
        cache,
        searchCacheBytes,
        memoryGuard,
        inFlight: () => admission.inFlight,
      });
      // What loading left behind goes now, not whenever the collector first runs: under Bun that was
      // seconds into serving, and until then the process held ~23 MiB more than what is alive.
      collectGarbage();
      return {
        fetch: app.fetch,
        node: app.node,
        close: async () => {
          vectors?.close();
          await embedder?.close();
          file.close();
        },
        searchCaches: app.searchCaches,
      };
    } catch (err) {
      file.close();
      throw err;
    }
  }

  const testDelayMs = Number(process.env[TEST_DELAY_ENV] ?? 0) || 0;
  // The app serving now: its search caches are the ones /metrics reports.
  let served: Served | undefined = await serving(first);
  const dispatcher = createDispatcher(served, { testDelayMs });
  // A port taken or not ours is an operator's mistake, not a bug: one line (cli.ts renders
  // SettingError), exit 1; the same for --port and --ops-port.
  const listenFailed = (flag: '--port' | '--ops-port', p: number) => (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE')
      throw new SettingError(`port ${p} on ${host ?? 'all addresses'} is already in use (another canpol?); choose another with ${flag}`);
    if (err.code === 'EACCES')
      throw new SettingError(`port ${p} needs privileges this process does not have; choose one above 1023 with ${flag}`);
    if (err.code === 'EADDRNOTAVAIL') throw new SettingError(`address ${host} is not one of this machine's; check --host`);
    throw err;
  };
  const limits = { headersTimeout, requestTimeout, keepAliveTimeout, maxConnections, backlog };
  const running = await listen(
    { fetch: admission.wrap(dispatcher.fetch), node: admission.wrapNode(dispatcher.node) },
    { port, host, ...limits },
  ).catch(listenFailed('--port', port));
  const opsListening =
    opsPort === null
      ? null
      : await listen({ fetch: opsOnly(admission.wrap(dispatcher.fetch), running.url) }, { port: opsPort, host, ...limits }).catch(
          async (err: NodeJS.ErrnoException) => {
            await running.close();
            return listenFailed('--ops-port', opsPort)(err);
          },
        );
  say(`canpol: serving ${build.dataset_name}${build.is_demo ? ' (demo data)' : ''}, build ${build.id}, from ${data}`);
  say(`canpol: ${gate.summary}`);
  say(
    `canpol: request log ${log === 'off' ? 'off' : `${log} on stdout`}; metrics ${metrics ? `at ${running.url}/metrics` : 'off'}; ` +
      `response cache ${mib(responseCache)}; search caches ${mib(searchCache)}; memory ceiling ${mib(memoryCeiling)}`,
  );
  say(
    `canpol: limits under load: ${maxInFlight || 'unbounded'} requests in flight, ${maxQueueDelay ? `${maxQueueDelay} ms` : 'unbounded'} queue delay (${kernel.wait ? 'from arrival at the host' : `from the read: ${kernel.why}`}), ${maxConnections || 'unbounded'} connections, ${backlog} waiting to be accepted; ` +
      `timeouts: headers ${headersTimeout} s, request ${requestTimeout} s, keep-alive ${keepAliveTimeout} s`,
  );
  if (testDelayMs) say(`canpol: ${TEST_DELAY_ENV}=${testDelayMs}: every API request is held ${testDelayMs} ms (for tests only)`);
  if (opsListening) say(`canpol: operations port ${opsListening.url}: /health and /metrics only`);
  say(`canpol: listening on ${running.url}/api/public/v1 (health: ${running.url}/health)`);

  const event = (fields: Record<string, unknown>) => {
    if (log === 'json') sink.line(JSON.stringify({ time: new Date().toISOString(), ...fields }));
  };
  const reloader = createReloader({
    path: data,
    served: servedIdentity,
    watchMs: watchInterval,
    async reload(reason) {
      const old = build.id;
      let next: Served;
      let file: DataFile;
      try {
        file = openCheckedDataFile(data, check);
        next = await serving(file);
      } catch (err) {
        metrics?.reloaded('refused');
        say(`canpol: reload (${reason}) refused, still serving build ${old}: ${(err as Error).message}`);
        event({ event: 'reload', result: 'refused', reason, build_id: old, error: (err as Error).message });
        return;
      }
      build = file.build;
      served = next;
      dispatcher.swap(next);
      metrics?.reloaded('ok');
      say(`canpol: reloaded ${data} (${reason}): build ${old} -> ${build.id}`);
      event({ event: 'reload', result: 'ok', reason, old_build_id: old, new_build_id: build.id });
    },
  });

  onShutdownSignals({
    server: running.server as import('node:http').Server,
    // Queued requests have not reached an app yet: wait for the admission queue, not the dispatcher.
    idle: () => admission.idle(),
    inFlight: () => admission.inFlight,
    timeoutMs: shutdownTimeout * 1000,
    log: say,
    cleanup: async () => {
      await opsListening?.close();
      reloader.stop();
      admission.stop();
      await dispatcher.close();
      await gate.close();
      sink.flush();
    },
  });
}
