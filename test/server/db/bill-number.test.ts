// Which /bills?q= values are read as a bill number, and as which.
import { describe, expect, test } from 'bun:test';
import { billNumberQuery } from '../../../src/server/db/bill-number.js';

describe('billNumberQuery', () => {
  test.each([
    ['C-21', 'c21', 'c-21'],
    ['c21', 'c21', 'c-21'],
    ['C 21', 'c21', 'c-21'],
    ['  c - 21 ', 'c21', 'c-21'],
    ['C‑21', 'c21', 'c-21'],
    ['Bill C-21', 'c21', 'c-21'],
    ['bill c21', 'c21', 'c-21'],
    ['projet de loi C-21', 'c21', 'c-21'],
    ['S-5', 's5', 's-5'],
    ['s-05', 's5', 's-5'],
    ['C-11A', 'c11a', 'c-11a'],
    ['Bill 14', '14', '14'],
    ['bill M201', 'm201', 'm201'],
  ])('%s → %s', (q, compact, spelled) => {
    expect(billNumberQuery(q)).toEqual({ compact, spelled });
  });

  test.each(['21', 'C-', 'firearms', 'C-21 firearms', 'bill', 'CS-21', 'C-12345', 'armes à feu', 'x21'])('%s is not a bill number', (q) => {
    expect(billNumberQuery(q)).toBeNull();
  });
});
