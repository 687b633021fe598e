// The keyword side's growable rowid list: what was pushed, in order, across growths and clears.
import { expect, test } from 'bun:test';
import { RowidList } from '../../../src/server/search/rowid-list.js';

test('pushes past its capacity keep every rowid in order; clear empties it for reuse', () => {
  const list = new RowidList(2);
  const want: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const r = (i * 7919) % 100_003;
    list.push(r);
    want.push(r);
  }
  expect(list.length).toBe(5000);
  expect([...list.view()]).toEqual(want);
  list.clear();
  expect(list.view().length).toBe(0);
  list.push(42);
  expect([...list.view()]).toEqual([42]);
});
