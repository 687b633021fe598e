// The Journal des débats listing, as the Assemblée nationale serves it (the real page in
// ../shared/datasets/provincial-samples/qc-hansard), listed into the House sittings' pages.
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LISTERS } from '../../../build-db/fetch/listers.js';

const LISTING = join(import.meta.dir, '../../../../shared/datasets/provincial-samples/qc-hansard/journaux-debats-listing.html');
const URL_ = 'https://www.assnat.qc.ca/fr/travaux-parlementaires/journaux-debats.html';

describe('qc-journal-sittings', () => {
  test.skipIf(!existsSync(LISTING))(
    "the listing's House sittings, named by legislature, session and day; committee Journals left out",
    () => {
      const { files, problems } = LISTERS['qc-journal-sittings'](readFileSync(LISTING, 'utf8'), (p) => p, URL_);
      expect(problems).toEqual([]);
      // Eight sittings, 29 November to 9 December 2022 (the page's links, counted with grep).
      expect(files).toEqual([
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
