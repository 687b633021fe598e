// Terms across Represent fetches on records built in the test: started when first listed, kept while
// listed, ended when a complete later fetch omits the member, untouched when the fetch was partial.
import { expect, test } from 'bun:test';
import { applyHistory, type SetFetch } from '../../../build-db/import/represent-representatives/roster-history.js';
import type { SourceInput } from '../../../build-db/import/types.js';

type Politician = SourceInput<'politicians'>;
const T1 = '2026-10-01T00:00:00Z';
const T2 = '2026-10-15T00:00:00Z';
const member = (name: string, seenAt: string, ward = 'ward-1', party = 'Independent'): Politician => ({
  key: `represent/council/${name}`,
  name,
  party,
  elected_office: 'Councillor',
  level: 'municipal',
  constituency_id: `wards/${ward}`,
  constituency_name: ward,
  is_active: true,
  terms: [{ start_at: seenAt, end_at: null, elected_office: 'Councillor', constituency_id: `wards/${ward}`, party }],
});
const run = (current: Politician[], previous: Politician[], set: SetFetch | null, setListComplete = true) =>
  applyHistory({ current, previous, sets: new Map(set ? [['council', set]] : []), setListComplete, setOf: (k) => k.split('/')[1] });

test('listed again: the first term is kept as it started', () => {
  const out = run([member('a', T2)], [member('a', T1)], { seenAt: T2, complete: true });
  expect(out.politicians[0].terms).toEqual([
    { start_at: T1, end_at: null, elected_office: 'Councillor', constituency_id: 'wards/ward-1', party: 'Independent' },
  ]);
  expect(out.kept).toBe(1);
});

test("gone from a complete fetch: former, term ended at the set's update, record kept", () => {
  const out = run([], [member('a', T1)], { seenAt: T2, complete: true });
  expect(out.politicians.map((p) => [p.is_active, p.terms[0].end_at])).toEqual([[false, T2]]);
  expect(out.ended).toBe(1);
});

test('gone from a fetch that missed a page: nothing is concluded', () => {
  const out = run([], [member('a', T1)], { seenAt: T2, complete: false });
  expect(out.politicians.map((p) => [p.is_active, p.terms[0].end_at])).toEqual([[true, null]]);
});

test('the whole set dropped from a complete set list ends its members at the newest update seen', () => {
  const other: SetFetch = { seenAt: T2, complete: true };
  const out = applyHistory({
    current: [],
    previous: [member('a', T1)],
    sets: new Map([['other', other]]),
    setListComplete: true,
    setOf: (k) => k.split('/')[1],
  });
  expect(out.politicians[0].terms[0].end_at).toBe(T2);
  const partial = applyHistory({
    current: [],
    previous: [member('a', T1)],
    sets: new Map([['other', other]]),
    setListComplete: false,
    setOf: (k) => k.split('/')[1],
  });
  expect(partial.politicians[0].terms[0].end_at).toBeNull();
});

test('a new ward closes the old term where the new one opens', () => {
  const out = run([member('a', T2, 'ward-2')], [member('a', T1)], { seenAt: T2, complete: true });
  expect(out.politicians[0].terms.map((t) => [t.constituency_id, t.start_at, t.end_at])).toEqual([
    ['wards/ward-1', T1, T2],
    ['wards/ward-2', T2, null],
  ]);
});

test('an already former member stays as they were', () => {
  const gone = { ...member('a', T1), is_active: false, terms: [{ ...member('a', T1).terms[0], end_at: T2 }] };
  expect(run([], [gone], { seenAt: '2026-11-01T00:00:00Z', complete: true }).politicians).toEqual([gone]);
});
