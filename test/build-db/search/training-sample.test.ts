// The encoder's training sample: each legislature's fair share (water-filling), so a large Hansard
// beside a small one leaves the small one whole.
import { describe, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import { fairShares, sampledTexts } from '../../../build-db/search/training-sample.js';

describe('fairShares', () => {
  test('groups smaller than an equal share are taken whole; the rest share what they leave', () => {
    // 50,000 over four: 12,500 each; 3,656 + 601 + 355 taken whole leave 45,388 to the largest.
    expect(fairShares([3656, 601, 355, 130161], 50_000)).toEqual([3656, 601, 355, 45_388]);
  });
  test('everything when the total fits, nothing for empty groups', () => {
    expect(fairShares([10, 0, 5], 100)).toEqual([10, 0, 5]);
  });
  test('equal shares of large groups sum to the limit, the remainder one each', () => {
    const s = fairShares([100, 100, 100], 10);
    expect(s).toEqual([4, 3, 3]);
    expect(fairShares([1000, 1000], 7).reduce((a, b) => a + b, 0)).toBe(7);
  });
  test('a limit below the number of groups gives one each to the first', () => {
    expect(fairShares([5, 5, 5], 2)).toEqual([1, 1, 0]);
  });
});

describe('sampledTexts', () => {
  test("a small legislature's chunks are all in the sample beside a large one's every n-th, in rowid order", () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE chunks (text TEXT, level TEXT, province_territory TEXT)');
    const add = db.prepare('INSERT INTO chunks VALUES (?, ?, ?)');
    for (let i = 0; i < 100; i++) add.run(`on ${i}`, 'provincial', 'ON');
    for (let i = 0; i < 5; i++) add.run(`fed ${i}`, 'federal', null);
    const texts = sampledTexts(db, 25);
    expect(texts.length).toBe(25);
    expect(texts.filter((t) => t.startsWith('fed'))).toEqual(['fed 0', 'fed 1', 'fed 2', 'fed 3', 'fed 4']);
    // Ontario's 20: every 5th of its 100 chunks, spread over all of them.
    expect(texts.filter((t) => t.startsWith('on'))).toEqual(Array.from({ length: 20 }, (_, i) => `on ${i * 5}`));
    expect(texts.at(-1)).toBe('fed 4');
    // Below the limit: every chunk.
    expect(sampledTexts(db, 1000).length).toBe(105);
  });
});
