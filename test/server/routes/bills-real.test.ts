// /bills?q= on the real data file (make data-real), issue 48: a bill number is read as a number,
// and the French titles are matched. The expected rows are counted here from the imported bill
// records (data/real/bills.*.jsonl), not by the server.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDataFile, type DataFile } from '../../../src/core/data-file/open-data-file.js';
import { API_PREFIX, createApp } from '../../../src/server/http/app.js';
import { createResponseCache } from '../../../src/server/http/response-cache.js';
import { fold } from '../../../src/core/domain/text.js';

const ROOT = join(import.meta.dir, '../../..');
const REAL = join(ROOT, 'data/real.db');
const BUNDLE = join(ROOT, 'data/real');
const available = existsSync(REAL) && existsSync(BUNDLE);

interface BillRecord {
  session_key: string;
  bill_number: string;
  title: string;
  short_title: string | null;
  title_fr?: string | null;
  short_title_fr?: string | null;
}
interface Item {
  id: string;
  bill_number: string;
  parliament_number: number;
  session_number: number;
}

let data: DataFile;
let app: ReturnType<typeof createApp>;
const records: BillRecord[] = [];

beforeAll(() => {
  if (!available) return;
  data = openDataFile(REAL);
  app = createApp({ data, embedder: null, cache: createResponseCache({ maxBytes: 0 }) });
  for (const f of readdirSync(BUNDLE).filter((n) => /^bills(\..+)?\.jsonl$/.test(n))) {
    for (const line of readFileSync(join(BUNDLE, f), 'utf8').split('\n')) if (line.trim()) records.push(JSON.parse(line) as BillRecord);
  }
});
afterAll(() => {
  if (available) data.close();
});

const list = async (q: string, extra = '') =>
  (await (await app.request(`${API_PREFIX}/bills?level=federal&limit=100&q=${encodeURIComponent(q)}${extra}`)).json()) as {
    total: number;
    items: Item[];
  };
const sessionOrder = (i: Item) => i.parliament_number * 100 + i.session_number;

describe.skipIf(!available)('/bills?q= on the real bills', () => {
  test('C-21: every C-21 first, newest session first, then the numbers and titles containing C-21', async () => {
    const exact = records.filter((r) => r.bill_number === 'C-21').length;
    expect(exact).toBeGreaterThan(1);
    const page = await list('C-21');
    const head = page.items.slice(0, exact);
    expect(head.every((i) => i.bill_number === 'C-21')).toBe(true);
    expect(head.map(sessionOrder)).toEqual(head.map(sessionOrder).sort((a, b) => b - a));
    expect(page.items.slice(exact).some((i) => i.bill_number === 'C-21')).toBe(false);
    // The rest: the bills whose number or a title holds "c-21" (C-210 …, "Bill C-21" in a title).
    const containing = records.filter(
      (r) =>
        r.bill_number !== 'C-21' &&
        fold([r.title, r.short_title, r.bill_number, r.title_fr, r.short_title_fr].join('\u0001')).includes('c-21'),
    ).length;
    expect(page.total).toBe(exact + containing);
  });

  test.each(['c21', 'C 21', 'Bill C-21', 'projet de loi C-21', 'C‑21'])('%s is C-21', async (q) => {
    expect((await list(q)).items).toEqual((await list('C-21')).items);
  });

  test('S-5 first for S-5, not S-50', async () => {
    const page = await list('S-5');
    expect(page.items[0].bill_number).toBe('S-5');
  });

  test.each(['armes à feu', 'ARMES A FEU', 'Loi sur les armes à feu'])('French titles are matched, folded for accents: %s', async (q) => {
    const want = records.filter((r) =>
      fold([r.title, r.short_title, r.bill_number, r.title_fr, r.short_title_fr].join('\u0001')).includes(fold(q)),
    ).length;
    expect(want).toBeGreaterThan(0);
    const page = await list(q);
    expect(page.total).toBe(want);
  });

  test('the firearms bill C-21 of the 44th Parliament is found by its French title', async () => {
    const page = await list('armes à feu');
    expect(page.items.some((i) => i.bill_number === 'C-21' && i.parliament_number === 44)).toBe(true);
  });
});
