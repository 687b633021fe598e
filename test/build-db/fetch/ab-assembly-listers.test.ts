// The Legislative Assembly of Alberta's listings as the nightly's indexes, on the loopback upstream:
// the session bill lists → bill pages, the Votes and Proceedings listing and the Hansard transcripts
// listing → one PDF a sitting on docs.assembly.ab.ca. The listings are written here by hand in the
// markup of saved copies (a public repository's fixtures: thejoycething-code/parl-monitor,
// tests/fixtures/prov/ab_bills_31_1.html and ab_vp_list_31_1.html, links with Windows backslashes as
// the Assembly writes them); the Hansard listing's own markup is not saved anywhere reachable, so its
// links are written in the V&P listing's form. The PDFs are small ones written with pdf-lib.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LISTERS } from '../../../build-db/fetch/listers.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { tempDir } from '../../helpers/fixture.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

// The site's own pages carry menus of many kilobytes around the list (the sources' size checks expect them).
const MENU = `<nav>${'<a href="/assembly-business">Assembly Business</a>'.repeat(60)}</nav>`;
const page = (body: string) => `<!DOCTYPE html><html><body>${MENU}${body}</body></html>`;
const bill = (id: number, n: number, title: string) =>
  `<div class="item billgt"><div><a href="/assembly-business/bills/bill?billinfoid=${id}&from=bills">Bill&nbsp;${n}</a></div><div>${title}</div></div>`;
const billList = (items: string) =>
  page(`<div id="adrbills"><div class="items"><div class="header">Government Bills</div>${items}</div></div>`);
const sitting = (folder: string, session: number, name: string, label: string) =>
  `<div class="item"><div class="div2"><a target="_blank" href="https://docs.assembly.ab.ca/LADDAR_files\\docs\\${folder}\\legislature_31\\session_${session}\\${name}"><i class="icon-file-pdf1 mr-1"></i><span class="rwd-hide">${label}</span></a></div>
<div class="div3"><a href="/assembly-business/assembly-dashboard?legl=31&session=${session}&sectiona=a&btn=e&anchor=a${name.slice(0, 8)}#a${name.slice(0, 8)}">Dashboard</a></div></div>`;
const VP = page(
  `<div id="hov"><div class="items">${sitting('houserecords\\vp', 2, '20250226_1200_01_vp.pdf', 'Votes and Proceedings')}${sitting('houserecords\\vp', 2, '20250227_1200_01_vp.pdf', 'Votes and Proceedings')}</div></div>`,
);
const HANSARD = page(
  `<div class="items">${sitting('hansards\\han', 2, '20250226_1330_01_han.pdf', 'Hansard')}${sitting('hansards\\han', 2, '20250226_1930_01_han.pdf', 'Hansard')}${sitting('committees\\ef', 2, '20250225_0900_01_ef.pdf', 'Transcript')}</div>`,
);

async function pdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  // Three pages: a sitting's record is never smaller than the source's 2,000-byte floor.
  for (let n = 0; n < 3; n++) {
    const p = doc.addPage([612, 792]);
    for (let i = 0; i < 40; i++)
      p.drawText(`${title}: line ${i} of the sitting's record, written for the test.`, { x: 54, y: 740 - i * 16, size: 10, font });
  }
  return Buffer.from(await doc.save());
}

describe('Alberta listers', () => {
  test('the bill list: each bill page once, stored as bill-<billinfoid>.html', () => {
    const { files, problems } = LISTERS['ab-bill-pages'](
      billList(
        bill(12049, 26, 'Health Statutes Amendment Act, 2024 (No. 2)') +
          bill(12050, 27, 'Education Amendment Act, 2024*') +
          bill(12049, 26, 'again'),
      ),
      (p) => p,
      'https://www.assembly.ab.ca/assembly-business/bills/bills-by-legislature?legl=31&session=1',
    );
    expect(problems).toEqual([]);
    expect(files).toEqual([
      { path: 'bill-12049.html', url: 'https://www.assembly.ab.ca/assembly-business/bills/bill?billinfoid=12049&from=bills' },
      { path: 'bill-12050.html', url: 'https://www.assembly.ab.ca/assembly-business/bills/bill?billinfoid=12050&from=bills' },
    ]);
  });

  test("the sitting PDFs at the listing's links, backslashes turned; other folders' transcripts left out", () => {
    const vp = LISTERS['ab-vp-sittings'](
      VP,
      (p) => p,
      'https://www.assembly.ab.ca/assembly-business/assembly-records/votes-and-proceedings',
    );
    expect(vp).toEqual({
      files: [
        {
          path: '20250226_1200_01_vp.pdf',
          url: 'https://docs.assembly.ab.ca/LADDAR_files/docs/houserecords/vp/legislature_31/session_2/20250226_1200_01_vp.pdf',
        },
        {
          path: '20250227_1200_01_vp.pdf',
          url: 'https://docs.assembly.ab.ca/LADDAR_files/docs/houserecords/vp/legislature_31/session_2/20250227_1200_01_vp.pdf',
        },
      ],
      problems: [],
    });
    const han = LISTERS['ab-hansard-sittings'](HANSARD, (p) => p, 'https://www.assembly.ab.ca/');
    expect(han.files.map((f) => f.path)).toEqual(['20250226_1330_01_han.pdf', '20250226_1930_01_han.pdf']);
    expect(LISTERS['ab-hansard-sittings'](VP, (p) => p, 'https://www.assembly.ab.ca/').problems).toEqual([
      'the listing links no Hansard PDF (LADDAR_files/docs/hansards/han/…)',
    ]);
  });

  describe('on the loopback upstream', () => {
    const manifest = subsetManifest(['ab-assembly-bills', 'ab-votes-and-proceedings', 'ab-hansard']);
    const root = tempDir('canpol-ab-up-');
    const cache = tempDir('canpol-ab-cache-');
    let up: Upstream;
    const put = (url: string, body: string | Buffer) => {
      const u = new URL(url);
      const file = join(root, u.host, decodeURIComponent(u.pathname + u.search));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, body);
    };
    const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5 });

    beforeAll(async () => {
      up = await startUpstream(manifest, DATASETS, root);
      const www = 'https://www.assembly.ab.ca/assembly-business';
      put(`${www}/bills/bills-by-legislature?legl=31&session=1`, billList(bill(12049, 26, 'Health Statutes Amendment Act, 2024 (No. 2)')));
      put(`${www}/bills/bills-by-legislature?legl=31&session=2`, billList(bill(12101, 1, 'A bill of the second session')));
      for (const id of [12049, 12101])
        put(
          `${www}/bills/bill?billinfoid=${id}&from=bills`,
          page(`<h1>Bill ${id}</h1>${'<p>The bill page, written for the test.</p>'.repeat(60)}`),
        );
      put(`${www}/assembly-records/votes-and-proceedings`, VP);
      put(`${www}/transcripts/transcripts-by-type?legl=31&session=2`, HANSARD);
      const docs = 'https://docs.assembly.ab.ca/LADDAR_files/docs';
      for (const name of ['20250226_1200_01_vp.pdf', '20250227_1200_01_vp.pdf'])
        put(`${docs}/houserecords/vp/legislature_31/session_2/${name}`, await pdf(name));
      for (const name of ['20250226_1330_01_han.pdf', '20250226_1930_01_han.pdf'])
        put(`${docs}/hansards/han/legislature_31/session_2/${name}`, await pdf(name));
    }, 30_000);
    afterAll(async () => {
      await up.close();
      rmSync(root, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    });

    test('the nightly follows each listing to the pages and PDFs, stored where the importers read them', async () => {
      const report = await fetchNow();
      for (const s of report.sources)
        expect({ id: s.id, problems: s.problems, status: s.status }).toEqual({ id: s.id, problems: [], status: 'fresh' });
      const held = (dir: string) => readdirSync(join(cache, dir)).sort();
      expect(held('ab-bills')).toEqual([
        'bill-12049.html',
        'bill-12101.html',
        'bills-legl-31-session-1.html',
        'bills-legl-31-session-2.html',
      ]);
      expect(held('ab-votes').filter((f) => f.endsWith('.pdf'))).toEqual(['20250226_1200_01_vp.pdf', '20250227_1200_01_vp.pdf']);
      expect(held('ab-hansard').filter((f) => f.endsWith('.pdf'))).toEqual(['20250226_1330_01_han.pdf', '20250226_1930_01_han.pdf']);
      // The committee transcript on the Hansard listing is not asked for; every request names the nightly.
      expect(up.requests.some((r) => r.path.includes('/committees/'))).toBe(false);
      expect(up.requests.every((r) => r.userAgent === manifest.user_agent)).toBe(true);
    }, 60_000);

    test('the next night asks for every page and PDF conditionally: all unchanged, all 304', async () => {
      const before = up.requests.length;
      await fetchNow();
      const again = up.requests.slice(before);
      expect(again.length).toBe(10); // 2 bill lists, 2 bill pages, 2 listings, 4 PDFs
      expect(again.filter((r) => r.status === 304).length).toBe(10);
      expect(existsSync(join(cache, 'ab-hansard', '20250226_1930_01_han.pdf'))).toBe(true);
    }, 60_000);
  });
});
