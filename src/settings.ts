// Every setting declared once: the CLI flags, environment variables, --help and
// docs/configuration.md are all generated from this table.

export interface Setting {
  flag: string;
  env: string;
  default: string;
  help: string;
  kind: 'string' | 'port' | 'bytes';
}

export const SETTINGS = {
  data: { flag: '--data', env: 'CANPOL_DATA', default: 'data/canpol.db', kind: 'string', help: 'the data file to serve (opened read-only)' },
  port: { flag: '--port', env: 'PORT', default: '8080', kind: 'port', help: 'TCP port to listen on (0 picks a free one)' },
  host: { flag: '--host', env: 'CANPOL_HOST', default: '127.0.0.1', kind: 'string', help: 'address to listen on; 0.0.0.0 for every interface' },
  mmap_size: { flag: '--mmap-size', env: 'CANPOL_MMAP_SIZE', default: '1073741824', kind: 'bytes', help: 'bytes of the data file to memory-map' },
  sources: { flag: '--sources', env: 'CANPOL_SOURCES', default: 'data/demo', kind: 'string', help: 'source bundle folder to compile (docs/source-format.md)' },
  from: { flag: '--from', env: 'CANPOL_IMPORT_FROM', default: '../shared/datasets', kind: 'string', help: 'upstream files to import: the datasets folder for `import --all`, else the folder of that one source' },
  into: { flag: '--into', env: 'CANPOL_IMPORT_INTO', default: 'data/real', kind: 'string', help: 'source bundle folder the importers write their parts into' },
  report: { flag: '--report', env: 'CANPOL_IMPORT_REPORT', default: 'data/import-report.json', kind: 'string', help: 'JSON report of every record skipped or unlinked, with file, record and reason' },
  out: { flag: '--out', env: 'CANPOL_OUT', default: 'data/canpol.db', kind: 'string', help: 'data file to write; replaced only when the build succeeds' },
  reuse: { flag: '--reuse', env: 'CANPOL_REUSE', default: 'none', kind: 'string', help: 'a previous data file: its search encoder is kept and the vectors of chunks whose text is unchanged are copied instead of embedded; `none` learns the encoder and embeds everything' },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

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
  if (s.kind === 'port' && !(/^\d{1,5}$/.test(value) && Number(value) <= 65535)) throw new SettingError(`${s.flag} must be a port number 0-65535, got ${JSON.stringify(value)}`);
  if (s.kind === 'bytes' && !/^\d{1,15}$/.test(value)) throw new SettingError(`${s.flag} must be a whole number of bytes, got ${JSON.stringify(value)}`);
  if (value === '') throw new SettingError(`${s.flag} must not be empty`);
  return value;
}

export function settingsHelp(names: readonly SettingName[]): string {
  const rows = names.map((n) => {
    const s: Setting = SETTINGS[n];
    return [`  ${s.flag} ${s.kind === 'string' ? 'VALUE' : 'N'}`, `${s.help} [env ${s.env}, default ${s.default}]`];
  });
  const width = Math.max(...rows.map(([a]) => a.length)) + 2;
  return rows.map(([a, b]) => a.padEnd(width) + b).join('\n');
}

export function settingsMarkdown(): string {
  const lines = ['# Configuration', '', 'Generated from `src/settings.ts` by `make docs`; `canpol <command> --help` shows the same table.',
    'A flag wins over its environment variable, which wins over the default.', '',
    '| flag | environment | default | meaning |', '|---|---|---|---|'];
  for (const s of Object.values(SETTINGS) as Setting[]) lines.push(`| \`${s.flag}\` | \`${s.env}\` | \`${s.default}\` | ${s.help} |`);
  return lines.join('\n');
}
