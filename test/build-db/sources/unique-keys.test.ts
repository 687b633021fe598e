// The speeches' duplicate-key check in bounded memory (build-db/sources/unique-keys.ts): the same
// report as a Map of every key, hash collisions never reported, and its memory a few bytes a key.
import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { keyHash, UniqueKeys, type Located } from '../../../build-db/sources/unique-keys.js';

type Row = Located & { key: string };

/** What the check reported before: a Map of every key to where it was first seen. */
function byMap(rows: Row[]) {
  const seen = new Map<string, Located>();
  const out: Array<{ line: number; file: string; key: string; first: Located }> = [];
  for (const r of rows) {
    const first = seen.get(r.key);
    if (first) out.push({ file: r.file, line: r.line, key: r.key, first });
    else seen.set(r.key, { file: r.file, line: r.line });
  }
  return out;
}

function check(rows: Row[], hash = keyHash) {
  const keys = new UniqueKeys(rows.length, hash);
  for (const r of rows) keys.add(r.key);
  return keys.duplicates(rows, (r) => r.key).map(({ row, key, first }) => ({ file: row.file, line: row.line, key, first }));
}

const rows: Row[] = [
  { file: 'speeches.a.jsonl', line: 1, key: 'k1' },
  { file: 'speeches.a.jsonl', line: 2, key: 'k2' },
  { file: 'speeches.a.jsonl', line: 3, key: 'k1' },
  { file: 'speeches.b.jsonl', line: 1, key: 'k3' },
  { file: 'speeches.b.jsonl', line: 2, key: 'k1' },
  { file: 'speeches.b.jsonl', line: 3, key: 'k2' },
  { file: 'speeches.b.jsonl', line: 4, key: 'K1' },
];

describe('UniqueKeys', () => {
  test('every later record of a key, with where the first one is, across files', () => {
    const got = check(rows);
    expect(got).toEqual([
      { file: 'speeches.a.jsonl', line: 3, key: 'k1', first: { file: 'speeches.a.jsonl', line: 1 } },
      { file: 'speeches.b.jsonl', line: 2, key: 'k1', first: { file: 'speeches.a.jsonl', line: 1 } },
      { file: 'speeches.b.jsonl', line: 3, key: 'k2', first: { file: 'speeches.a.jsonl', line: 2 } },
    ]);
    expect(got).toEqual(byMap(rows));
  });

  test('no duplicates, none reported; the array grows past the expected count', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ file: 'speeches.jsonl', line: i + 1, key: `ca-hoc/speech/${i}` }));
    expect(check(many)).toEqual([]);
    const keys = new UniqueKeys(3);
    for (const r of [...many, many[4321]]) keys.add(r.key);
    expect(keys.duplicates([...many, { ...many[4321], line: 5001 }], (r) => r.key)).toEqual([
      {
        row: { file: 'speeches.jsonl', line: 5001, key: 'ca-hoc/speech/4321' },
        key: 'ca-hoc/speech/4321',
        first: { file: 'speeches.jsonl', line: 4322 },
      },
    ]);
  });

  test('hashes that collide are told apart by the keys themselves', () => {
    // Every key has the same hash: only the keys that are equal are reported.
    expect(check(rows, () => 7)).toEqual(byMap(rows));
    const distinct = rows.filter((r, i) => rows.findIndex((s) => s.key === r.key) === i);
    expect(check(distinct, () => 7)).toEqual([]);
  });

  test('the hash is 53 bits, an exact double, and spreads similar keys', () => {
    const hashes = new Set<number>();
    for (let i = 0; i < 100_000; i++) {
      const h = keyHash(`ca-hoc/speech/2021-03-04/${i}`);
      expect(Number.isSafeInteger(h) && h >= 0).toBe(true);
      hashes.add(h);
    }
    expect(hashes.size).toBe(100_000);
  });

  test('a million keys hold ~8 MB, where a Map of them held hundreds', () => {
    // In processes of their own: heap and array buffers kept after a full collection, keys made one at
    // a time (measured: 8.1 MB against 143 MB).
    const script = join(import.meta.dir, 'unique-keys-memory.ts');
    const kept = (mode: string) => {
      const r = spawnSync(process.execPath, [script, mode, '1000000'], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
      return Number(r.stdout.trim());
    };
    const unique = kept('unique'),
      map = kept('map');
    expect(unique).toBeLessThan(12 * 2 ** 20);
    expect(map).toBeGreaterThan(10 * unique);
  }, 60_000);
});
