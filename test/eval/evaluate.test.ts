// The evaluation's summaries (eval/evaluate.ts) on a hand-made query set and ranker: kinds, halves,
// a named subset beside the kinds, and targets that leave subsets out.
import { describe, expect, test } from 'bun:test';
import { evaluate, targets } from '../../eval/evaluate.js';
import { bm25NothingIds } from '../../eval/bm25-nothing.js';
import type { EvalQuery } from '../../eval/queries.js';

const q = (id: string, kind: EvalQuery['kind'], text: string, relevant: string): EvalQuery => ({
  id,
  kind,
  lang: 'en',
  text,
  note: '',
  judgments: [{ speech_key: relevant, chunk_index: 0, grade: 2 }],
});
// Two cross-lingual queries (one per half) and one topic query. BM25 finds x1's chunk at rank 1,
// nothing for x2; hybrid finds x2's at rank 1 and x1's at rank 2.
const queries = [q('x1', 'cross-lingual', 'one', 'a'), q('t1', 'topic-en', 'two', 'c'), q('x2', 'cross-lingual', 'three', 'b')];
const rankings: Record<string, Record<string, string[]>> = {
  one: { bm25: ['a#0'], hybrid: ['z#0', 'a#0'] },
  two: { bm25: ['c#0'], hybrid: ['c#0'] },
  three: { bm25: ['z#0'], hybrid: ['b#0'] },
};
const rank = async (text: string, mode: string) => rankings[text][mode] ?? [];

describe('evaluate with a subset', () => {
  test('the cross-lingual queries BM25 finds nothing for are those whose BM25 top 10 holds no relevant chunk', async () => {
    expect([...(await bm25NothingIds(queries, (t) => rank(t, 'bm25')))]).toEqual(['x2']);
  });

  test('a subset row follows the kinds, is scored like them, and is not a target', async () => {
    const ids = await bm25NothingIds(queries, (t) => rank(t, 'bm25'));
    const e = await evaluate(queries, rank, ['bm25', 'hybrid'], [{ label: 'nothing', ids }]);
    const all = e.overall.find((s) => s.label === 'nothing')!;
    expect(all.queries).toBe(1);
    expect(all.ndcg.bm25).toBe(0);
    expect(all.ndcg.hybrid).toBe(1);
    // x2 is the 2nd cross-lingual query: held out.
    expect(e.halves['held-out'].map((s) => s.label)).toEqual(['held-out half', 'cross-lingual', 'nothing']);
    expect(e.halves.tuning.map((s) => s.label)).toEqual(['tuning half', 'topic-en', 'cross-lingual']);
    expect(targets(e.halves['held-out']).map((t) => t.what)).toEqual(['overall', 'cross-lingual']);
  });
});
