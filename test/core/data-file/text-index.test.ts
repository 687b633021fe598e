// The `q` filters through the trigram indexes (src/core/data-file/text-index.ts) keep the spec's semantics: a
// case- and accent-insensitive substring match. The oracle is plain JavaScript over the same texts
// (fold(text).includes(fold(q))), on hand-written awkward texts and on the real bill titles (EN and
// FR) and House members' names of ../shared/datasets, for every query length from 1 to 12 characters.
import Database from 'better-sqlite3';
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { containsText, TEXT_INDEX_SQL, writeTextIndexes, type TextIndexed } from '../../../src/core/data-file/text-index.js';
import { fold } from '../../../src/core/domain/text.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const hasData = existsSync(join(DATASETS, 'legisinfo-bills')) && existsSync(join(DATASETS, 'hoc-members-2023'));

/** Every distinct English and French long title of the LEGISinfo metadata, cut from the raw bytes
 *  (decoding the whole 230 MB file as text is the slow part). */
function realBillTitles(): string[] {
  const raw = gunzipSync(readFileSync(join(DATASETS, 'legisinfo-bills/bills_metadata.jsonl.gz')));
  const titles = new Set<string>();
  for (const tag of ['LongTitleEn', 'LongTitleFr']) {
    const open = Buffer.from(`<${tag}>`);
    for (let at = raw.indexOf(open); at >= 0; at = raw.indexOf(open, at + 1)) {
      const start = at + open.length;
      titles.add(raw.toString('utf8', start, raw.indexOf('<', start)).trim());
    }
  }
  return [...titles];
}

/** An in-memory data file with only what the indexes need: the folded columns, filled as the build does. */
function indexed(bills: string[], names: string[]) {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE bills (search_folded TEXT NOT NULL); CREATE TABLE politicians (name_folded TEXT NOT NULL);');
  db.exec(TEXT_INDEX_SQL);
  const insert = (table: string, column: string, texts: string[]) => {
    const stmt = db.prepare(`INSERT INTO ${table} (${column}) VALUES (?)`);
    for (const t of texts) stmt.run(fold(t));
  };
  insert('bills', 'search_folded', bills);
  insert('politicians', 'name_folded', names);
  writeTextIndexes(db);
  const texts: Record<TextIndexed, string[]> = { bills: bills.map(fold), politicians: names.map(fold) };
  const statements = new Map<string, Database.Statement>();
  return {
    /** Row numbers (1-based, in insertion order) the SQL condition selects (both of its forms). */
    sql(table: TextIndexed, q: string): number[] {
      const [a, b] = [false, true].map((walkOrderIndex) => {
        const [where, value] = containsText(table, 't', q, { walkOrderIndex });
        const sql = `SELECT t.rowid FROM ${table} t WHERE ${where} ORDER BY t.rowid`;
        let stmt = statements.get(sql);
        if (!stmt) statements.set(sql, (stmt = db.prepare(sql).pluck()));
        return stmt.all(value) as number[];
      });
      if (a.join() !== b.join()) throw new Error(`${table} ?q=${q}: the two forms differ`);
      return a;
    },
    /** The same by the spec's definition, in JavaScript. */
    oracle(table: TextIndexed, q: string): number[] {
      const needle = fold(q);
      return texts[table].flatMap((t, i) => (t.includes(needle) ? [i + 1] : []));
    },
    close: () => db.close(),
  };
}

/** Substrings of `texts` of lengths 1-12, a seeded sample of them, plus their upper-cased forms. */
function queriesFrom(texts: string[], n: number): string[] {
  const out = new Set<string>();
  let s = 17;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648);
  while (out.size < n) {
    const t = texts[next() % texts.length];
    const chars = [...t];
    if (!chars.length) continue;
    const len = 1 + (next() % 12);
    const at = next() % chars.length;
    const q = chars.slice(at, at + len).join('');
    out.add(q);
    if (out.size % 5 === 0) out.add(q.toUpperCase());
  }
  return [...out];
}

describe('substring semantics (spec: case-insensitive substring; accents folded as before)', () => {
  const bills = [
    'An Act to amend the Criminal Code (housing)',
    'Loi modifiant le Code criminel (logement)\u0001Loi sur le logement\u0001C-11',
    'Québec–Montréal high-speed rail “HSR” act',
    'O\'Brien "quoted" 100% _under_score_ back\\slash',
    'Straße ﬁnance ǅ Ǆ ĳ',
    '',
    'emoji 🍁 maple 🍁🍁 act',
    'C-1',
    'aaa aaaa aaaaa',
    'Côté, Chloé – résumé',
    'tab\there',
    'e\u0301cole combining',
    'nul\u0000byte inside',
  ];
  const names = ['Chloé Côté', 'Ziad Aboultaif', 'Élise Lévesque-Gagné', 'Jean-Yves Duclos', "Seamus O'Regan", 'Li Ma', 'Bo'];
  const idx = indexed(bills, names);

  test.each([
    ['bills', 'housing'],
    ['bills', 'HOUSING'],
    ['bills', 'quebec'],
    ['bills', 'QUÉBEC'],
    ['bills', 'montreal high'],
    ['bills', 'c-11'],
    ['bills', 'c-1'],
    ['bills', '"quoted"'],
    ['bills', 'o\'brien "'],
    ['bills', '100%'],
    ['bills', '%'],
    ['bills', '_'],
    ['bills', '_under'],
    ['bills', 'back\\sl'],
    ['bills', '\\'],
    ['bills', '🍁'],
    ['bills', '🍁🍁'],
    ['bills', 'maple 🍁'],
    ['bills', 'aaaa'],
    ['bills', 'aa'],
    ['bills', 'cote, chloe'],
    ['bills', 'résumé'],
    ['bills', 'ecole'],
    ['bills', 'école'],
    ['bills', 'straße'],
    ['bills', 'strasse'],
    ['bills', 'tab\th'],
    ['bills', 'AND'],
    ['bills', 'OR'],
    ['bills', 'NEAR('],
    ['bills', '*'],
    ['bills', 'act*'],
    ['bills', '^an'],
    ['bills', 'code criminel'],
    ['bills', 'x'],
    ['bills', ' '],
    ['bills', '  '],
    ['bills', '\u0301'],
    ['bills', 'no such text at all'],
    ['bills', 'abc\u0000def'],
    ['bills', 'l\u0000b'],
    ['bills', '\u0000'],
    ['bills', 'nul\u0000byte'],
    ['bills', 'NUL\u0000BY'],
    ['politicians', 'cote'],
    ['politicians', 'CHLOÉ'],
    ['politicians', 'levesque-ga'],
    ['politicians', "o'r"],
    ['politicians', 'ma'],
    ['politicians', 'bo'],
    ['politicians', 'li '],
    ['politicians', 'é'],
    ['politicians', 'e'],
    ['politicians', 'yves duc'],
  ] as Array<[TextIndexed, string]>)('%s ?q=%s', (table, q) => {
    expect(idx.sql(table, q)).toEqual(idx.oracle(table, q));
  });

  test('every substring of every hand-written text, 1 to 12 characters', () => {
    for (const [table, texts] of [
      ['bills', bills],
      ['politicians', names],
    ] as Array<[TextIndexed, string[]]>) {
      for (const t of texts) {
        const chars = [...t];
        for (let i = 0; i < chars.length; i++)
          for (let len = 1; len <= 12 && i + len <= chars.length; len++) {
            const q = chars.slice(i, i + len).join('');
            expect({ table, q, rows: idx.sql(table, q) }).toEqual({ table, q, rows: idx.oracle(table, q) });
          }
      }
    }
  });
});

describe.skipIf(!hasData)('on the real bill titles and member names', () => {
  test("1,800 substrings of the LEGISinfo bill titles (EN and FR) and the House members' names give the same rows as the oracle", {
    timeout: 60_000,
  }, () => {
    const titles = realBillTitles();
    const members = JSON.parse(readFileSync(join(DATASETS, 'hoc-members-2023/federal-legislators.json'), 'utf8')) as Array<{
      firstName: string;
      lastName: string;
    }>;
    const names = members.map((m) => `${m.firstName} ${m.lastName}`);
    expect(titles.length).toBeGreaterThan(5000);
    expect(names.length).toBeGreaterThan(300);
    const idx = indexed(titles, names);
    let matched = 0;
    for (const [table, texts, n] of [
      ['bills', titles, 1200],
      ['politicians', names, 600],
    ] as Array<[TextIndexed, string[], number]>) {
      for (const q of queriesFrom(texts, n)) {
        const rows = idx.sql(table, q);
        if (rows.length) matched++;
        // Compared as text: deep equality of thousands of numbers per query is the slow part.
        expect(`${table} ${q}: ${rows.join(',')}`).toBe(`${table} ${q}: ${idx.oracle(table, q).join(',')}`);
      }
    }
    expect(matched).toBeGreaterThan(1700); // the queries are substrings: nearly all match something
    idx.close();
  });
});
