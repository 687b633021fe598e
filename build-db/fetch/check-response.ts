// The checks a 200 response passes before it may replace the cached copy: content type, size and
// format. Gzipped cache names (the importers read `*.xml.gz`) are stored gzipped whatever the
// publisher sends, and checked decompressed.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ManifestSource } from './manifest-types.js';
import { parseProblem } from './parse-check.js';

const isGzip = (b: Buffer) => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;

export type Checked = { ok: true; stored: Buffer } | { ok: false; problem: string };

export function checkResponse(source: ManifestSource, path: string, contentType: string | null, body: Buffer): Checked {
  const check = source.check ?? {};
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  // Shapefile members and gzip payloads are binary: publishers label them every which way.
  if (check.content_types?.length && !check.content_types.some((t) => type.startsWith(t.toLowerCase()))) {
    return { ok: false, problem: `content type ${type || '(none)'} is not ${check.content_types.join(' or ')}` };
  }
  let plain = body;
  let stored = body;
  if (path.endsWith('.gz')) {
    if (isGzip(body)) {
      try {
        plain = gunzipSync(body);
      } catch (err) {
        return { ok: false, problem: `gzip body unreadable: ${(err as Error).message}` };
      }
    } else stored = gzipSync(body);
  }
  if (check.min_bytes !== undefined && plain.length < check.min_bytes)
    return { ok: false, problem: `${plain.length} bytes, fewer than the ${check.min_bytes} expected` };
  if (check.max_bytes !== undefined && plain.length > check.max_bytes)
    return { ok: false, problem: `${plain.length} bytes, more than the ${check.max_bytes} allowed` };
  const problem = parseProblem(source.format, path.replace(/\.gz$/, ''), plain, check);
  return problem ? { ok: false, problem: `does not parse as ${source.format}: ${problem}` } : { ok: true, stored };
}
