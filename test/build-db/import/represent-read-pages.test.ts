// Reading Represent's paginated pages from the fetch cache, and the fetch listers that name them.
import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LISTERS } from '../../../build-db/fetch/listers.js';
import { readChain } from '../../../build-db/import/represent-representatives/read-pages.js';

const dir = mkdtempSync(join(tmpdir(), 'canpol-represent-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const page = (sub: string, offset: number, objects: unknown[], next: string | null, total: number) => {
  mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, sub, `offset-${offset}.json`), JSON.stringify({ objects, meta: { next, total_count: total } }));
};

test('pages followed by meta.next from offset 0', () => {
  page('a', 0, [1, 2], '/representatives/a/?limit=2&offset=2', 3);
  page('a', 2, [3], null, 3);
  const r = readChain<number>(dir, 'a');
  expect([r.complete, r.pages, r.objects.map((o) => o.object)]).toEqual([true, 2, [1, 2, 3]]);
});

test('a page the fetch did not bring, or a count that disagrees: incomplete, reported', () => {
  page('b', 0, [1, 2], '/representatives/b/?limit=2&offset=2', 3);
  const missing = readChain<number>(dir, 'b');
  expect([missing.complete, missing.problems.map((p) => [p.file, p.reason])]).toEqual([false, [['b/offset-2.json', 'page missing']]]);
  page('c', 0, [1, 2], null, 5);
  expect(readChain<number>(dir, 'c').problems.map((p) => p.reason)).toEqual(['objects differ from meta.total_count']);
  page('d', 0, [1], '/representatives/d/?limit=1&offset=0', 1);
  expect(readChain<number>(dir, 'd').problems.map((p) => p.reason)).toEqual(['meta.next loops back']);
});

test("listers: the set list names each roster's first page and its own next page; a roster page its next", () => {
  const url = 'https://represent.opennorth.ca/representative-sets/?limit=100&offset=0';
  const sets = LISTERS['represent-representative-sets'](
    JSON.stringify({
      objects: [
        { url: '/representative-sets/toronto-city-council/', related: { representatives_url: '/representatives/toronto-city-council/' } },
        { url: null },
      ],
      meta: { next: '/representative-sets/?limit=100&offset=100' },
    }),
    () => '',
    url,
  );
  expect(sets.files).toEqual([
    {
      path: 'representative-sets/offset-100.json',
      url: 'https://represent.opennorth.ca/representative-sets/?limit=100&offset=100',
      list_with: 'represent-representative-sets',
    },
    {
      path: 'representatives/toronto-city-council/offset-0.json',
      url: 'https://represent.opennorth.ca/representatives/toronto-city-council/?limit=1000&offset=0',
      list_with: 'represent-representatives',
    },
  ]);
  expect(sets.problems).toEqual(['representative-sets: a set without a usable url (null)']);
  const roster = LISTERS['represent-representatives'](
    '{"objects": [], "meta": {"next": "/representatives/toronto-city-council/?limit=100&offset=100"}}',
    () => '',
    'https://represent.opennorth.ca/representatives/toronto-city-council/?limit=100&offset=0',
  );
  expect(roster.files.map((f) => f.path)).toEqual(['representatives/toronto-city-council/offset-100.json']);
  expect(
    LISTERS['represent-representatives']('not json', () => '', 'https://represent.opennorth.ca/representatives/x/').problems[0],
  ).toStartWith('representatives/x: page is not JSON');
});
