// Who said it, who sponsored it, who voted, and whether two sources name the same person: the one
// identity rule every importer goes through (docs/importers.md, "Identity rules").
//   resolve(): an act (speech, ballot, sponsorship, handle) → the politician who held the seat that
//     day: an upstream id first; then the name, among people serving that day, narrowed by the riding
//     and party of that day; then the surname with the riding; then the surname alone when exactly
//     one person serving that day has it. Two or more candidates left: unlinked ("ambiguous"), never
//     a guess.
//   matchPerson(): a person record of a people source → the politician already known as them: by an
//     upstream id, else by name AND a shared riding or an overlapping seat, with no clash of House
//     PersonIds.
// People are the merged view of every part in the bundle (build-db/sources/merge-politicians.ts), so
// any key of a person (a PersonId, a ParlInfo id, an EveryPolitician id) resolves to the kept key.
import { fold } from '../../src/core/domain/text.js';
import { federalParliament } from '../../src/core/domain/federal-parliaments.js';
import { termsOverlap } from '../sources/merge-politicians.js';

export interface PersonTerm {
  start_at: string;
  end_at?: string | null;
  elected_office?: string | null;
  constituency_name?: string | null;
  party?: string | null;
  parliament_number?: number | null;
}

export interface Person {
  key: string;
  name: string;
  same_as?: string[];
  other_names?: string[];
  first_name?: string | null;
  last_name?: string | null;
  /** The person's latest riding and party: what a term that does not say falls back to. */
  constituency_name?: string | null;
  party?: string | null;
  level?: string | null;
  province_territory?: string | null;
  /** Terms as [start, end|null] ISO strings; a name match can be limited to people serving on a date. */
  terms?: PersonTerm[];
}

export interface PersonQuery {
  /** A politician key built from an upstream id (e.g. `ca-hoc/person/89156`); used when known. */
  key?: string | null;
  name?: string | null;
  lastName?: string | null;
  constituency?: string | null;
  party?: string | null;
  /** Date (YYYY-MM-DD) the person acted: limits name matches to people in office that day. */
  on?: string | null;
  /** Only people of this level (and province): a BC speaker is never matched to a federal MP. */
  level?: string | null;
  province?: string | null;
  /** Only terms of this office ("MP", "Senator"): a House speaker is never matched to a senator. */
  office?: string | null;
}

/** `source_record`: the act's own source names the person, who gets a politician record from it. */
export type Method = 'id' | 'name' | 'last_name+constituency' | 'last_name' | 'source_record';
export type Failure = 'no_candidate' | 'ambiguous' | 'no_name';
export type Resolution = { key: string; method: Method } | { key: null; reason: Failure; detail?: string };

/** The report's reason for a record whose person `resolve` could not name: several fit, or none.
 *  `members` names who was looked among ("BC members"); `when` what they had to be doing. */
export function unlinkedReason(
  what: 'speaker' | 'voter' | 'sponsor',
  failure: Failure,
  members = 'members',
  when = ' serving that day',
): string {
  return `${what} unlinked: ${failure === 'ambiguous' ? `several ${members} fit` : `no ${members.replace(/s$/, '')} of that name${when}`}`;
}

export interface Tally {
  total: number;
  resolved: number;
  byMethod: Partial<Record<Method, number>>;
  ambiguous: number;
  unmatched: number;
}

// Titles printed before a name (English and French), honours and degrees after it.
const TITLES =
  /^(?:(?:the\s+)?(?:right\s+|rt\.?\s+)?hon(?:ourable|\.)?|mr|mrs|ms|miss|mx|dr|prof|sen(?:ator)?|sir|dame|m|mme|mlle|me|l['’]hon(?:\.|orable)?|l['’]honorable|le\s+tr[eè]s\s+hon(?:\.|orable)?|la\s+tr[eè]s\s+hon(?:\.|orable)?|hon\.?)\.?\s+/i;
const HONOURS = /,?\s+(?:p\.?\s?c\.?|q\.?\s?c\.?|k\.?\s?c\.?|c\.?\s?m\.?|o\.?\s?c\.?|b\.?\s?a\.?|m\.?\s?p\.?|jr\.?|sr\.?)\s*$/i;

/** Folded person name: no titles, honours, accents, punctuation, hyphens or case; spaces collapsed. */
export function personName(raw: string): string {
  let s = raw.trim();
  for (let i = 0; i < 3 && TITLES.test(s); i++) s = s.replace(TITLES, '');
  for (let i = 0; i < 3 && HONOURS.test(s); i++) s = s.replace(HONOURS, '');
  return fold(s)
    .replace(/[‐-―-]/g, ' ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A printed name without its titles, as written otherwise: "Mr. Jean Roy" → "Jean Roy". */
export function bareName(raw: string): string {
  let s = raw.trim();
  for (let i = 0; i < 3 && TITLES.test(s); i++) s = s.replace(TITLES, '');
  return s;
}

/** The name without middle names and initials: first word and the surname ("harjit s sajjan" → "harjit sajjan"). */
function shortName(folded: string, lastName: string | null): string | null {
  const words = folded.split(' ');
  const last = lastName ? personName(lastName) : words.at(-1)!;
  if (!last || words.length < 2 || !folded.endsWith(last)) return null;
  const given = folded
    .slice(0, folded.length - last.length)
    .trim()
    .split(' ')
    .filter((w) => w.length > 1);
  return given.length ? `${given[0]} ${last}` : null;
}

/** Folded riding name: dashes and punctuation ignored ("Parry Sound—Muskoka" = "parry sound muskoka"),
 *  ligatures spelled out (the OCD list's "Île-des-Sœurs" is the House's "Île-des-Soeurs"). */
export function placeName(raw: string): string {
  return fold(raw.replace(/[œŒ]/g, 'oe').replace(/[æÆ]/g, 'ae'))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Two spellings of one surname: equal folded, or one the end of the other ("Blanchette-Lamothe", "Lamothe"). */
function sameSurname(a: { name: string; last_name?: string | null }, b: { name: string; last_name?: string | null }): boolean {
  const last = (x: typeof a) => personName(x.last_name ?? x.name.split(' ').at(-1) ?? '');
  const [x, y] = [last(a), last(b)];
  return (
    !!x &&
    !!y &&
    (x === y || x.endsWith(` ${y}`) || y.endsWith(` ${x}`) || personName(a.name).endsWith(y) || personName(b.name).endsWith(x))
  );
}

const sameFolded = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && fold(a).trim() === fold(b).trim();
const day = (ts: string | null | undefined) => (ts ? ts.slice(0, 10) : null);
/** A House seat a source left open cannot outlast its Parliament: without this, a roster's open
 *  44th-Parliament seat still "held" the day of a 45th-Parliament act, and the act's member got no
 *  45th seat (the build closes the same term at the dissolution, after import). */
const seatEnd = (t: PersonTerm) => (t.parliament_number ? (federalParliament(t.parliament_number)?.dissolved ?? null) : null);

export interface PeopleMatch {
  key: string | null;
  reason?: 'ambiguous' | 'conflict';
  detail?: string;
}

export class Identity {
  private byKey = new Map<string, Person>();
  private alias = new Map<string, string>();
  private byName = new Map<string, Person[]>();
  private byShortName = new Map<string, Person[]>();
  private byLast = new Map<string, Person[]>();
  /** Each word of a compound surname ("Rempel Garner" → rempel, garner): division lists of the
   *  years before a marriage or after print one part. Consulted only when the whole surname finds nobody. */
  private byLastPart = new Map<string, Person[]>();
  readonly tallies = new Map<string, Tally>();

  constructor(people: Iterable<Person> = []) {
    for (const p of people) this.add(p);
  }

  add(p: Person): void {
    if (this.byKey.has(p.key)) return;
    this.byKey.set(p.key, p);
    for (const k of p.same_as ?? []) if (!this.byKey.has(k)) this.alias.set(k, p.key);
    const push = (map: Map<string, Person[]>, k: string | null) => {
      if (k && !map.get(k)?.includes(p)) map.set(k, [...(map.get(k) ?? []), p]);
    };
    const full = [p.name, ...(p.other_names ?? [])];
    if (p.first_name && p.last_name) full.push(`${p.first_name} ${p.last_name}`);
    for (const n of full) {
      const f = personName(n);
      push(this.byName, f);
      push(this.byShortName, shortName(f, p.last_name ?? null));
    }
    const surname = p.last_name ? personName(p.last_name) : (personName(p.name).split(' ').at(-1) ?? null);
    push(this.byLast, surname);
    if (surname?.includes(' ')) for (const part of surname.split(' ')) if (part.length > 2) push(this.byLastPart, part);
  }

  has(key: string): boolean {
    return this.canonical(key) !== null;
  }

  /** Whether any person of this level (and province) is known: a legislature's roster is present. */
  hasRoster(level: string, province: string | null = null): boolean {
    for (const p of this.byKey.values()) if (p.level === level && (p.province_territory ?? null) === province) return true;
    return false;
  }
  get size(): number {
    return this.byKey.size;
  }

  /** The kept key of a person known by `key` (their own or any of their other keys), else null. */
  canonical(key: string): string | null {
    if (this.byKey.has(key)) return key;
    return this.alias.get(key) ?? null;
  }

  person(key: string): Person | undefined {
    const k = this.canonical(key);
    return k ? this.byKey.get(k) : undefined;
  }

  /** The term a person held on a date (the latest started, when a source overlaps two); a term that
   *  does not name its riding or party takes the person's. */
  termOn(key: string, on: string, office?: string | null): PersonTerm | null {
    const p = this.person(key);
    const t = p ? this.termsOn(p, on, office).at(-1) : undefined;
    return t ? { ...t, constituency_name: t.constituency_name ?? p!.constituency_name ?? null, party: t.party ?? p!.party ?? null } : null;
  }

  private termsOn(p: Person, on: string | null | undefined, office?: string | null): PersonTerm[] {
    const terms = (p.terms ?? []).filter((t) => !office || !t.elected_office || sameFolded(t.elected_office, office));
    if (!on) return terms;
    return terms
      .filter((t) => day(t.start_at)! <= on && (day(t.end_at) ?? seatEnd(t) ?? on) >= on)
      .sort((a, b) => a.start_at.localeCompare(b.start_at));
  }

  private inScope(p: Person, q: Pick<PersonQuery, 'level' | 'province' | 'on' | 'office'>): boolean {
    if (q.level && p.level && p.level !== q.level) return false;
    if (q.province && (p.province_territory ?? null) !== q.province) return false;
    if (!p.terms?.length) return !q.office;
    return this.termsOn(p, q.on, q.office).length > 0;
  }

  /** The riding and party a person had on the query's date (else their latest). */
  private seatOf(p: Person, q: PersonQuery): { ridings: string[]; parties: string[] } {
    const terms = this.termsOn(p, q.on, q.office);
    const ridings = terms.map((t) => t.constituency_name ?? p.constituency_name).filter((x): x is string => !!x);
    const parties = terms.map((t) => t.party ?? p.party).filter((x): x is string => !!x);
    return {
      ridings: ridings.length ? ridings : p.constituency_name ? [p.constituency_name] : [],
      parties: parties.length ? parties : p.party ? [p.party] : [],
    };
  }

  /**
   * The rule, in order: (1) the upstream id's key, when that politician exists; (2) the full name
   * (then the name without middle names), among people serving on `on`, narrowed by the riding then
   * the party of that day when several match; (3) the surname with the riding; (4) the surname
   * alone when exactly one person serving that day has it. Two or more candidates left at a step:
   * null ("ambiguous"), never a guess.
   */
  resolve(source: string, q: PersonQuery): Resolution {
    const result = this.lookup(q);
    const t = this.tallies.get(source) ?? { total: 0, resolved: 0, byMethod: {}, ambiguous: 0, unmatched: 0 };
    t.total++;
    if (result.key !== null) {
      t.resolved++;
      t.byMethod[result.method] = (t.byMethod[result.method] ?? 0) + 1;
    } else if (result.reason === 'ambiguous') t.ambiguous++;
    else t.unmatched++;
    this.tallies.set(source, t);
    return result;
  }

  /** An act first counted unmatched that its own source then linked (a politician written from it). */
  relink(source: string): void {
    const t = this.tallies.get(source);
    if (!t || t.unmatched < 1) return;
    t.unmatched--;
    t.resolved++;
    t.byMethod.source_record = (t.byMethod.source_record ?? 0) + 1;
  }

  /** resolve() without counting it. */
  lookup(q: PersonQuery): Resolution {
    const byId = q.key ? this.canonical(q.key) : null;
    if (byId) return { key: byId, method: 'id' };
    const names = (c: Person[]) =>
      c
        .map((p) => p.name)
        .sort()
        .join('; ');
    const narrow = (cands: Person[]): Person[] => {
      let c = cands.filter((p) => this.inScope(p, q));
      if (c.length > 1 && q.constituency) {
        const want = placeName(q.constituency);
        const same = c.filter((p) => this.seatOf(p, q).ridings.some((r) => placeName(r) === want));
        if (same.length) c = same;
      }
      if (c.length > 1 && q.party) {
        const same = c.filter((p) => this.seatOf(p, q).parties.some((x) => sameFolded(x, q.party)));
        if (same.length) c = same;
      }
      return c;
    };
    let ambiguous: Person[] | null = null;
    let notServing: Person[] = [];
    if (q.name) {
      const folded = personName(q.name);
      for (const [map, k] of [
        [this.byName, folded],
        [this.byShortName, shortName(folded, q.lastName ?? null)],
      ] as const) {
        if (!k) continue;
        const all = map.get(k) ?? [];
        const c = narrow(all);
        if (c.length === 1) return { key: c[0].key, method: 'name' };
        if (c.length > 1) {
          ambiguous = c;
          break;
        }
        if (!notServing.length) notServing = all;
      }
    }
    const last = q.lastName ?? null;
    if (last && !ambiguous) {
      const whole = (this.byLast.get(personName(last)) ?? []).filter((p) => this.inScope(p, q));
      const all = whole.length ? whole : (this.byLastPart.get(personName(last)) ?? []).filter((p) => this.inScope(p, q));
      if (q.constituency) {
        const want = placeName(q.constituency);
        const c = all.filter((p) => this.seatOf(p, q).ridings.some((r) => placeName(r) === want));
        if (c.length === 1) return { key: c[0].key, method: 'last_name+constituency' };
        if (c.length > 1) ambiguous = c;
      } else if (all.length === 1) return { key: all[0].key, method: 'last_name' };
      else if (all.length > 1) ambiguous = all;
    }
    if (!q.name && !last) return { key: null, reason: 'no_name' };
    if (ambiguous) return { key: null, reason: 'ambiguous', detail: `${ambiguous.length} candidates: ${names(ambiguous)}` };
    return {
      key: null,
      reason: 'no_candidate',
      ...(notServing.length
        ? { detail: `named like ${names(notServing)}, not serving${q.on ? ` on ${q.on}` : ''}${q.office ? ` as ${q.office}` : ''}` }
        : {}),
    };
  }

  /**
   * Which known politician a people source's record is (null: nobody yet). By any of its keys first;
   * else by name — full, or without middle names — AND, among people of its level and province, a
   * riding in common or a seat overlapping one of its terms; a candidate keyed by another House
   * PersonId than the record's is never the same person.
   */
  matchPerson(record: {
    keys: string[];
    name: string;
    other_names?: string[];
    first_name?: string | null;
    last_name?: string | null;
    level: string;
    province_territory?: string | null;
    terms: PersonTerm[];
  }): PeopleMatch {
    const known = [...new Set(record.keys.map((k) => this.canonical(k)).filter((k): k is string => !!k))];
    // A key the record shares with a person of another name is the source's error, unless the first
    // name and a riding agree too (Rachael Harder, married, is Rachael Thomas of Lethbridge).
    const ridingsOf = (terms: PersonTerm[] | undefined) =>
      new Set(
        (terms ?? [])
          .map((t) => t.constituency_name)
          .filter((x): x is string => !!x)
          .map(placeName),
      );
    const mine = ridingsOf(record.terms);
    const firstOf = (x: { name: string; first_name?: string | null }) => personName(x.first_name ?? x.name).split(' ')[0];
    const stranger = known.find((k) => {
      const p = this.byKey.get(k)!;
      if (sameSurname(p, record)) return false;
      return !(firstOf(p) === firstOf(record) && [...ridingsOf(p.terms)].some((r) => mine.has(r)));
    });
    if (stranger)
      return {
        key: null,
        reason: 'conflict',
        detail: `its id ${record.keys.find((k) => this.canonical(k) === stranger)} is ${this.byKey.get(stranger)!.name}'s`,
      };
    if (known.length > 1) return { key: null, reason: 'conflict', detail: `its ids name ${known.length} people: ${known.join(', ')}` };
    if (known.length === 1) return { key: known[0] };
    const ownIds = record.keys.filter((k) => /^ca-hoc\/person\/\d+$/.test(k));
    const names = [record.name, ...(record.other_names ?? [])];
    if (record.first_name && record.last_name) names.push(`${record.first_name} ${record.last_name}`);
    const cands = new Set<Person>();
    for (const n of names) {
      const f = personName(n);
      for (const p of this.byName.get(f) ?? []) cands.add(p);
      const s = shortName(f, record.last_name ?? null);
      if (s) for (const p of this.byShortName.get(s) ?? []) cands.add(p);
    }
    const ridings = new Set(
      record.terms
        .map((t) => t.constituency_name)
        .filter((x): x is string => !!x)
        .map(placeName),
    );
    const overlaps = termsOverlap;
    const fits = [...cands].filter((p) => {
      if ((p.level ?? record.level) !== record.level || (p.province_territory ?? null) !== (record.province_territory ?? null))
        return false;
      if (ownIds.length && /^ca-hoc\/person\/\d+$/.test(p.key) && !ownIds.includes(p.key)) return false;
      const terms = p.terms ?? [];
      return (
        terms.some((t) => t.constituency_name && ridings.has(placeName(t.constituency_name))) ||
        terms.some((t) =>
          record.terms.some(
            (r) => overlaps(t, r) && (!t.elected_office || !r.elected_office || sameFolded(t.elected_office, r.elected_office)),
          ),
        )
      );
    });
    if (fits.length === 1) return { key: fits[0].key };
    if (fits.length > 1)
      return { key: null, reason: 'ambiguous', detail: `${fits.length} candidates: ${fits.map((p) => `${p.name} (${p.key})`).join('; ')}` };
    // Another first name ("Merv" for Mervin C. Tweed): the same surname in the same riding at the same
    // time is the same person, since a riding has one seat.
    // The surname: as given, else the name's last one, two or three words ("Lovelace Nicholas").
    const words = personName(record.name).split(' ');
    const surnames = record.last_name ? [personName(record.last_name)] : [1, 2, 3].map((n) => words.slice(-n).join(' '));
    const seatmates = [...new Set(surnames.flatMap((l) => this.byLast.get(l) ?? []))].filter(
      (p) =>
        (p.level ?? record.level) === record.level &&
        (!ownIds.length || !/^ca-hoc\/person\/\d+$/.test(p.key) || ownIds.includes(p.key)) &&
        (p.terms ?? []).some(
          (t) =>
            t.constituency_name &&
            record.terms.some(
              (r) => r.constituency_name && placeName(r.constituency_name) === placeName(t.constituency_name!) && overlaps(t, r),
            ),
        ),
    );
    if (seatmates.length === 1) return { key: seatmates[0].key };
    return { key: null };
  }
}
