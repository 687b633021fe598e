// Which of our politicians a Wikidata person is. First the identifier both sides hold: the Q id
// itself, which EveryPolitician's Commons files carry for every member of the 41st and 42nd
// Parliaments (our key `wikidata/<Q>`). Else the identity rule by name among the people holding a
// House seat on a day of the person's own House term on Wikidata (position held, with its start and
// end): never by name alone, so a person with no dated House term on Wikidata is not joined.
import type { Identity, Resolution } from '../identity.js';
import { END_TIME, MEMBER_OF_HOUSE_OF_COMMONS, POSITION_HELD, START_TIME } from './platforms.js';
import { type Entity, itemValue, label, qualifierDay, statements } from './entity.js';

export const wikidataKey = (qid: string) => `wikidata/${qid}`;

export interface HouseTerm {
  start: string;
  end: string | null;
}

/** The person's dated House of Commons terms on Wikidata, oldest first. */
export function houseTerms(e: Entity): HouseTerm[] {
  return statements(e, POSITION_HELD)
    .filter((s) => itemValue(s) === MEMBER_OF_HOUSE_OF_COMMONS)
    .map((s) => ({ start: qualifierDay(s, START_TIME), end: qualifierDay(s, END_TIME) }))
    .filter((t): t is HouseTerm => t.start !== null)
    .sort((a, b) => a.start.localeCompare(b.start));
}

const DAY = 86_400_000;
/** A day well inside a term: its middle, or 30 days after an open term's start (a seat's first day
 *  differs between sources by election day, validation and swearing-in). */
function dayInside(t: HouseTerm): string {
  const start = Date.parse(`${t.start}T12:00:00Z`);
  const end = t.end ? Date.parse(`${t.end}T12:00:00Z`) : start + 60 * DAY;
  return new Date(start + Math.max(0, end - start) / 2).toISOString().slice(0, 10);
}

export function joinPerson(identity: Identity, source: string, e: Entity): Resolution & { terms: HouseTerm[] } {
  const terms = houseTerms(e);
  const byId = identity.canonical(wikidataKey(e.id));
  if (byId) return { key: byId, method: 'id', terms };
  const name = label(e);
  if (!name) return { key: null, reason: 'no_name', terms };
  if (!terms.length)
    return {
      key: null,
      reason: 'no_candidate',
      detail: `${name}: no dated House of Commons term on Wikidata, and a name alone is not enough`,
      terms,
    };
  // The newest term first: the person's current name is the roster's most likely spelling. Tried
  // with lookup() so that only the query kept is counted in the source's tally.
  const queries = [...terms].reverse().map((t) => ({ name, office: 'MP', level: 'federal', on: dayInside(t) }));
  const chosen =
    queries.find((q) => {
      const r = identity.lookup(q);
      return r.key !== null || r.reason === 'ambiguous';
    }) ?? queries[0];
  return { ...identity.resolve(source, chosen), terms };
}
