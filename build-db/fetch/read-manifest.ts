// Reads and checks the sources manifest. Problems are returned, not thrown, so `canpol fetch`
// can list every mistake in the file at once.
import { readFileSync } from 'node:fs';
import { archiveAt } from './archive/github-archive.js';
import { ASSEMBLERS } from './assemblers.js';
import { LISTERS } from './listers.js';
import type { FetchDefaults, ManifestSource, SourcesManifest } from './manifest-types.js';

const FORMATS = ['xml', 'html', 'json', 'jsonl', 'jsonp', 'geojson', 'csv', 'text', 'shapefile', 'pdf'];
const DEFAULTS: FetchDefaults = { timeout_ms: 60_000, retries: 3, backoff_ms: 1_000, per_host: 2, spacing_ms: 0 };
const DISCOVER_KINDS = ['numbered', 'per-session', 'index-list', 'html-chain'];
const SESSION = /^\d{1,2}-\d$/;
const ID = /^[a-z0-9][a-z0-9-]*$/;

export type ManifestRead = { ok: true; manifest: SourcesManifest } | { ok: false; problems: string[] };

function checkSource(s: ManifestSource, i: number, problems: string[]): void {
  const at = `sources[${i}]${typeof s?.id === 'string' ? ` (${s.id})` : ''}`;
  if (typeof s !== 'object' || s === null) {
    problems.push(`${at}: must be an object`);
    return;
  }
  if (typeof s.id !== 'string' || !ID.test(s.id)) problems.push(`${at}: id must be lower-case letters, digits and dashes`);
  for (const f of ['publisher', 'licence', 'attribution', 'dataset_dir'] as const) {
    if (typeof s[f] !== 'string' || !s[f]) problems.push(`${at}: ${f} must be a non-empty string`);
  }
  if (!FORMATS.includes(s.format)) problems.push(`${at}: format must be one of ${FORMATS.join(', ')}`);
  if (s.importer !== null && typeof s.importer !== 'string') problems.push(`${at}: importer must be an importer kind or null`);
  if (typeof s.required !== 'boolean') problems.push(`${at}: required must be true or false`);
  if (s.discover !== undefined) {
    if (!DISCOVER_KINDS.includes(s.discover?.kind)) problems.push(`${at}: discover.kind must be one of ${DISCOVER_KINDS.join(', ')}`);
    const templates =
      s.discover?.kind === 'index-list'
        ? [s.discover.index, s.discover.detail]
        : s.discover?.kind === 'html-chain'
          ? [s.discover.start]
          : (s.discover as { files?: unknown[] })?.files;
    if (s.discover?.kind === 'index-list' && (typeof s.discover.item !== 'string' || typeof s.discover.key !== 'string'))
      problems.push(`${at}: discover.item and discover.key must name the list's elements`);
    if (
      !Array.isArray(templates) ||
      !templates.length ||
      templates.some((f) => typeof (f as { url?: unknown })?.url !== 'string' || typeof (f as { path?: unknown })?.path !== 'string')
    )
      problems.push(`${at}: discover needs file templates with path and url`);
  }
  if (!Array.isArray(s.files) || (!s.files.length && !s.discover)) {
    problems.push(`${at}: files must be a non-empty array`);
    return;
  }
  s.files.forEach((f, j) => {
    if (typeof f?.path !== 'string' || !f.path || f.path.startsWith('/') || f.path.split('/').includes('..'))
      problems.push(`${at}.files[${j}]: path must be relative, without ..`);
    if (typeof f?.url !== 'string' || !/^https?:\/\//.test(f.url)) problems.push(`${at}.files[${j}]: url must be http(s)`);
    if (f?.list_with !== undefined && !LISTERS[f.list_with])
      problems.push(`${at}.files[${j}]: list_with must be one of ${Object.keys(LISTERS).join(', ')}`);
    if (
      f?.graphql !== undefined &&
      !(
        typeof f.graphql?.query === 'string' &&
        /^[A-Za-z_]\w*$/.test(f.graphql?.operationName ?? '') &&
        f.graphql.query.includes(f.graphql.operationName)
      )
    )
      problems.push(`${at}.files[${j}]: graphql needs a query and the operationName it names`);
  });
  if (s.min_interval_ms !== undefined && !(Number.isInteger(s.min_interval_ms) && s.min_interval_ms >= 0))
    problems.push(`${at}: min_interval_ms must be a whole number of milliseconds >= 0`);
  if (
    s.list_from &&
    !s.files.some((f) => f.path === s.list_from!.file) &&
    !(s.assemble && ASSEMBLERS[s.assemble]?.output === s.list_from.file)
  )
    problems.push(`${at}: list_from.file must be one of its files or the file it assembles`);
  if (s.list_from && !LISTERS[s.list_from.lister])
    problems.push(`${at}: list_from.lister must be one of ${Object.keys(LISTERS).join(', ')}`);
  if (s.archive !== undefined) {
    // Only a listed source's files are taken from an archive (discovered ones are probed one by one).
    if (s.discover) problems.push(`${at}: archive is for sources without discover`);
    if (typeof s.archive?.url !== 'string' || !archiveAt(s.archive.url))
      problems.push(`${at}: archive.url must be https://codeload.github.com/OWNER/REPO/tar.gz/<40-hex commit>`);
    for (const f of ['timeout_ms', 'max_bytes'] as const)
      if (s.archive?.[f] !== undefined && !(Number.isInteger(s.archive[f]) && s.archive[f]! > 0))
        problems.push(`${at}: archive.${f} must be a whole number > 0`);
  }
  if (s.assemble !== undefined && !ASSEMBLERS[s.assemble])
    problems.push(`${at}: assemble must be one of ${Object.keys(ASSEMBLERS).join(', ')}`);
}

export function parseManifest(text: string): ManifestRead {
  let raw: Partial<SourcesManifest>;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, problems: [`not JSON: ${(err as Error).message}`] };
  }
  const problems: string[] = [];
  if (raw.version !== 1) problems.push('version must be 1');
  if (typeof raw.user_agent !== 'string' || raw.user_agent.length < 10)
    problems.push('user_agent must describe the client (name, version, contact URL)');
  if (
    raw.sessions !== undefined &&
    (!Array.isArray(raw.sessions) || raw.sessions.some((x) => !SESSION.test(x?.id) || !/^\d{4}-\d\d-\d\d$/.test(x?.opened)))
  )
    problems.push('sessions must be [{id: "44-1", opened: "YYYY-MM-DD"}, …]');
  if (!Array.isArray(raw.sources)) problems.push('sources must be an array');
  else raw.sources.forEach((s, i) => checkSource(s, i, problems));
  const ids = (raw.sources ?? []).map((s) => s?.id);
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) problems.push(`source id ${id} is used twice`);
  if (problems.length) return { ok: false, problems };
  return { ok: true, manifest: { ...(raw as SourcesManifest), defaults: { ...DEFAULTS, ...(raw.defaults ?? {}) } } };
}

export function readManifest(path: string): ManifestRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    return { ok: false, problems: [`cannot read ${path}: ${(err as Error).message}`] };
  }
  return parseManifest(text);
}

/** `{name}` placeholders filled from params; a placeholder without a value is left for the check to catch. */
export function expandUrl(template: string, params: Record<string, string | number> = {}, encode = encodeURIComponent): string {
  return template.replace(/\{([a-z][a-z0-9_]*)\}/g, (all, name: string) => (name in params ? encode(String(params[name])) : all));
}

/** https://HOST/PATH → MIRROR/HOST/PATH: fetch every source through a mirror (tests, air-gapped CI). */
export function mirrored(url: string, mirror: string | null): string {
  if (!mirror) return url;
  const u = new URL(url);
  return `${mirror.replace(/\/$/, '')}/${u.host}${u.pathname}${u.search}`;
}
