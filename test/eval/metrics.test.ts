// The evaluation's metrics on examples computed by hand (log2 values: log2(2)=1, log2(3)≈1.585,
// log2(4)=2), plus the query-set parser.
import { describe, expect, test } from 'bun:test';
import { dcg, gain, mean, ndcgAt, recallAt } from '../../eval/metrics.js';
import { parseQueries } from '../../eval/queries.js';

const grades = (pairs: Array<[string, number]>) => new Map(pairs);

describe('NDCG', () => {
  test('gain is 2^g - 1', () => {
    expect([gain(0), gain(1), gain(2)]).toEqual([0, 1, 3]);
  });

  test('DCG of grades [2, 0, 1] = 3/1 + 0 + 1/2 = 3.5', () => {
    expect(dcg([2, 0, 1], 10)).toBeCloseTo(3.5, 10);
    expect(dcg([2, 0, 1], 1)).toBeCloseTo(3, 10);
  });

  test('a perfect ranking scores 1, a ranking with nothing relevant 0', () => {
    const g = grades([
      ['a', 2],
      ['b', 1],
    ]);
    expect(ndcgAt(['a', 'b', 'x'], g, 10)).toBeCloseTo(1, 10);
    expect(ndcgAt(['x', 'y'], g, 10)).toBe(0);
  });

  test('swapped order: DCG (1 + 3/log2 3) over ideal (3 + 1/log2 3) = 0.7967', () => {
    // 1/1 + 3/1.58496 = 2.89279; 3/1 + 1/1.58496 = 3.63093; ratio 0.79671
    const g = grades([
      ['a', 2],
      ['b', 1],
    ]);
    expect(ndcgAt(['b', 'a'], g, 10)).toBeCloseTo((1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)), 10);
    expect(ndcgAt(['b', 'a'], g, 10)).toBeCloseTo(0.79671, 4);
  });

  test('known item at rank 3 scores 1/log2(4) = 0.5; outside the cut-off 0', () => {
    const g = grades([['t', 2]]);
    expect(ndcgAt(['x', 'y', 't'], g, 10)).toBeCloseTo(0.5, 10);
    expect(ndcgAt(['x', 'y', 't'], g, 2)).toBe(0);
  });

  test('the ideal uses every judged chunk, not only those retrieved', () => {
    // retrieved a (2) at rank 1 only; ideal is [2, 2]: 3 / (3 + 3/1.58496) = 0.61315
    const g = grades([
      ['a', 2],
      ['b', 2],
      ['z', 0],
    ]);
    expect(ndcgAt(['a'], g, 10)).toBeCloseTo(3 / (3 + 3 / Math.log2(3)), 10);
  });

  test('a query without relevant judgments is not scored', () => {
    expect(ndcgAt(['a'], grades([['a', 0]]), 10)).toBeNull();
  });
});

describe('Recall', () => {
  test('counts grade >= 1 chunks in the top k over all relevant ones', () => {
    const g = grades([
      ['a', 2],
      ['b', 1],
      ['c', 1],
      ['d', 0],
    ]);
    expect(recallAt(['a', 'd', 'x', 'c'], g, 20)).toBeCloseTo(2 / 3, 10);
    expect(recallAt(['a', 'd', 'x', 'c'], g, 2)).toBeCloseTo(1 / 3, 10);
    expect(recallAt([], g, 20)).toBe(0);
    expect(recallAt(['a'], grades([['a', 0]]), 20)).toBeNull();
  });

  test('mean skips unscored queries', () => {
    expect(mean([1, null, 0.5])).toBeCloseTo(0.75, 10);
    expect(mean([null])).toBeNull();
  });
});

describe('query set parser', () => {
  const ok = {
    id: 'Q1',
    kind: 'topic-en',
    lang: 'en',
    text: 'carbon tax',
    note: 'why',
    judgments: [{ speech_key: 's/1', chunk_index: 0, grade: 2 }],
  };

  test('reads good lines and names bad ones by line number', () => {
    const text = [JSON.stringify(ok), '', '{not json', JSON.stringify({ ...ok, id: 'Q2', kind: 'other' }), JSON.stringify(ok)].join('\n');
    const { queries, problems } = parseQueries(text);
    expect(queries.map((q) => q.id)).toEqual(['Q1']);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toStartWith('line 3:');
    expect(problems[1]).toContain('line 4: kind must be one of');
    expect(problems[2]).toBe('line 5: duplicate id Q1');
  });

  test('rejects a grade outside 0-2', () => {
    const { problems } = parseQueries(JSON.stringify({ ...ok, judgments: [{ speech_key: 's/1', chunk_index: 0, grade: 3 }] }));
    expect(problems[0]).toContain('bad judgment');
  });
});
