// The chunks a term's idf is reckoned over: those of its language. A French term (FRENCH_MARK)
// occurs in French chunks only and an English one in English chunks only, so its rarity is among
// those. Over all chunks, a word both languages write (police, transport, mandat) looked rarer as
// the French term, the French chunks being few (police: in 30 of 502 French chunks, 79 of 3,755
// English ones), and French chunks led an English query for it.
import type { SearchQueries } from '../db/search.js';
import { facetToken } from '../../core/data-file/keyword-index.js';
import { FRENCH_MARK } from '../../core/text/terms.js';

type Counts = Pick<SearchQueries, 'totalChunks' | 'matchCount'>;

/** Per served file (its queries object): the counts never change, so they are read once, not on
 *  every search and every query word. */
const byFile = new WeakMap<Counts, (term: string) => number>();

/** For a term, how many chunks could hold it: its language's (a number: all of them). */
export function chunksForTerm(queries: Counts): (term: string) => number {
  let of = byFile.get(queries);
  if (!of) {
    const total = queries.totalChunks();
    const french = queries.matchCount(`"${facetToken('language', 'fr')}"`);
    of = (term) => (/^\p{N}+$/u.test(term) ? total : term.endsWith(FRENCH_MARK) ? french : total - french);
    byFile.set(queries, of);
  }
  return of;
}
