// The learned encoder on the real datasets: Hansard paragraphs + bill titles (parallel EN/FR).
// Floors were measured by bench/encoder/run.ts-style runs at dim 128 (recall@10 0.917 with the
// bilingual step, 0.347 without; recall@1 0.675 / 0.161) and are asserted with a margin.
import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { billTitlePairs, hansardFiles, hansardParagraphs, parallelParagraphs } from '../../../../bench/encoder/corpus.js';
import { crossLingualRecall, nearestWords } from '../../../../bench/encoder/quality.js';
import { referenceEncoder } from '../../../../build-db/search/encoder/reference.js';
import { trainEncoder, type TrainedEncoder } from '../../../../build-db/search/encoder/train.js';

const DATASETS = join(import.meta.dir, '../../../../../shared/datasets');
const has = existsSync(join(DATASETS, 'legisinfo-bills')) && existsSync(join(DATASETS, 'hoc-hansard-xml-samples'));
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

describe.skipIf(!has)('learned encoder on real data', () => {
  let bi: TrainedEncoder, mono: TrainedEncoder, held: Array<{ en: string; fr: string }>;
  test('reads the corpus and trains with and without the bilingual step', () => {
    const titles = billTitlePairs(DATASETS);
    // 9,634 = 7,142 long-title pairs + 2,492 bills with both short titles (counted with zcat | grep).
    expect(titles.length).toBe(9634);
    const texts = hansardFiles(DATASETS).flatMap((f) => (f.includes('42-1-2') ? [] : hansardParagraphs(f).map((p) => p.text)));
    const parallel = parallelParagraphs(DATASETS);
    // Both editions of 42-1-2 have 272 ParaText elements with the same ids (grep -c '<ParaText').
    expect(parallel.length).toBe(272);
    held = titles.filter((t) => t.held);
    const pairs = [...parallel, ...titles.filter((t) => !t.held).map((t) => [t.en, t.fr] as const)];
    bi = trainEncoder({ texts, pairs }, { dim: 128 });
    mono = trainEncoder({ texts, pairs }, { dim: 128, crossWeight: 0 });
    expect(bi.card.vocab.length).toBeGreaterThan(10_000);
  }, 60_000);

  test('a French bill title finds its English title among held-out titles', () => {
    const withPairs = crossLingualRecall(held, referenceEncoder(bi.table, bi.card));
    const without = crossLingualRecall(held, referenceEncoder(mono.table, mono.card));
    expect(withPairs.queries).toBeGreaterThan(1000);
    expect(withPairs.at10).toBeGreaterThan(0.85);
    expect(withPairs.at1).toBeGreaterThan(0.6);
    expect(without.at10).toBeLessThan(withPairs.at10 - 0.4);
  });

  test('translations are near neighbours', () => {
    expect(nearestWords(bi.table, bi.card, 'health', 10)).toContain('sante');
    expect(nearestWords(bi.table, bi.card, 'veterans', 10)).toContain('combattants');
    expect(nearestWords(bi.table, bi.card, 'housing', 10).some((w) => w.startsWith('logement'))).toBe(true);
    expect(nearestWords(mono.table, mono.card, 'health', 10)).not.toContain('sante');
  });

  test('an unseen inflection lands next to its stem', () => {
    const embed = referenceEncoder(bi.table, bi.card);
    // zcat … | grep -oi 'reinvest[a-z]*': "reinvestment" 8 times in the Hansard samples, "reinvestments" never.
    expect(bi.card.vocab).not.toContain('reinvestments');
    expect(bi.card.vocab).toContain('reinvestment');
    const v = embed('reinvestments');
    expect(cos(v, embed('reinvestment'))).toBeGreaterThan(0.4);
    expect(cos(v, embed('reinvestment'))).toBeGreaterThan(cos(v, embed('veterans')) + 0.3);
  });
});
