// Does the body still look like the format the importer expects? A publisher that changes a
// format without notice must not replace the last good copy; the importer would skip everything.
import { getElementsByTagName, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { SourceCheck, SourceFormat } from './manifest-types.js';
import { unwrapJsonp } from './parlinfo/jsonp.js';

/** null when the text parses as `format`, else what is wrong. `path` picks the shapefile member. */
export function parseProblem(format: SourceFormat, path: string, bytes: Buffer, check: SourceCheck = {}): string | null {
  if (format === 'shapefile') return shapefileProblem(path, bytes);
  if (format === 'pdf') return bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? null : 'not a PDF (no %PDF- header)';
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trim()) return 'empty';
  switch (format) {
    case 'json':
      return jsonProblem(text, () => null);
    case 'geojson':
      return jsonProblem(text, (v) =>
        (v as { type?: string })?.type === 'FeatureCollection' && Array.isArray((v as { features?: unknown }).features)
          ? null
          : 'not a GeoJSON FeatureCollection',
      );
    case 'jsonl':
      return jsonlProblem(text);
    case 'jsonp':
      return unwrapJsonp(text).problem;
    case 'xml':
      return xmlProblem(text, check.root) ?? xmlContentProblem(text, check);
    case 'html':
      // A widget's answer is a fragment (the House's session calendar: a table), not a whole page.
      return /<(html|body|p|div|table)\b/i.test(text.slice(0, 200_000)) ? null : 'no HTML markup';
    case 'csv':
      return csvProblem(text, check.columns ?? []);
    case 'text':
      return null;
  }
}

function jsonProblem(text: string, shape: (v: unknown) => string | null): string | null {
  try {
    return shape(JSON.parse(text));
  } catch (err) {
    return `not JSON: ${(err as Error).message}`;
  }
}

/** Every line must parse: a cut body leaves a broken last line. */
function jsonlProblem(text: string): string | null {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    try {
      JSON.parse(lines[i]);
    } catch {
      return `line ${i + 1} is not JSON`;
    }
  }
  return null;
}

function xmlProblem(text: string, root?: string): string | null {
  if (!/^\s*</.test(text)) return 'not XML';
  const doc = parseDocument(text, { xmlMode: true });
  const first = doc.children.find((n) => n.type === 'tag') as { name?: string } | undefined;
  if (!first) return 'no root element';
  if (root && first.name !== root) return `root element is <${first.name}>, expected <${root}>`;
  // A body cut short leaves the root unclosed: the closing tag must be the last thing in the file.
  if (!new RegExp(`</${first.name}>\\s*$`).test(text)) return `<${first.name}> is not closed (truncated?)`;
  return null;
}

/** The element counts and field values the check asks for (parsed again: only checked files pay). */
function xmlContentProblem(text: string, check: SourceCheck): string | null {
  if (!check.min_elements && !check.fields_equal) return null;
  const doc = parseDocument(text, { xmlMode: true });
  for (const [name, min] of Object.entries(check.min_elements ?? {})) {
    const n = getElementsByTagName(name, doc.children, true).length;
    if (n < min) return `${n} <${name}> element(s), fewer than the ${min} expected`;
  }
  for (const [name, want] of Object.entries(check.fields_equal ?? {})) {
    const other = getElementsByTagName(name, doc.children, true)
      .map((e) => textContent(e).trim())
      .find((v) => v !== want);
    if (other !== undefined) return `<${name}> is ${other}, expected ${want}`;
  }
  return null;
}

function csvProblem(text: string, columns: string[]): string | null {
  const header = text
    .slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'))
    .replace(/\r$/, '')
    .split(',')
    .map((c) => c.trim().replace(/^"|"$/g, ''));
  const missing = columns.filter((c) => !header.includes(c));
  return missing.length ? `header lacks ${missing.join(', ')}` : null;
}

/** The fixed magic numbers of the shapefile members; .prj and .cpg are text. */
function shapefileProblem(path: string, bytes: Buffer): string | null {
  const ext = path.toLowerCase().slice(path.lastIndexOf('.'));
  if (ext === '.shp' || ext === '.shx')
    return bytes.length >= 100 && bytes.readInt32BE(0) === 9994 ? null : `not a shapefile ${ext} (bad header)`;
  if (ext === '.dbf')
    return bytes.length >= 32 && [0x02, 0x03, 0x30, 0x31, 0x83, 0x8b, 0xf5].includes(bytes[0]) ? null : 'not a dBASE file';
  if (ext === '.prj') return /^\s*(PROJCS|GEOGCS|GEOGCRS|PROJCRS)\s*\[/.test(bytes.toString('utf8')) ? null : 'not a WKT projection';
  return bytes.length ? null : 'empty';
}
