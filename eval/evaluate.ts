// Scores every query of the set under each ranking mode: NDCG@10 and Recall@20 per query, then
// means overall and per query kind. Pure over a `rank` function, so it is testable without data.
import { mean, ndcgAt, recallAt } from './metrics.js';
import { gradesOf, KINDS, type EvalQuery, type QueryKind } from './queries.js';
import { MODES, type Mode } from './rank.js';

export const NDCG_K = 10;
export const RECALL_K = 20;

export interface QueryScore { id: string; kind: QueryKind; ndcg: Record<Mode, number | null>; recall: Record<Mode, number | null> }
export interface Summary { queries: number; ndcg: Record<Mode, number | null>; recall: Record<Mode, number | null> }
export interface Evaluation { perQuery: QueryScore[]; overall: Summary; byKind: Array<Summary & { kind: QueryKind }>; byHalf: Array<Summary & { half: Half }> }

/** Engine constants (the feedback weight) are chosen on the tuning half, the queries at even
 *  positions of the file (1st, 3rd, ...); the other half shows whether the choice holds. */
export const HALVES = ['tuning', 'held-out'] as const;
export type Half = (typeof HALVES)[number];

const byMode = <T>(f: (m: Mode) => T) => Object.fromEntries(MODES.map((m) => [m, f(m)])) as Record<Mode, T>;

function summarise(scores: QueryScore[]): Summary {
  return {
    queries: scores.length,
    ndcg: byMode((m) => mean(scores.map((s) => s.ndcg[m]))),
    recall: byMode((m) => mean(scores.map((s) => s.recall[m]))),
  };
}

export async function evaluate(queries: EvalQuery[], rank: (q: string, mode: Mode) => Promise<string[]>): Promise<Evaluation> {
  const perQuery: QueryScore[] = [];
  for (const q of queries) {
    const grades = gradesOf(q);
    const ndcg = {} as Record<Mode, number | null>;
    const recall = {} as Record<Mode, number | null>;
    for (const mode of MODES) {
      const ranking = await rank(q.text, mode);
      ndcg[mode] = ndcgAt(ranking, grades, NDCG_K);
      recall[mode] = recallAt(ranking, grades, RECALL_K);
    }
    perQuery.push({ id: q.id, kind: q.kind, ndcg, recall });
  }
  const byKind = KINDS.map((kind) => ({ kind, ...summarise(perQuery.filter((s) => s.kind === kind)) })).filter((s) => s.queries > 0);
  const byHalf = HALVES.map((half, h) => ({ half, ...summarise(perQuery.filter((_, i) => i % 2 === h)) }));
  return { perQuery, overall: summarise(perQuery), byKind, byHalf };
}
