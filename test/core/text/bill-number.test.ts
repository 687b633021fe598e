// One grammar of bill numbers (src/core/text/bill-number.ts) for /bills?q= and for search queries.
// Moving the two readers onto it changed no answer: each is compared here with the reader as it was
// before (kept verbatim below) on every combination of the spellings, prefixes and surroundings
// people type.
import { describe, expect, test } from 'bun:test';
import { findBillNumbers, printBillNumbers, readBillNumber } from '../../../src/core/text/bill-number.js';
import { analyseQuery } from '../../../src/core/text/query-analysis.js';
import { billNumberQuery } from '../../../src/server/db/bill-number.js';
import { fold } from '../../../src/core/domain/text.js';
import { queryTerms } from '../../../src/core/text/terms.js';

// The search query's reader before (src/core/text/query-analysis.ts), the bills' numbers it found.
const FEDERAL_BILL = /(?<![\p{L}\p{N}])([CS])[-‑\s]?(\d{1,4})(?![\p{L}\p{N}])/giu;
const PROVINCIAL_BILL = /\b(?:bill|projet de loi)\s+(M?\d{1,4})\b/giu;
function searchBefore(q: string): string[] {
  const out: string[] = [];
  for (const m of q.matchAll(FEDERAL_BILL)) {
    const text = `${m[1].toUpperCase()}-${m[2]}`;
    if (/\s/.test(m[0].slice(1, 2)) && !/\b(bill|projet)\b/i.test(q)) continue;
    if (!out.includes(text)) out.push(text);
  }
  for (const m of q.matchAll(PROVINCIAL_BILL)) {
    const text = `Bill ${m[1].toUpperCase()}`;
    if (!out.includes(text)) out.push(text);
  }
  return out;
}
// The /bills?q= reader before (src/server/db/bill-number.ts).
const BILL_NUMBER = /^(?:(?:bill|projet\s+de\s+loi|pl)\s*(?:no\.?|n[o°]\s*)?\s*)?(?:([cs])\s*[-‑–]?\s*(\d{1,4})([a-z]?)|(m?\d{1,4}))$/;
function billsBefore(q: string) {
  const folded = fold(q).trim().replace(/\s+/g, ' ');
  const m = BILL_NUMBER.exec(folded);
  if (!m) return null;
  if (m[1]) return { compact: `${m[1]}${Number(m[2])}${m[3]}`, spelled: `${m[1]}-${Number(m[2])}${m[3]}` };
  if (!/^(?:bill|projet\s+de\s+loi|pl)\b/.test(folded)) return null;
  const n = m[4].replace(/^(m?)0*(?=\d)/, '$1');
  return { compact: n, spelled: n };
}

const PREFIXES = [
  '',
  'Bill ',
  'bill',
  'BILL  ',
  'projet de loi ',
  'Projet  de loi ',
  'PL ',
  'pl',
  'Bill no. ',
  'bill No ',
  'projet de loi n° ',
  'billc',
  'the ',
  'le projet ',
  'vitamin ',
];
const NUMBERS = [
  'C-21',
  'c21',
  'C 21',
  'C  21',
  'C‑21',
  'C–21',
  'C - 21',
  'S-5',
  's-05',
  'S 15',
  'C-11A',
  'c-11a',
  '14',
  'M201',
  'm201',
  '0014',
  'C-12345',
  'CS-21',
  'x21',
  'C-',
  '21',
  'Ç-21',
  'ABC-36',
];
const AFTER = ['', ' firearms', ' and C-36', ', Bill 9', 'x', ' 2024', '-2', ' times', ' projet de loi 7'];
const INPUTS = PREFIXES.flatMap((p) => NUMBERS.flatMap((n) => AFTER.map((a) => `${p}${n}${a}`)));

describe('one bill-number grammar', () => {
  test(`/bills?q= reads every one of ${INPUTS.length} inputs as before`, () => {
    const differ = INPUTS.filter((q) => JSON.stringify(billNumberQuery(q)) !== JSON.stringify(billsBefore(q)));
    expect(differ).toEqual([]);
    expect(INPUTS.filter((q) => billsBefore(q) !== null).length).toBeGreaterThan(100);
  });

  test(`a search query reads the same bill numbers as before in every one of ${INPUTS.length} inputs`, () => {
    const now = (q: string) => analyseQuery(q, ['en', 'fr']).bills.map((b) => b.text);
    const differ = INPUTS.filter((q) => JSON.stringify(now(q)) !== JSON.stringify(searchBefore(q)));
    expect(differ).toEqual([]);
    expect(INPUTS.filter((q) => searchBefore(q).length > 0).length).toBeGreaterThan(500);
  });

  test('the two readers agree on a number Hansard prints, typed alone', () => {
    for (const q of ['C-21', 'c21', 'C‑21', 'S-15', 'c-36', 'C 21']) {
      const alone = readBillNumber(q)!;
      const inside = findBillNumbers(`about ${q} today`)[0];
      expect({ ...inside, prefixed: alone.prefixed }).toEqual(alone);
    }
    expect(readBillNumber('Bill 14')).toEqual({ letter: null, digits: '14', suffix: '', spaced: false, prefixed: true });
    expect(findBillNumbers('the Bill 14 debate')).toEqual([{ letter: null, digits: '14', suffix: '', spaced: false, prefixed: true }]);
  });

  test('typed alone, looser spellings are a number; inside prose they are not', () => {
    expect(readBillNumber('c - 21')).toMatchObject({ letter: 'c', digits: '21' });
    expect(readBillNumber('C–21')).toMatchObject({ letter: 'c', digits: '21' });
    expect(readBillNumber('C-11A')).toMatchObject({ letter: 'c', digits: '11', suffix: 'a' });
    expect(findBillNumbers('vitamin C - 2 times')).toEqual([]);
    expect(readBillNumber('14')).toMatchObject({ prefixed: false });
    expect(readBillNumber('bill14')).toBeNull();
  });
});

describe('printBillNumbers', () => {
  test("a federal number typed as one word is printed as Hansard prints it; its words are then the index's", () => {
    expect(printBillNumbers('c24')).toBe('C-24');
    expect(printBillNumbers('opposition to s5 and Bill C21')).toBe('opposition to S-5 and Bill C-21');
    const stems = (q: string) => queryTerms(q, ['en', 'fr']).flatMap((t) => t.stems);
    expect(stems('c24')).toEqual(['c24', 'c24·']); // a word no chunk holds
    expect(stems(printBillNumbers('c24'))).toEqual(stems('C-24'));
  });

  test('a query that is nothing but a bill number is that number printed, however typed', () => {
    expect(printBillNumbers('C 21')).toBe('C-21');
    expect(printBillNumbers('c - 21')).toBe('C-21');
    expect(printBillNumbers('Bill C 18')).toBe('Bill C-18');
    expect(printBillNumbers('billc24')).toBe('bill C-24');
    expect(printBillNumbers('C-021')).toBe('C-21');
    expect(printBillNumbers('c24b')).toBe('C-24B');
    expect(printBillNumbers('projet de loi C-315')).toBe('projet de loi C-315');
    expect(analyseQuery(printBillNumbers('C 21'), ['en', 'fr']).bills.map((b) => b.text)).toEqual(['C-21']);
    expect(analyseQuery('C 21', ['en', 'fr']).bills).toEqual([]); // as typed, too loose inside prose
  });

  test('inside prose, spaced or hyphenated numbers, and letters inside a word, are left as typed', () => {
    for (const q of ['vote on C-24 today', 'vitamin C 2 and D', 'abc24 results', 'mc24', 'Bill 14']) expect(printBillNumbers(q)).toBe(q);
  });
});
