// The language a query is written in, for grouping the tuning queries (eval/tune.ts).
import { isStop, type Lang } from '../src/core/text/terms.js';
import { words } from '../src/core/text/words.js';

/** The language whose function words (its stop words that are not the other's) a text holds more
 *  of: "la taxe sur le carbone" is French, "criticism of the carbon tax" English; null when they are
 *  as many, which is most of a name or a term alone ("Pegasus", "carbon tax", "chrysotile"). Short
 *  function words are the classic cue of a text's language (Grefenstette 1995); a query without
 *  them is not guessed from its content words. The engine does not weigh by it: eval/tune.ts
 *  groups the tuning queries by it (so it lives here, not in src/), and weights per language lost
 *  on the held-out half (docs/search-quality.md "Weights by the query's language"). */
export function writtenIn(text: string): Lang | null {
  let en = 0,
    fr = 0;
  for (const w of words(text)) {
    // A letter alone is a bill's (C-36) or an initial, not a function word.
    if (w.norm.length < 2) continue;
    const e = isStop(w.norm, 'en'),
      f = isStop(w.norm, 'fr');
    if (e && !f) en++;
    else if (f && !e) fr++;
  }
  return en > fr ? 'en' : fr > en ? 'fr' : null;
}
