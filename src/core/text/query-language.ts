// The language a query is written in, from its function words: the stop words of one language that
// are not the other's. Short function words are the classic cue of a text's language
// (Grefenstette 1995); a query without them (a name, a term alone) is not guessed from its content
// words, since those are what both languages may share (Pegasus, chrysotile, carbon tax).
import { isStop, type Lang } from './terms.js';
import { words } from './words.js';

/** "la taxe sur le carbone" is French, "criticism of the carbon tax" English; null when they hold
 *  as many of each (most names and terms alone). */
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
