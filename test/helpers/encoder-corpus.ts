// A synthetic bilingual corpus for encoder tests: sentences drawn from a few topics, each topic
// with English words and their French translations, so the right neighbours are known by
// construction. Seeded: every run sees the same text.
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../../build-db/search/encoder/random.js';

export const TOPICS = [
  {
    en: ['health', 'hospital', 'doctors', 'patients', 'nurses', 'care'],
    fr: ['santé', 'hôpital', 'médecins', 'patients', 'infirmières', 'soins'],
  },
  {
    en: ['budget', 'deficit', 'spending', 'taxes', 'revenue', 'debt'],
    fr: ['budget', 'déficit', 'dépenses', 'impôts', 'recettes', 'dette'],
  },
  {
    en: ['housing', 'rent', 'homes', 'mortgage', 'tenants', 'construction'],
    fr: ['logement', 'loyer', 'maisons', 'hypothèque', 'locataires', 'construction'],
  },
  {
    en: ['veterans', 'soldiers', 'military', 'pension', 'service', 'forces'],
    fr: ['anciens', 'combattants', 'militaires', 'pension', 'service', 'armée'],
  },
];
const FILLER = {
  en: ['the', 'minister', 'government', 'said', 'that', 'and', 'our', 'for', 'is'],
  fr: ['le', 'ministre', 'gouvernement', 'a', 'dit', 'que', 'et', 'notre', 'pour', 'la'],
};

export interface SyntheticCorpus {
  texts: string[];
  pairs: Array<[string, string]>;
}

/** `n` English and `n` French sentences (monolingual) plus `p` parallel pairs. */
export function syntheticCorpus(n = 1500, p = 300, seed = 7): SyntheticCorpus {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const sentence = (): { en: string; fr: string } => {
    const t = pick(TOPICS);
    const en: string[] = [],
      fr: string[] = [];
    for (let i = 0; i < 10; i++) {
      if (rnd() < 0.5) {
        const k = Math.floor(rnd() * t.en.length);
        en.push(t.en[k]);
        fr.push(t.fr[k]);
      } else {
        en.push(pick(FILLER.en));
        fr.push(pick(FILLER.fr));
      }
    }
    return { en: en.join(' '), fr: fr.join(' ') };
  };
  const texts: string[] = [];
  for (let i = 0; i < n; i++) {
    texts.push(sentence().en);
    texts.push(sentence().fr);
  }
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < p; i++) {
    const s = sentence();
    pairs.push([s.en, s.fr]);
  }
  return { texts, pairs };
}

/** onnxruntime leaves $TMPDIR/.ses and mat-debug-<pid>.log behind; remove what this process made. */
export function onnxCleanup(): () => void {
  const ses = join(tmpdir(), '.ses');
  const hadSes = existsSync(ses);
  return () => {
    rmSync(join(tmpdir(), `mat-debug-${process.pid}.log`), { force: true });
    if (!hadSes) rmSync(ses, { force: true });
  };
}
