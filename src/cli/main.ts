// `canpol <command>`: the one entry point. Commands and their settings are declared here and in
// settings.ts, and --help is generated from those declarations.
import { parseArgs } from 'node:util';
import { runStoppableBuild, stoppableBuildCommand } from './commands/build-thread.js';
import { fetchCommand } from './commands/fetch.js';
import { importCommand } from './commands/import.js';
import { infoCommand } from './commands/info.js';
import { keysCommand } from './commands/keys.js';
import { lookupCommand } from './commands/lookup.js';
import { pipelineCommand } from './commands/pipeline.js';
import { SEARCH_OPTIONS, searchCommand } from './commands/search.js';
import { serveCommand } from './commands/serve.js';
import { verifyCommand } from './commands/verify.js';
import { IMPORTERS } from '../../build-db/import/registry.js';
import { runBuildWorker } from '../../build-db/workers/run-worker.js';
import { isBuildWorker, useSourceWorkerEntry } from '../../build-db/workers/start-worker.js';
import { DataFileError } from '../core/data-file/open-data-file.js';
import { versionLine } from '../core/version.js';
import {
  listSetting,
  readSetting,
  SettingError,
  settingsHelp,
  settingsMarkdown,
  SETTINGS,
  type SettingName,
  type SettingValues,
} from './settings.js';

type Values = SettingValues;

const IMPORTER_KINDS = IMPORTERS.map((i) => i.kind);

/** Wrong arguments for a command: main prints the message and the command's help, exit 2. */
class UsageError extends Error {}

interface Command {
  summary: string;
  usage: string;
  settings: readonly SettingName[];
  /** Boolean flags beyond the settings, with their help. */
  switches?: Record<string, string>;
  /** String options beyond the settings (no environment variable, no default), with their help. */
  options?: Record<string, string>;
  /** Help line for positional arguments; commands without it take none. */
  positionals?: string;
  run(
    values: Values,
    extra: { positionals: string[]; switches: Record<string, boolean>; options: Record<string, string | undefined> },
  ): number | Promise<number | void>;
}

const COMMANDS: Record<string, Command> = {
  serve: {
    summary: 'serve the API from a data file',
    usage: 'canpol serve [--data FILE] [--port N] [--host H] [--rate-limit on|off] [--redis URL]',
    settings: [
      'data',
      'port',
      'host',
      'mmap_size',
      'keys',
      'key_prefix',
      'key_env',
      'rate_limit',
      'limit_anonymous',
      'limits_general',
      'limits_semantic',
      'limit_clients',
      'trusted_proxies',
      'redis',
      'log',
      'metrics',
      'shutdown_timeout',
      'watch_interval',
      'verify_data',
      'response_cache',
      'search_cache',
      'memory_ceiling',
      'scan_threads',
      'max_in_flight',
      'max_queue_delay',
      'max_connections',
      'backlog',
      'ops_port',
      'headers_timeout',
      'request_timeout',
      'keep_alive_timeout',
    ],
    run: (s) =>
      serveCommand({
        data: s.data,
        port: s.port,
        host: s.host,
        mmapSize: s.mmap_size,
        keys: s.keys,
        keyPrefix: s.key_prefix,
        keyEnv: s.key_env,
        rateLimit: s.rate_limit,
        limitAnonymous: s.limit_anonymous,
        limitClients: s.limit_clients,
        limitsGeneral: s.limits_general,
        limitsSemantic: s.limits_semantic,
        trustedProxies: s.trusted_proxies,
        redis: s.redis,
        log: s.log,
        metrics: s.metrics,
        shutdownTimeout: s.shutdown_timeout,
        watchInterval: s.watch_interval,
        verifyData: s.verify_data,
        responseCache: s.response_cache,
        searchCache: s.search_cache,
        memoryCeiling: s.memory_ceiling,
        scanThreads: s.scan_threads,
        maxInFlight: s.max_in_flight,
        maxQueueDelay: s.max_queue_delay,
        maxConnections: s.max_connections,
        backlog: s.backlog,
        opsPort: s.ops_port === 'off' ? null : Number(s.ops_port),
        headersTimeout: s.headers_timeout,
        requestTimeout: s.request_timeout,
        keepAliveTimeout: s.keep_alive_timeout,
      }),
  },
  keys: {
    summary: 'mint, list and revoke API keys (only their hashes are stored, in the key store)',
    usage: 'canpol keys create --name NAME --tier free|dev|pro\n       canpol keys list\n       canpol keys revoke ID',
    settings: ['data', 'keys', 'key_prefix', 'key_env'],
    options: { name: 'who or what the key is for (create)', tier: 'free, dev or pro (create)' },
    positionals: 'actions: create, list, revoke ID',
    run: (s, { positionals: [action, ...args], options }) =>
      keysCommand({
        action,
        args,
        name: options.name,
        tier: options.tier,
        data: s.data,
        keys: s.keys,
        keyPrefix: s.key_prefix,
        keyEnv: s.key_env,
      }),
  },
  build: {
    summary: 'compile a source bundle into a data file',
    usage:
      'canpol build [--sources DIR] [--out FILE] [--reuse PREVIOUS_FILE] [--encoder-model FILE --encoder-tokenizer FILE] [--build-workers on|off]',
    settings: ['sources', 'out', 'reuse', 'encoder_model', 'encoder_tokenizer', 'encoder_prefixes', 'build_workers'],
    run: (s) =>
      stoppableBuildCommand({
        sources: s.sources,
        out: s.out,
        reuse: s.reuse,
        encoderModel: s.encoder_model,
        encoderTokenizer: s.encoder_tokenizer,
        encoderPrefixes: s.encoder_prefixes,
        buildWorkers: s.build_workers,
      }),
  },
  import: {
    summary: 'turn upstream files into a source bundle (one importer, or --all over a datasets folder)',
    usage:
      'canpol import <importer...> --from PATH [--into DIR] [--report FILE] [--skip-boundary-sets SLUG,...] [--commercial-only on]\n       canpol import --all [--leave-out IMPORTER,...] [--from DATASETS_DIR] [--into DIR] [--report FILE] [--skip-boundary-sets SLUG,...] [--commercial-only on]',
    settings: ['from', 'into', 'report', 'skip_boundary_sets', 'leave_out', 'commercial_only'],
    switches: { all: 'run every importer, each on its folder under --from' },
    positionals: `importers: ${IMPORTER_KINDS.join(', ')}`,
    run: (s, { positionals, switches }) =>
      importCommand({
        kinds: positionals,
        all: Boolean(switches.all),
        from: s.from,
        into: s.into,
        report: s.report,
        skipSets: listSetting(s.skip_boundary_sets),
        commercialOnly: s.commercial_only === 'on',
        leaveOut: listSetting(s.leave_out),
      }),
  },
  info: {
    summary: 'print the build record of a data file as JSON',
    usage: 'canpol info [--data FILE]',
    settings: ['data'],
    run: (s) => infoCommand({ data: s.data }),
  },
  verify: {
    summary: 'check a data file: SQLite integrity, build record, schema version, row counts (JSON; exit 1 when unsound)',
    usage: 'canpol verify FILE\n       canpol verify --data FILE',
    settings: ['data'],
    positionals: 'FILE: the data file to check (else --data)',
    run: (s, { positionals }) => verifyCommand({ file: positionals[0] ?? s.data }),
  },
  lookup: {
    summary: 'representatives of a postcode, or the ridings at a point, from the data file without a server (JSON)',
    usage: 'canpol lookup POSTCODE [--data FILE]\n       canpol lookup LAT,LNG [--level LEVEL] [--data FILE]',
    settings: ['data'],
    options: { level: 'only the riding of this level: federal, provincial or municipal (LAT,LNG only)' },
    positionals:
      'POSTCODE: K1A0A6, "K1A 0A6", K1A-0A6 or an FSA (K1A): the body of GET /postcodes/{postcode}/representatives\n' +
      'LAT,LNG: a point such as 45.42,-75.70: the body of GET /boundaries/lookup?lat=&lng=\n' +
      "Prints the API's JSON (2-space indented); exit 1 with the API's error JSON when it refuses the input.",
    run: (s, { positionals, options }) => {
      if (positionals.join('').trim() === '') throw new UsageError('a POSTCODE or LAT,LNG is required');
      return lookupCommand({ data: s.data, query: positionals.join(' '), level: options.level });
    },
  },
  search: {
    summary: 'search the speeches (keyword + semantic) from the data file without a server (JSON)',
    usage: 'canpol search "QUERY" [--lang any|en|fr] [--limit N] [--page N] [--data FILE] [filters...]',
    settings: ['data'],
    options: SEARCH_OPTIONS,
    positionals:
      'QUERY: the words to search for (the body of GET /search/speeches?q=QUERY&...); without it, the newest speeches matching the filters\n' +
      "Prints the API's JSON (2-space indented); exit 1 with the API's error JSON when it refuses a parameter.",
    run: (s, { positionals, options }) => {
      const query = positionals.join(' ');
      // Without a query the endpoint lists the newest speeches matching the filters (or refuses).
      if (query.trim() === '' && Object.values(options).every((v) => v === undefined))
        throw new UsageError('a QUERY, --anchor-chunk-id or a filter is required');
      return searchCommand({ data: s.data, query, params: options });
    },
  },
  fetch: {
    summary: 'download every upstream source of the manifest into the fetch cache (conditional, retried, checked)',
    usage: 'canpol fetch [--manifest FILE] [--cache DIR] [--upstream-mirror URL] [--since DATE] [--deadline WHEN] [SOURCE_ID...]',
    settings: ['manifest', 'cache', 'upstream_mirror', 'since', 'deadline'],
    positionals: 'SOURCE_ID...: only these sources of the manifest (default: all)',
    run: (s, { positionals }) =>
      fetchCommand({
        manifest: s.manifest,
        cache: s.cache,
        mirror: s.upstream_mirror,
        since: s.since,
        deadline: s.deadline,
        only: positionals,
      }),
  },
  pipeline: {
    summary: 'the nightly: fetch, import, build reusing the last release, verify, guard, publish, report',
    usage:
      'canpol pipeline [--manifest FILE] [--cache DIR] [--work DIR] [--publish DIR] [--max-shrink F] [--rebuild] [--build-workers on|off]',
    settings: [
      'manifest',
      'cache',
      'upstream_mirror',
      'since',
      'deadline',
      'work',
      'publish',
      'max_shrink',
      'build_workers',
      'scan_websites',
    ],
    switches: { rebuild: "build even when every upstream file and the code are the same as the last release's" },
    run: (s, { switches }) =>
      pipelineCommand({
        manifest: s.manifest,
        cache: s.cache,
        mirror: s.upstream_mirror,
        since: s.since,
        deadline: s.deadline,
        work: s.work,
        publish: s.publish,
        maxShrink: s.max_shrink,
        rebuild: Boolean(switches.rebuild),
        buildWorkers: s.build_workers,
        scanWebsites: s.scan_websites === 'on',
      }),
  },
  'settings-doc': {
    summary: 'print the settings table as Markdown (docs/configuration.md)',
    usage: 'canpol settings-doc',
    settings: [],
    run: () => {
      console.log(settingsMarkdown());
      return 0;
    },
  },
};

function mainHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length)) + 2;
  return [
    'canpol: the Canadian political data API',
    '',
    'usage: canpol <command> [options]',
    '',
    'commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}${c.summary}`),
    '',
    'canpol <command> --help shows the options of a command; canpol --version the release and data file schema version.',
  ].join('\n');
}

function commandHelp(name: string, c: Command): string {
  return [
    `canpol ${name}: ${c.summary}`,
    '',
    `usage: ${c.usage}`,
    ...(c.positionals ? ['', c.positionals] : []),
    '',
    'options:',
    ...(c.settings.length ? [settingsHelp(c.settings)] : []),
    ...Object.entries(c.options ?? {}).map(([flag, help]) => `  --${flag} VALUE  ${help}`),
    ...Object.entries(c.switches ?? {}).map(([flag, help]) => `  --${flag}  ${help}`),
    '  --help  show this help',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(mainHelp());
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    console.log(versionLine());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    // Operator errors are one line; the help is one command away, not a screen of it.
    console.error(`canpol: unknown command ${JSON.stringify(name)} (see canpol --help)`);
    return 2;
  }
  const options = Object.fromEntries([
    ...command.settings.map((s) => [SETTINGS[s].flag.slice(2), { type: 'string' as const }]),
    ...Object.keys(command.switches ?? {}).map((flag) => [flag, { type: 'boolean' as const }]),
    ...Object.keys(command.options ?? {}).map((flag) => [flag, { type: 'string' as const }]),
    ['help', { type: 'boolean' as const, short: 'h' }],
  ]);
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: Boolean(command.positionals), strict: true }) as typeof parsed;
  } catch (err) {
    console.error(`canpol ${name}: ${(err as Error).message} (see canpol ${name} --help)`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(commandHelp(name, command));
    return 0;
  }
  try {
    const flags = Object.fromEntries(command.settings.map((s) => [s, parsed.values[SETTINGS[s].flag.slice(2)] as string | undefined]));
    // Only the command's own settings are read; its run() names no other.
    const values = Object.fromEntries(command.settings.map((s) => [s, readSetting(s, flags, process.env)])) as unknown as Values;
    const switches = Object.fromEntries(Object.keys(command.switches ?? {}).map((f) => [f, parsed.values[f] === true]));
    const opts = Object.fromEntries(Object.keys(command.options ?? {}).map((f) => [f, parsed.values[f] as string | undefined]));
    const code = await command.run(values, { positionals: parsed.positionals, switches, options: opts });
    return typeof code === 'number' ? code : -1;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`canpol ${name}: ${err.message} (see canpol ${name} --help)`);
      return 2;
    }
    if (err instanceof SettingError || err instanceof DataFileError) {
      console.error(`canpol ${name}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

// A build worker thread of the bundle or the binary runs this same file: it runs its task instead
// of a command (build-db/workers/start-worker.ts). -1 means "keep running" (a server).
if (isBuildWorker()) runBuildWorker({ build: runStoppableBuild });
else {
  // From source, worker threads start from the CLI's entry, which knows the CLI's tasks too.
  if (import.meta.url.endsWith('.ts')) useSourceWorkerEntry(new URL('./worker-entry.ts', import.meta.url));
  main(process.argv.slice(2)).then((code) => {
    if (code >= 0) process.exitCode = code;
  });
}
