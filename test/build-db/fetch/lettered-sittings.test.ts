// Lettered sittings (No. 128-B) against the loopback upstream: the session's DocumentViewer calendar
// names them, each one's page links its XML, and the numbered probing goes on whatever the calendar
// does. The calendar and sitting pages are hand-written in the layout a public importer reads (no saved
// copy exists); the XML is a real sitting's, its printed number made lettered.
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readFullState } from '../../../build-db/fetch/cache-state.js';
import { calendarLinks, xmlLink } from '../../../build-db/fetch/discover/sitting-calendar.js';
import { runFetch, type FetchReport } from '../../../build-db/fetch/run-fetch.js';
import { DATASETS } from '../../helpers/nightly-manifest.js';
import { discoveryManifest, publishCalendar, publishLetteredSitting, publishSitting } from '../../helpers/publisher-folder.js';
import type { Upstream } from '../../helpers/upstream-server.js';
import { loopbackPublisher } from '../../helpers/loopback-publisher.js';

const HAVE = existsSync(DATASETS);
setDefaultTimeout(30_000);
const CAL = (p: number, s: number) =>
  `/www.ourcommons.ca/DocumentViewer/en/SessionPublicationCalendarsWidget?organization=HOC&publicationTypeId=37&parliament=${p}&session=${s}`;
const files = (r: FetchReport) =>
  r.sources
    .find((s) => s.id === 'hoc-debates')!
    .files.map((f) => f.file)
    .sort();

describe('calendar links', () => {
  const cal = { select: 'td a', pattern: '/sitting-(\\d+[a-z])/' };
  test('only lettered sittings, each once, lower case; the XML link resolved against the page', () => {
    const html =
      '<table><tr><td><a href="/DocumentViewer/en/44-1/house/sitting-128/hansard">128</a></td>' +
      '<td><a href="/DocumentViewer/en/44-1/house/sitting-128B/hansard">128-B</a></td>' +
      '<td><a href="/DocumentViewer/en/44-1/house/sitting-128b/journals">J</a></td></tr></table><a href="/x/sitting-7c/">out of a cell</a>';
    expect(calendarLinks(html, cal)).toEqual([{ label: '128b', href: '/DocumentViewer/en/44-1/house/sitting-128B/hansard' }]);
    expect(
      xmlLink('<a class="btn btn-export-xml hidden-xs" href="/Content/X-E.XML">XML</a>', 'a.btn-export-xml', 'https://h.example/a/b'),
    ).toBe('https://h.example/Content/X-E.XML');
    expect(xmlLink('<a class="btn">XML</a>', 'a.btn-export-xml', 'https://h.example/')).toBeNull();
  });
});

describe.skipIf(!HAVE)('lettered sittings from the session calendar (loopback upstream)', () => {
  let up: Upstream;
  let root: string;
  let cache: string;
  const manifest = discoveryManifest();
  const run = () => runFetch({ manifest, cache, mirror: up.mirror });
  const requested = (path: string) => up.requests.filter((r) => r.path === path);

  loopbackPublisher(manifest, 'lettered', (p) => {
    ({ up, root, cache } = p);
  });

  test('a lettered sitting published between two nights is found from the calendar, its XML from its page', async () => {
    for (const n of [1, 2]) publishSitting(root, '44-1', n);
    publishCalendar(root, '44-1', [1, 2]);
    const first = await run();
    expect(files(first)).toEqual(
      ['calendars/44-1.html', '44-1-1-en.xml.gz', '44-1-2-en.xml.gz'].map((f) => `hoc-hansard-xml-samples/${f}`).sort(),
    );
    expect(first.sources.find((s) => s.id === 'hoc-debates')!.status).toBe('fresh');
    // 43-2 (closed) has no calendar on this upstream: one 404, remembered.
    expect(requested(CAL(43, 2)).map((r) => r.status)).toEqual([404]);

    // Overnight the House sits again as No. 2-B; its XML is wherever its page's export button says.
    publishLetteredSitting(root, '44-1', '2b', '/Content/House/441/Debates/002B/HAN002B');
    publishCalendar(root, '44-1', [1, 2, '2b']);
    up.requests.length = 0;
    const second = await run();
    const debates = second.sources.find((s) => s.id === 'hoc-debates')!;
    expect(debates.items.new).toEqual(['calendars/44-1/sitting-2b.html', '44-1-2b-en.xml.gz'].map((f) => `hoc-hansard-xml-samples/${f}`));
    expect(debates.items.changed).toEqual(['hoc-hansard-xml-samples/calendars/44-1.html']);
    expect(requested('/www.ourcommons.ca/Content/House/441/Debates/002B/HAN002B-E.XML').map((r) => r.status)).toEqual([200]);
    // The French twin is the English link's -F file; absent here, which is not a failure.
    expect(requested('/www.ourcommons.ca/Content/House/441/Debates/002B/HAN002B-F.XML').map((r) => r.status)).toEqual([404]);
    expect(debates.status).toBe('fresh');
    const xml = gunzipSync(readFileSync(join(cache, 'hoc-hansard-xml-samples/44-1-2b-en.xml.gz'))).toString('utf8');
    expect(xml).toContain('<ExtractedItem Name="Number">NUMBER 2B<');
    expect(requested(CAL(43, 2))).toEqual([]);

    // Held: the next night asks only for the sitting session's calendar (a conditional GET), not the
    // lettered sitting's page (its XML is held and outside the revision window: the test manifest's is 0).
    up.requests.length = 0;
    const third = await run();
    expect(requested(CAL(44, 1)).map((r) => r.status)).toEqual([304]);
    expect(requested('/www.ourcommons.ca/DocumentViewer/en/44-1/house/sitting-2b/hansard')).toEqual([]);
    expect(files(third)).toContain('hoc-hansard-xml-samples/44-1-2b-en.xml.gz');
    expect(Object.keys(readFullState(cache).misses)).toContain('hoc-hansard-xml-samples/calendars/43-2.html');
  });

  test('a calendar that fails costs only the lettered sittings: the numbered ones are still probed and found', async () => {
    for (const n of [1, 2, 3]) publishSitting(root, '44-1', n);
    publishCalendar(root, '44-1', [1, 2]);
    up.behave(CAL(44, 1), { kind: 'status', status: 500 });
    try {
      const r = await run();
      const debates = r.sources.find((s) => s.id === 'hoc-debates')!;
      expect(files(r)).toEqual(['44-1-1-en', '44-1-2-en', '44-1-3-en'].map((f) => `hoc-hansard-xml-samples/${f}.xml.gz`));
      expect(debates.status).toBe('stale');
      expect(debates.problems.join('\n')).toMatch(/calendars\/44-1\.html.*HTTP 500/);
    } finally {
      up.behave(CAL(44, 1), null);
    }
  });

  test('a sitting page without its XML button yet is asked again the next night, then its XML fetched', async () => {
    publishSitting(root, '44-1', 1);
    publishCalendar(root, '44-1', [1, '1a']);
    publishLetteredSitting(root, '44-1', '1a', '/Content/House/441/Debates/001A/HAN001A');
    const page = '/www.ourcommons.ca/DocumentViewer/en/44-1/house/sitting-1a/hansard';
    up.behave(page, { kind: 'replace', body: '<html><body>No XML yet</body></html>', contentType: 'text/html' });
    try {
      const first = await run();
      expect(files(first)).not.toContain('hoc-hansard-xml-samples/44-1-1a-en.xml.gz');
      expect(first.sources.find((s) => s.id === 'hoc-debates')!.status).toBe('fresh');
    } finally {
      up.behave(page, null);
    }
    up.requests.length = 0;
    const second = await run();
    expect(requested(page).length).toBe(1);
    expect(files(second)).toContain('hoc-hansard-xml-samples/44-1-1a-en.xml.gz');
  });
});
