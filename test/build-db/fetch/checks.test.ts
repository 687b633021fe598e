// Unit checks of the fetcher's pieces on inputs written here: manifest, parse checks, backoff.
import { describe, expect, test } from 'bun:test';
import { gzipSync } from 'node:zlib';
import { checkResponse } from '../../../build-db/fetch/check-response.js';
import type { ManifestSource } from '../../../build-db/fetch/manifest-types.js';
import { expandUrl, mirrored, parseManifest } from '../../../build-db/fetch/read-manifest.js';
import { backoffDelay, retryableStatus } from '../../../build-db/fetch/retry.js';
import { IMPORTERS } from '../../../build-db/import/registry.js';
import { repoManifest } from '../../helpers/nightly-manifest.js';

const source = (over: Partial<ManifestSource>): ManifestSource => ({
  id: 's',
  publisher: 'p',
  format: 'xml',
  licence: 'l',
  attribution: 'a',
  importer: null,
  dataset_dir: 'd',
  required: true,
  files: [{ path: 'f.xml', url: 'https://x.test/f' }],
  ...over,
});

describe('the sources manifest', () => {
  test('the repo manifest is valid and names only real importers and their folders', () => {
    const m = repoManifest();
    const kinds = new Map(IMPORTERS.map((i) => [i.kind, i.datasetDir]));
    for (const s of m.sources) if (s.importer) expect({ id: s.id, known: kinds.has(s.importer) }).toEqual({ id: s.id, known: true });
    // Every importer's own folder is filled by some source (the NAR one disabled: a ZIP release).
    for (const [kind, dir] of kinds) expect({ kind, listed: m.sources.some((s) => s.dataset_dir === dir) }).toEqual({ kind, listed: true });
    const legisinfo = m.sources.find((s) => s.id === 'legisinfo-bills-xml')!.discover!;
    expect(legisinfo.kind === 'index-list' && legisinfo.index.url).toBe(
      'https://www.parl.ca/legisinfo/en/bills/xml?parlsession={parliament}-{session}',
    );
    // No placeholder host left in any enabled source (files, discovery templates).
    for (const s of m.sources.filter((x) => x.enabled !== false))
      expect({ id: s.id, placeholder: JSON.stringify(s).includes('canpol.example') }).toEqual({ id: s.id, placeholder: false });
  });

  test('every mistake is reported at once', () => {
    const r = parseManifest(
      JSON.stringify({
        version: 2,
        user_agent: 'x',
        sources: [{ id: 'Bad Id', files: [{ path: '../x', url: 'ftp://a' }] }, { id: 'Bad Id' }],
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toContain('version must be 1');
    expect(r.problems).toContain('sources[0] (Bad Id): id must be lower-case letters, digits and dashes');
    expect(r.problems).toContain('sources[0] (Bad Id).files[0]: path must be relative, without ..');
    expect(r.problems).toContain('sources[0] (Bad Id).files[0]: url must be http(s)');
    expect(r.problems).toContain('source id Bad Id is used twice');
  });

  test('URL templates and the mirror layout', () => {
    expect(expandUrl('https://www.parl.ca/legisinfo/en/bills/xml?parlsession={parliament}-{session}', { parliament: 45, session: 1 })).toBe(
      'https://www.parl.ca/legisinfo/en/bills/xml?parlsession=45-1',
    );
    expect(mirrored('https://www.parl.ca/a/b?x=1', 'http://127.0.0.1:9/')).toBe('http://127.0.0.1:9/www.parl.ca/a/b?x=1');
    expect(mirrored('https://www.parl.ca/a', null)).toBe('https://www.parl.ca/a');
  });
});

describe('response checks', () => {
  const xml = '<?xml version="1.0"?>\n<Root><A/></Root>\n';
  test('content type, size and format', () => {
    const s = source({ check: { content_types: ['application/xml'], root: 'Root', min_bytes: 10 } });
    expect(checkResponse(s, 'f.xml', 'application/xml; charset=utf-8', Buffer.from(xml)).ok).toBe(true);
    expect(checkResponse(s, 'f.xml', 'text/html', Buffer.from(xml))).toEqual({
      ok: false,
      problem: 'content type text/html is not application/xml',
    });
    expect(checkResponse(s, 'f.xml', 'application/xml', Buffer.from('<Root/>'))).toEqual({
      ok: false,
      problem: '7 bytes, fewer than the 10 expected',
    });
    expect(checkResponse(s, 'f.xml', 'application/xml', Buffer.from(xml.slice(0, 30)))).toEqual({
      ok: false,
      problem: 'does not parse as xml: <Root> is not closed (truncated?)',
    });
  });

  test('a .gz cache name stores gzip whatever is served, and checks the plain text', () => {
    const s = source({});
    const plain = checkResponse(s, 'f.xml.gz', null, Buffer.from(xml));
    expect(plain.ok && plain.stored[0] === 0x1f && plain.stored[1] === 0x8b).toBe(true);
    const gz = gzipSync(Buffer.from(xml));
    expect(checkResponse(s, 'f.xml.gz', null, gz)).toEqual({ ok: true, stored: gz });
    expect(checkResponse(s, 'f.xml.gz', null, gz.subarray(0, gz.length - 6)).ok).toBe(false);
  });

  test('jsonl, csv, geojson and shapefile members', () => {
    expect(checkResponse(source({ format: 'jsonl' }), 'a.jsonl', null, Buffer.from('{"a":1}\n{"a":')).ok).toBe(false);
    expect(
      checkResponse(source({ format: 'csv', check: { columns: ['fsa'] } }), 'a.csv', null, Buffer.from('"fsa",city\nA0A,x\n')).ok,
    ).toBe(true);
    expect(checkResponse(source({ format: 'geojson' }), 'a.geojson', null, Buffer.from('{"type":"Feature"}'))).toEqual({
      ok: false,
      problem: 'does not parse as geojson: not a GeoJSON FeatureCollection',
    });
    const shp = Buffer.alloc(100);
    shp.writeInt32BE(9994, 0);
    expect(checkResponse(source({ format: 'shapefile' }), 'x/a.shp', null, shp).ok).toBe(true);
    expect(checkResponse(source({ format: 'shapefile' }), 'x/a.shp', null, Buffer.from('<html>moved</html>')).ok).toBe(false);
    // represent-boundaries/original/ocd-division/country_ca/csd_3520005/2018/WARD_WGS84.prj starts "GEOGCS [" (od -c)
    expect(checkResponse(source({ format: 'shapefile' }), 'x/a.prj', null, Buffer.from('GEOGCS ["WGS 84", DATUM["x"]]')).ok).toBe(true);
  });
});

describe('retries', () => {
  test('which statuses are retried', () => {
    expect([500, 502, 503, 429, 408].every(retryableStatus)).toBe(true);
    expect([400, 403, 404, 410].some(retryableStatus)).toBe(false);
  });
  test('backoff doubles per attempt, jittered into the upper half, capped', () => {
    const p = { retries: 5, backoffMs: 100, maxBackoffMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((a) => backoffDelay(a, { ...p, random: () => 0 }))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((a) => backoffDelay(a, { ...p, random: () => 1 }))).toEqual([100, 200, 400, 800, 1000]);
  });
});
