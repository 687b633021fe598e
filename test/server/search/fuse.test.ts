// Weighted reciprocal rank fusion and the keyword-rank guarantee of rare-word matches.
import { describe, expect, test } from 'bun:test';
import { pinToKeywordRanks, reciprocalRankFusion } from '../../../src/server/search/fuse.js';
import { seededRandom } from '../../../build-db/search/encoder/random.js';

describe('reciprocalRankFusion', () => {
  test('Σ w / (k + rank), rank from 1; weight 0 leaves a list out; default weight 1', () => {
    const s = reciprocalRankFusion([[1, 2], [2, 3], [4]], 60, [1, 0.5, 0]);
    expect(s.get(1)).toBeCloseTo(1 / 61, 12);
    expect(s.get(2)).toBeCloseTo(1 / 62 + 0.5 / 61, 12);
    expect(s.get(3)).toBeCloseTo(0.5 / 62, 12);
    expect(s.has(4)).toBe(false);
    expect(reciprocalRankFusion([[7]]).get(7)).toBeCloseTo(1 / 61, 12);
  });
});

describe('pinToKeywordRanks', () => {
  test('a pinned chunk moves up to its keyword rank; the rest keep their fused order', () => {
    // Fused: a b c d e; keyword list ranks e second (rank 1): e moves to position 1.
    expect(pinToKeywordRanks([1, 2, 3, 4, 5], [{ id: 5, keywordRank: 1 }])).toEqual([1, 5, 2, 3, 4]);
    // Already ahead of its keyword rank: stays where fusion put it.
    expect(pinToKeywordRanks([5, 1, 2], [{ id: 5, keywordRank: 2 }])).toEqual([5, 1, 2]);
    expect(pinToKeywordRanks([1, 2], [])).toEqual([1, 2]);
  });

  test('on random lists: same chunks, and every pinned chunk at or before its keyword rank', () => {
    const rnd = seededRandom(7);
    for (let trial = 0; trial < 500; trial++) {
      const n = 1 + Math.floor(rnd() * 30);
      const fused = Array.from({ length: n }, (_, i) => i).sort(() => rnd() - 0.5);
      const keyword = [...fused].sort(() => rnd() - 0.5).slice(0, Math.floor(rnd() * n));
      const pinned = keyword.map((id, keywordRank) => ({ id, keywordRank })).filter(() => rnd() < 0.4);
      const out = pinToKeywordRanks(fused, pinned);
      expect([...out].sort((a, b) => a - b)).toEqual([...fused].sort((a, b) => a - b));
      for (const p of pinned) expect(out.indexOf(p.id)).toBeLessThanOrEqual(p.keywordRank);
    }
  });
});
