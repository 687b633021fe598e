// Every setting declared once: the CLI flags, environment variables, --help and
// docs/configuration.md are all generated from this table.
import { LABEL } from '../server/auth/key-format.js';
import { parseTrustedProxies, TrustedProxyError } from '../server/limits/client-ip.js';
import { parseTierLimits } from '../server/limits/limit-table.js';
import { DEFAULT_MMAP_SIZE } from '../core/data-file/open-data-file.js';
import { DEFAULT_MEMORY_CEILING } from '../core/memory/memory-guard.js';
import { DEFAULT_RESPONSE_CACHE_BYTES } from '../server/http/response-cache.js';
import { DEFAULT_CONNECTION_LIMITS } from '../server/http/serve.js';
import { SEARCH_CACHE_BYTES } from '../server/search/query-caches.js';

const searchCacheTotal = () => Object.values(SEARCH_CACHE_BYTES).reduce((a, b) => a + b, 0);

export interface Setting {
  flag: string;
  env: string;
  default: string;
  help: string;
  kind: 'string' | 'port' | 'port_or_off' | 'bytes' | 'count' | 'onoff' | 'label' | 'tiers' | 'proxies' | 'fraction' | 'choice';
  /** The allowed values of a `choice`. */
  choices?: readonly string[];
}

export const SETTINGS = {
  data: {
    flag: '--data',
    env: 'CANPOL_DATA',
    default: 'data/canpol.db',
    kind: 'string',
    help: 'the data file to serve (opened read-only)',
  },
  port: { flag: '--port', env: 'PORT', default: '8080', kind: 'port', help: 'TCP port to listen on (0 picks a free one)' },
  host: {
    flag: '--host',
    env: 'CANPOL_HOST',
    default: '127.0.0.1',
    kind: 'string',
    help: 'address to listen on; 0.0.0.0 for every interface',
  },
  mmap_size: {
    flag: '--mmap-size',
    env: 'CANPOL_MMAP_SIZE',
    default: String(DEFAULT_MMAP_SIZE),
    kind: 'bytes',
    help: "bytes of the data file to memory-map (from its start; the rest is read through SQLite's page cache). Pages of the map that searches touch count in the resident set: at 8 M chunks 1 GiB mapped held 253 MB of them and 256 MiB 125 MB, at the same search speed; a file smaller than this is mapped whole",
  },
  sources: {
    flag: '--sources',
    env: 'CANPOL_SOURCES',
    default: 'data/demo',
    kind: 'string',
    help: 'source bundle folder to compile (docs/source-format.md)',
  },
  from: {
    flag: '--from',
    env: 'CANPOL_IMPORT_FROM',
    default: '../shared/datasets',
    kind: 'string',
    help: 'upstream files to import: the datasets folder for `import --all`, else the folder of that one source',
  },
  into: {
    flag: '--into',
    env: 'CANPOL_IMPORT_INTO',
    default: 'data/real',
    kind: 'string',
    help: 'source bundle folder the importers write their parts into',
  },
  report: {
    flag: '--report',
    env: 'CANPOL_IMPORT_REPORT',
    default: 'data/import-report.json',
    kind: 'string',
    help: 'JSON report of every record skipped or unlinked, with file, record and reason',
  },
  skip_boundary_sets: {
    flag: '--skip-boundary-sets',
    env: 'CANPOL_SKIP_BOUNDARY_SETS',
    default: 'none',
    kind: 'string',
    help: 'comma-separated boundary set slugs to leave out on purpose when their naming or filter rule cannot be applied (otherwise such a set fails the import); each one left out is repeated at the end of the run',
  },
  leave_out: {
    flag: '--leave-out',
    env: 'CANPOL_LEAVE_OUT',
    default: 'none',
    kind: 'string',
    help: 'comma-separated importers to leave out on purpose (their records of earlier runs go too); `make data-real` leaves out ontario-hansard by default (docs/importers.md says why)',
  },
  commercial_only: {
    flag: '--commercial-only',
    env: 'CANPOL_COMMERCIAL_ONLY',
    default: 'off',
    kind: 'onoff',
    help: "`on` leaves out of the import every source whose publisher allows only non-commercial reuse (Ontario's Hansard and roster), and their records of earlier runs, for a file that may be used commercially; sources with unverified terms (BC) stay in and are named in docs/importers.md",
  },
  keys: {
    flag: '--keys',
    env: 'CANPOL_KEYS',
    default: '<data>.keys.json',
    kind: 'string',
    help: "key store: hashes of the API keys, beside the data file and never inside it (`<data>` is the data file's path without its extension); `canpol keys` edits it and `serve` rereads it within a second of a change",
  },
  key_prefix: {
    flag: '--key-prefix',
    env: 'CANPOL_KEY_PREFIX',
    default: 'cpd',
    kind: 'label',
    help: 'first part of every API key (lower-case letters and digits)',
  },
  key_env: {
    flag: '--key-env',
    env: 'CANPOL_KEY_ENV',
    default: 'live',
    kind: 'label',
    help: 'environment label, the second part of every API key',
  },
  rate_limit: {
    flag: '--rate-limit',
    env: 'CANPOL_RATE_LIMIT',
    default: 'on',
    kind: 'onoff',
    help: '`off` serves every request without counting it and without X-RateLimit headers (keys that are sent are still checked)',
  },
  limit_anonymous: {
    flag: '--limit-anonymous',
    env: 'CANPOL_LIMIT_ANONYMOUS',
    default: '30',
    kind: 'count',
    help: 'requests per hour per client address without a key, every route',
  },
  limit_clients: {
    flag: '--limit-clients',
    env: 'CANPOL_LIMIT_CLIENTS',
    default: '100000',
    kind: 'count',
    help: 'client addresses whose anonymous requests are counted per hour in this process (about 130 bytes each); beyond it, a new address takes the place of the one seen least recently, which starts again from zero if it returns (canpol_rate_limit_evictions_total)',
  },
  limits_general: {
    flag: '--limits-general',
    env: 'CANPOL_LIMITS_GENERAL',
    default: 'free=60,dev=1000,pro=10000',
    kind: 'tiers',
    help: 'requests per hour per key, per tier, for every route but the semantic searches (one bucket per key)',
  },
  limits_semantic: {
    flag: '--limits-semantic',
    env: 'CANPOL_LIMITS_SEMANTIC',
    default: 'free=5,dev=100,pro=10000',
    kind: 'tiers',
    help: 'requests per hour per key, per tier, for /search/speeches, /search/speeches/count and /search/facets together',
  },
  trusted_proxies: {
    flag: '--trusted-proxies',
    env: 'CANPOL_TRUSTED_PROXIES',
    default: 'none',
    kind: 'proxies',
    help: 'comma-separated addresses or CIDR ranges of your reverse proxies; only through them is X-Forwarded-For read for the client address',
  },
  log: {
    flag: '--log',
    env: 'CANPOL_LOG',
    default: 'json',
    kind: 'choice',
    choices: ['json', 'text', 'off'],
    help: 'request log on stdout, one line per request: `json` (method, path, status, duration, key id, client address, build id; never the key), `text` for a terminal, or `off` (docs/operations.md)',
  },
  metrics: {
    flag: '--metrics',
    env: 'CANPOL_METRICS',
    default: 'on',
    kind: 'onoff',
    help: 'serve Prometheus metrics at GET /metrics (outside the API: no key, no rate limit; docs/operations.md)',
  },
  shutdown_timeout: {
    flag: '--shutdown-timeout',
    env: 'CANPOL_SHUTDOWN_TIMEOUT',
    default: '10',
    kind: 'count',
    help: 'seconds SIGTERM/SIGINT waits for requests in flight to finish before closing their connections and exiting',
  },
  watch_interval: {
    flag: '--watch-interval',
    env: 'CANPOL_WATCH_INTERVAL',
    default: '1000',
    kind: 'count',
    help: 'milliseconds between checks for a new data file renamed over --data, which is then checked and served without a restart; 0 turns the watch off (SIGHUP still reloads)',
  },
  verify_data: {
    flag: '--verify-data',
    env: 'CANPOL_VERIFY_DATA',
    default: 'quick',
    kind: 'choice',
    choices: ['quick', 'full', 'off'],
    help: "checks of the data file before serving it, at start and on reload: `quick` compares the schema, the stored encoder model, every table of blobs the server decodes (geometries, vectors, index data) and the build record with the checksums its build recorded (one read of the blobs: ~2 s for the 115 MB real file); `full` runs all of `canpol verify` (SQLite integrity, row counts, every table's checksum: one read of the whole file); `off` reads only its header and build record",
  },
  max_in_flight: {
    flag: '--max-in-flight',
    env: 'CANPOL_MAX_IN_FLIGHT',
    default: '256',
    kind: 'count',
    help: 'requests answered at once at most, every route (until each answer is written out); one more is answered 503 server_overloaded with Retry-After at once; /health answers 503 while the bound is reached (so a load balancer takes the instance out) and /metrics is never refused; 0 turns the bound off',
  },
  max_queue_delay: {
    flag: '--max-queue-delay',
    env: 'CANPOL_MAX_QUEUE_DELAY',
    default: '500',
    kind: 'count',
    help: 'milliseconds a request may wait for the server to get to it (the event loop behind), counted from its arrival at the host on Linux (TCP_INFO) and from its read elsewhere; beyond, requests are answered 503 server_overloaded with Retry-After at once instead of being run late; 0 turns shedding by delay off',
  },
  ops_port: {
    flag: '--ops-port',
    env: 'CANPOL_OPS_PORT',
    default: 'off',
    kind: 'port_or_off',
    help: "a second port answering only /health and /metrics (0 picks a free one; off: none). Its connections wait in an accept queue of their own, so a load balancer's probe is accepted on the next turn of the event loop whatever the surge of new connections on --port",
  },
  max_connections: {
    flag: '--max-connections',
    env: 'CANPOL_MAX_CONNECTIONS',
    default: String(DEFAULT_CONNECTION_LIMITS.maxConnections),
    kind: 'count',
    help: 'open connections at most; more are closed as soon as they are accepted; 0 turns the bound off',
  },
  backlog: {
    flag: '--backlog',
    env: 'CANPOL_BACKLOG',
    default: String(DEFAULT_CONNECTION_LIMITS.backlog),
    kind: 'count',
    help: "new connections the kernel holds for the server to accept (capped by net.core.somaxconn); they are accepted one per turn of the event loop, and the queue delay counts the wait there once the request is read; past the backlog Linux drops the handshake (the client retries 1, 3, 7 s later; the host's net.ipv4.tcp_abort_on_overflow=1 refuses at once instead)",
  },
  headers_timeout: {
    flag: '--headers-timeout',
    env: 'CANPOL_HEADERS_TIMEOUT',
    default: String(DEFAULT_CONNECTION_LIMITS.headersTimeout),
    kind: 'count',
    help: 'seconds a client has to send the headers of a request before its connection is closed (slow senders)',
  },
  request_timeout: {
    flag: '--request-timeout',
    env: 'CANPOL_REQUEST_TIMEOUT',
    default: String(DEFAULT_CONNECTION_LIMITS.requestTimeout),
    kind: 'count',
    help: 'seconds a client has to send a whole request; also how long a connection may make no progress at all (a client that stopped reading its answer) before it is closed',
  },
  keep_alive_timeout: {
    flag: '--keep-alive-timeout',
    env: 'CANPOL_KEEP_ALIVE_TIMEOUT',
    default: String(DEFAULT_CONNECTION_LIMITS.keepAliveTimeout),
    kind: 'count',
    help: "seconds an idle kept-alive connection stays open for its next request; behind a load balancer, set it above the balancer's own idle timeout",
  },
  response_cache: {
    flag: '--response-cache',
    env: 'CANPOL_RESPONSE_CACHE',
    default: String(DEFAULT_RESPONSE_CACHE_BYTES),
    kind: 'bytes',
    help: 'bytes of answers kept in memory by URL for the data file being served (bodies, compressed copies and bookkeeping; least recently used out first; emptied by a reload to another file); repeated requests skip the database and the router but still pass the key and rate-limit checks; 0 turns it off',
  },
  search_cache: {
    flag: '--search-cache',
    env: 'CANPOL_SEARCH_CACHE',
    default: String(searchCacheTotal()),
    kind: 'bytes',
    help: 'bytes of what search derives from the data file kept in memory between queries (chunk words for snippets, posting lists, stem counts, result rows, int8 vectors: 12/35, 8/35, 1/35, 6/35 and 8/35 of it; least recently used out first; new and empty for each file served); answers are the same at any size; 0 turns it off',
  },
  memory_ceiling: {
    flag: '--memory-ceiling',
    env: 'CANPOL_MEMORY_CEILING',
    default: String(DEFAULT_MEMORY_CEILING),
    kind: 'bytes',
    help: 'resident bytes above which the server runs a full garbage collection after a search (between requests); when what is alive stays above it, the next waits until the process has grown by a sixteenth of it more. Measured under Bun (2026-11-27, when the binary ran on it), whose collector let garbage grow to about the size of what is alive before it collected: at 8 M chunks 1.9 GB resident where 0.8 GB was alive; with 900 MiB the 8 M server peaked at 942-967 MiB during searches in six runs (1,118-1,122 with 1 GiB and a quarter), at p50 57-76 ms against 55. Not yet measured under Node. Each collection stops the server while it runs; 0 turns it off',
  },
  scan_threads: {
    flag: '--scan-threads',
    env: 'CANPOL_SCAN_THREADS',
    default: 'on',
    kind: 'choice',
    choices: ['on', 'off', 'always'],
    help: "threads of the vector search's scan over every chunk's binary code: `on` adds a second thread, which scans half the codes, for files of 1,000,000 chunks or more on a machine of more than one core; `always` for every file; `off` scans on the request thread only. Answers are the same either way; at 8 M chunks two threads scan in 0.5-0.66 of the time",
  },
  redis: {
    flag: '--redis',
    env: 'CANPOL_REDIS_URL',
    default: 'none',
    kind: 'string',
    help: 'redis://host:port/db to share rate-limit counters between server processes; `none` counts in this process only',
  },
  out: {
    flag: '--out',
    env: 'CANPOL_OUT',
    default: 'data/canpol.db',
    kind: 'string',
    help: 'data file to write; replaced only when the build succeeds',
  },
  encoder_model: {
    flag: '--encoder-model',
    env: 'CANPOL_ENCODER_MODEL',
    default: 'none',
    kind: 'string',
    help: 'a pretrained sentence encoder (ONNX with input_ids and attention_mask, output last_hidden_state) to embed with instead of learning one; stored in the data file',
  },
  encoder_tokenizer: {
    flag: '--encoder-tokenizer',
    env: 'CANPOL_ENCODER_TOKENIZER',
    default: 'none',
    kind: 'string',
    help: 'the HuggingFace tokenizer.json of --encoder-model',
  },
  encoder_prefixes: {
    flag: '--encoder-prefixes',
    env: 'CANPOL_ENCODER_PREFIXES',
    default: 'none',
    kind: 'string',
    help: 'passage and query prefixes of --encoder-model as PASSAGE|QUERY, e.g. "passage: |query: " for E5 models',
  },
  reuse: {
    flag: '--reuse',
    env: 'CANPOL_REUSE',
    default: 'none',
    kind: 'string',
    help: "a previous data file: its speeches and chunk rows are copied when it was built from the same speech, politician and session files and a sample of its rows is what this build derives, its search encoder is kept, the vectors of chunks whose text is unchanged are copied instead of embedded, and its keyword index is copied when every chunk is the same and this build's tokenizer agrees with it (else each is written); `none` writes everything, learns the encoder, embeds everything and builds the index",
  },
  build_workers: {
    flag: '--build-workers',
    env: 'CANPOL_BUILD_WORKERS',
    default: 'on',
    kind: 'choice',
    choices: ['on', 'off', 'always'],
    help: "run the build's CPU-bound steps on worker threads of the same process: cutting the speeches into chunks, the keyword index's tokenizing and the checksums of the tables (two threads take the tables in turn, the largest first); `on` for the steps over 20,000 speeches or chunks (a smaller step is over before a thread has started), `always` for every step whatever its size, `off` for none: everything on one thread. The data file is the same either way. The search encoder learns after the keyword index either way, so their memory never adds up (it learned beside the keyword index on a worker until 2026-11-27: 3.7 GB at 1 M chunks, now 1.3 GB); `on` builds 100 k chunks 1.2x faster on 2 cores",
  },
  manifest: {
    flag: '--manifest',
    env: 'CANPOL_MANIFEST',
    default: 'config/sources.manifest.json',
    kind: 'string',
    help: 'the sources manifest: every upstream source, its URL, checks, licence and importer (docs/nightly.md)',
  },
  cache: {
    flag: '--cache',
    env: 'CANPOL_FETCH_CACHE',
    default: 'data/fetch-cache',
    kind: 'string',
    help: 'fetch cache: the last good copy of every upstream file, laid out as the importers read a datasets folder, with validators and provenance in `.fetch/`',
  },
  upstream_mirror: {
    flag: '--upstream-mirror',
    env: 'CANPOL_UPSTREAM_MIRROR',
    default: 'none',
    kind: 'string',
    help: 'fetch every source through this base URL: https://HOST/PATH becomes MIRROR/HOST/PATH (a mirror, or the loopback upstream of the tests: one on this machine gets no politeness spacing); `none` fetches from each publisher',
  },
  since: {
    flag: '--since',
    env: 'CANPOL_SINCE',
    default: 'none',
    kind: 'string',
    help: 'backfill from this date (YYYY-MM-DD): discovery skips sessions that ended and divisions recorded before it; `none` takes every session the manifest lists',
  },
  deadline: {
    flag: '--deadline',
    env: 'CANPOL_FETCH_DEADLINE',
    default: 'none',
    kind: 'string',
    help: 'after this the fetch starts no backfill request (closed sessions, the House’s committee Evidence older than two weeks, a dissolved Ontario Parliament’s committee transcripts, BC’s committee transcripts of earlier sessions): a duration from the start (`35m`, `90s`, `2h`) or a UTC time (`2026-12-06T08:00:00Z`); requests in flight finish, the sources left short are reported `partial` and the next run continues them; `none`: no deadline',
  },
  work: {
    flag: '--work',
    env: 'CANPOL_PIPELINE_WORK',
    default: 'data/nightly',
    kind: 'string',
    help: "scratch folder of `canpol pipeline`: the imported bundle, the import report, the candidate data file and the run's report.json/report.md",
  },
  publish: {
    flag: '--publish',
    env: 'CANPOL_PUBLISH_DIR',
    default: 'data/release',
    kind: 'string',
    help: 'release folder: canpol.db (also the previous file whose encoder, vectors and, when unchanged, keyword index the next build reuses), canpol.db.sha256, release.json, report.json',
  },
  scan_websites: {
    flag: '--scan-websites',
    env: 'CANPOL_SCAN_WEBSITES',
    default: 'on',
    kind: 'onoff',
    help: "scan every politician's website before the build: its address, where it is and whose network (offline databases shipped as npm packages), CDN, CMS and sovereignty tier, one page per host (docs/importers.md, docs/api-notes.md); a site that stops answering keeps its last scan and becomes inactive",
  },
  max_shrink: {
    flag: '--max-shrink',
    env: 'CANPOL_MAX_SHRINK',
    default: '0.1',
    kind: 'fraction',
    help: 'largest share of its previous rows a table may lose before the nightly refuses to publish (0.1 = 10 %)',
  },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

type Declared<N extends SettingName> = (typeof SETTINGS)[N];

/** A setting's value as commands use it: numbers for numeric kinds, the allowed strings for choices. */
export type SettingValue<N extends SettingName> =
  Declared<N> extends { kind: 'port' | 'bytes' | 'count' | 'fraction' }
    ? number
    : Declared<N> extends { kind: 'onoff' }
      ? 'on' | 'off'
      : Declared<N> extends { choices: readonly (infer C)[] }
        ? C
        : string;

/** A comma-separated setting as its items; `none` is the empty list. */
export const listSetting = (value: string): string[] =>
  value === 'none'
    ? []
    : value
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);

export type SettingValues = { [N in SettingName]: SettingValue<N> };

const NUMERIC: ReadonlySet<Setting['kind']> = new Set(['port', 'bytes', 'count', 'fraction']);

/** resolveSetting's checked text as its typed value: settings are parsed here once, never again by a command. */
export function readSetting<N extends SettingName>(
  name: N,
  flags: Record<string, string | undefined>,
  env: NodeJS.ProcessEnv,
): SettingValue<N> {
  const text = resolveSetting(name, flags, env);
  return (NUMERIC.has(SETTINGS[name].kind) ? Number(text) : text) as SettingValue<N>;
}

export class SettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingError';
  }
}

/** Flag, else environment variable, else default; checked for its kind. */
export function resolveSetting(name: SettingName, flags: Record<string, string | undefined>, env: NodeJS.ProcessEnv): string {
  const s: Setting = SETTINGS[name];
  // An empty environment variable counts as unset, as shells and process managers often leave them.
  const value = flags[name] ?? (env[s.env] || undefined) ?? s.default;
  if (s.kind === 'port' && !(/^\d{1,5}$/.test(value) && Number(value) <= 65535))
    throw new SettingError(`${s.flag} must be a port number 0-65535, got ${JSON.stringify(value)}`);
  if (s.kind === 'port_or_off' && !(value === 'off' || (/^\d{1,5}$/.test(value) && Number(value) <= 65535)))
    throw new SettingError(`${s.flag} must be a port number 0-65535 or off, got ${JSON.stringify(value)}`);
  if (s.kind === 'bytes' && !/^\d{1,15}$/.test(value))
    throw new SettingError(`${s.flag} must be a whole number of bytes, got ${JSON.stringify(value)}`);
  if (s.kind === 'count' && !/^\d{1,9}$/.test(value))
    throw new SettingError(`${s.flag} must be a whole number, got ${JSON.stringify(value)}`);
  if (s.kind === 'onoff' && value !== 'on' && value !== 'off')
    throw new SettingError(`${s.flag} must be on or off, got ${JSON.stringify(value)}`);
  if (s.kind === 'choice' && !s.choices!.includes(value))
    throw new SettingError(`${s.flag} must be one of ${s.choices!.join(', ')}, got ${JSON.stringify(value)}`);
  if (s.kind === 'fraction' && !/^(0(\.\d+)?|1(\.0+)?)$/.test(value))
    throw new SettingError(`${s.flag} must be a fraction from 0 to 1, got ${JSON.stringify(value)}`);
  if (s.kind === 'label' && !LABEL.test(value))
    throw new SettingError(`${s.flag} must be 1-16 lower-case letters or digits, got ${JSON.stringify(value)}`);
  if (s.kind === 'tiers') {
    const parsed = parseTierLimits(value);
    if (typeof parsed === 'string') throw new SettingError(`${s.flag}: ${parsed}`);
  }
  if (s.kind === 'proxies') {
    try {
      parseTrustedProxies(value);
    } catch (err) {
      if (err instanceof TrustedProxyError) throw new SettingError(`${s.flag}: ${err.message}`);
      throw err;
    }
  }
  if (value === '') throw new SettingError(`${s.flag} must not be empty`);
  return value;
}

const PLACEHOLDER: Record<Setting['kind'], string> = {
  string: 'VALUE',
  port: 'N',
  port_or_off: 'N|off',
  bytes: 'N',
  count: 'N',
  onoff: 'on|off',
  label: 'NAME',
  tiers: 'free=N,dev=N,pro=N',
  proxies: 'LIST',
  fraction: 'F',
  choice: 'VALUE',
};

export function settingsHelp(names: readonly SettingName[]): string {
  const rows = names.map((n) => {
    const s: Setting = SETTINGS[n];
    return [`  ${s.flag} ${s.choices ? s.choices.join('|') : PLACEHOLDER[s.kind]}`, `${s.help} [env ${s.env}, default ${s.default}]`];
  });
  const width = Math.max(...rows.map(([a]) => a.length)) + 2;
  return rows.map(([a, b]) => a.padEnd(width) + b).join('\n');
}

export function settingsMarkdown(): string {
  const lines = [
    '# Configuration',
    '',
    'Generated from `src/cli/settings.ts` by `make docs`; `canpol <command> --help` shows the same table.',
    'A flag wins over its environment variable, which wins over the default.',
    '',
    '| flag | environment | default | meaning |',
    '|---|---|---|---|',
  ];
  for (const s of Object.values(SETTINGS) as Setting[]) lines.push(`| \`${s.flag}\` | \`${s.env}\` | \`${s.default}\` | ${s.help} |`);
  return lines.join('\n');
}
