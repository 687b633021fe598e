// Scores every query of the set under each ranking mode: NDCG@10 and Recall@20 per query, then
// means overall, per query kind and per half (tuning / held-out), and per kind within each half.
// Pure over a `rank` function, so it is testable without data.
import { mean, ndcgAt, recallAt } from './metrics.js';
import { gradesOf, halfOf, HALVES, KINDS, type EvalQuery, type Half, type QueryKind } from './queries.js';
import { MODES, type Mode } from './rank.js';

export const NDCG_K = 10;
export const RECALL_K = 20;

export interface QueryScore {
  id: string;
  kind: QueryKind;
  half: Half;
  ndcg: Record<Mode, number | null>;
  recall: Record<Mode, number | null>;
}
export interface Summary {
  label: string;
  queries: number;
  ndcg: Record<Mode, number | null>;
  recall: Record<Mode, number | null>;
  subset?: boolean;
}
export interface Evaluation {
  perQuery: QueryScore[];
  /** Everything, each kind, each half. */
  overall: Summary[];
  /** Per half: the half overall, then each kind within it. */
  halves: Record<Half, Summary[]>;
}

const byMode = <T>(f: (m: Mode) => T) => Object.fromEntries(MODES.map((m) => [m, f(m)])) as Record<Mode, T>;

function summarise(label: string, scores: QueryScore[]): Summary {
  return {
    label,
    queries: scores.length,
    ndcg: byMode((m) => mean(scores.map((s) => s.ndcg[m]))),
    recall: byMode((m) => mean(scores.map((s) => s.recall[m]))),
  };
}

/** A named set of queries reported beside the kinds (e.g. the cross-lingual queries that share no
 *  word with their relevant chunks); its rows are not targets. */
export interface Subset {
  label: string;
  ids: ReadonlySet<string>;
}

/** 'all', each kind that has queries, then each subset that has queries. */
const table = (scores: QueryScore[], all: string, subsets: readonly Subset[]) => [
  summarise(all, scores),
  ...KINDS.map((kind) =>
    summarise(
      kind,
      scores.filter((s) => s.kind === kind),
    ),
  ).filter((s) => s.queries > 0),
  ...subsets
    .map((sub) => ({
      ...summarise(
        sub.label,
        scores.filter((s) => sub.ids.has(s.id)),
      ),
      subset: true,
    }))
    .filter((s) => s.queries > 0),
];

export async function evaluate(
  queries: EvalQuery[],
  rank: (q: string, mode: Mode) => Promise<string[]>,
  modes: readonly Mode[] = MODES,
  subsets: readonly Subset[] = [],
): Promise<Evaluation> {
  const halves = halfOf(queries);
  const perQuery: QueryScore[] = [];
  for (const q of queries) {
    const grades = gradesOf(q);
    const ndcg = byMode(() => null as number | null);
    const recall = byMode(() => null as number | null);
    for (const mode of modes) {
      const ranking = await rank(q.text, mode);
      ndcg[mode] = ndcgAt(ranking, grades, NDCG_K);
      recall[mode] = recallAt(ranking, grades, RECALL_K);
    }
    perQuery.push({ id: q.id, kind: q.kind, half: halves.get(q.id)!, ndcg, recall });
  }
  const overall = [
    ...table(perQuery, 'all', subsets),
    ...HALVES.map((h) =>
      summarise(
        `${h} half`,
        perQuery.filter((s) => s.half === h),
      ),
    ),
  ];
  return {
    perQuery,
    overall,
    halves: Object.fromEntries(
      HALVES.map((h) => [
        h,
        table(
          perQuery.filter((s) => s.half === h),
          `${h} half`,
          subsets,
        ),
      ]),
    ) as Record<Half, Summary[]>,
  };
}

/** The issue's targets on a half: hybrid NDCG@10 at least BM25's in every kind, ≥ 1.2 × overall,
 *  ≥ 2.5 × on cross-lingual. */
export interface Target {
  what: string;
  hybrid: number;
  bm25: number;
  need: number;
  met: boolean;
}
export function targets(half: Summary[]): Target[] {
  const out: Target[] = [];
  for (const s of half.filter((x) => !x.subset)) {
    const h = s.ndcg.hybrid ?? 0,
      b = s.ndcg.bm25 ?? 0;
    const isAll = s.label.endsWith('half');
    const factor = isAll ? 1.2 : s.label === 'cross-lingual' ? 2.5 : 1;
    out.push({ what: isAll ? 'overall' : s.label, hybrid: h, bm25: b, need: factor, met: h >= factor * b });
  }
  return out;
}
