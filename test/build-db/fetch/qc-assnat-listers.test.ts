// The Assemblée nationale's pages as indexes: the Journal des débats listing as it serves it (the real
// page in ../shared/datasets/provincial-samples/qc-hansard) → the House sittings' pages; the roster of
// members → each member's page (a row written here in the roster's markup, since the saved roster's
// links were rewritten by the fixture's saver).
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LISTERS } from '../../../build-db/fetch/listers.js';

const LISTING = join(import.meta.dir, '../../../../shared/datasets/provincial-samples/qc-hansard/journaux-debats-listing.html');
const URL_ = 'https://www.assnat.qc.ca/fr/travaux-parlementaires/journaux-debats.html';

describe('qc-journal-sittings', () => {
  test.skipIf(!existsSync(LISTING))(
    "the listing's House sittings, named by legislature, session and day, then each committee meeting's Journal",
    () => {
      const { files, problems } = LISTERS['qc-journal-sittings'](readFileSync(LISTING, 'utf8'), (p) => p, URL_);
      expect(problems).toEqual([]);
      // Eleven committee meetings (CAN on 2 December, ten committees on 6 December 2022), counted with grep.
      const meetings = files.filter((f) => f.path.startsWith('journal-debats-commission-'));
      expect(meetings.map((f) => f.path.replace(/^journal-debats-commission-|\.html$/g, ''))).toEqual([
        'CAN-221202',
        'CAP-221206',
        'CAPERN-221206',
        'CAT-221206',
        'CCE-221206',
        'CET-221206',
        'CFP-221206',
        'CI-221206',
        'CRC-221206',
        'CSSS-221206',
        'CTE-221206',
      ]);
      expect(meetings[2].url).toBe(
        'https://www.assnat.qc.ca/fr/travaux-parlementaires/commissions/capern-43-1/journal-debats/CAPERN-221206.html',
      );
      // Eight sittings, 29 November to 9 December 2022 (the page's links, counted with grep).
      expect(files.filter((f) => !meetings.includes(f))).toEqual([
        {
          path: 'journal-debats-43-1-20221129.html',
          url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20221129/337627.html',
        },
        {
          path: 'journal-debats-43-1-20221130.html',
          url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20221130/337781.html',
        },
        {
          path: 'journal-debats-43-1-20221201.html',
          url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20221201/337839.html',
        },
        {
          path: 'journal-debats-43-1-20221202.html',
          url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20221202/338063.html',
        },
        {
          path: 'journal-debats-43-1-20221206.html',
          url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20221206/338293.html',
        },
        {
          path: 'journal-debats-43-1-20221207.html',
          url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20221207/338475.html',
        },
        {
          path: 'journal-debats-43-1-20221208.html',
          url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20221208/338657.html',
        },
        {
          path: 'journal-debats-43-1-20221209.html',
          url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/assemblee-nationale/43-1/journal-debats/20221209/338871.html',
        },
      ]);
    },
  );
  test('a page without sitting links is a problem, not an empty success', () => {
    expect(LISTERS['qc-journal-sittings']('<html></html>', (p) => p, URL_).problems).toEqual([
      'the listing links no House sitting of the Journal des débats',
    ]);
  });
});

describe('qc-member-pages', () => {
  const ROSTER = join(import.meta.dir, '../../../../shared/datasets/provincial-samples/qc-members/deputes-index.html');
  const row = (href: string, name: string) => `<tr><td><a href="${href}">${name}</a></td><td>Riding</td><td>Party</td></tr>`;
  test("the roster table's member links, relative or absolute, one file per member", () => {
    const page = `<ul><li><a href="/fr/deputes/index.html">Députés</a></li></ul><table id="ListeDeputes" class="tableTriable"><tbody>${row('/fr/deputes/masse-manon-15421/index.html', 'Massé, Manon')}${row('https://www.assnat.qc.ca/fr/deputes/carmant-lionel-17893/index.html', 'Carmant, Lionel')}${row('/fr/deputes/masse-manon-15421/index.html', 'Massé, Manon')}</tbody></table>`;
    expect(LISTERS['qc-member-pages'](page, (p) => p, 'https://www.assnat.qc.ca/fr/deputes/index.html')).toEqual({
      files: [
        { path: 'depute-carmant-lionel-17893.html', url: 'https://www.assnat.qc.ca/fr/deputes/carmant-lionel-17893/index.html' },
        { path: 'depute-masse-manon-15421.html', url: 'https://www.assnat.qc.ca/fr/deputes/masse-manon-15421/index.html' },
      ],
      problems: [],
    });
  });
  test.skipIf(!existsSync(ROSTER))('the saved roster, whose links its saver rewrote, lists nothing and says so', () => {
    const { files, problems } = LISTERS['qc-member-pages'](
      readFileSync(ROSTER, 'utf8'),
      (p) => p,
      'https://www.assnat.qc.ca/fr/deputes/index.html',
    );
    expect(files).toEqual([]);
    expect(problems).toHaveLength(1);
  });
});
