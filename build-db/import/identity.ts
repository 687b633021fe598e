// Who said it, who sponsored it, who voted: resolves upstream people to politician keys.
// Upstream ids first; then one documented name rule that never guesses between two candidates.
// Unresolved stays null (the raw name is kept by the caller). Every call is tallied per source so
// attribution rates can be reported.
import { fold } from '../../src/domain/text.js';

export interface Person {
  key: string;
  name: string;
  first_name?: string | null;
  last_name?: string | null;
  constituency_name?: string | null;
  party?: string | null;
  /** Terms as [start, end|null] ISO strings; a name match can be limited to people serving on a date. */
  terms?: Array<{ start_at: string; end_at?: string | null }>;
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
}

export type Method = 'id' | 'name' | 'last_name+constituency' | 'last_name';
export type Resolution = { key: string; method: Method } | { key: null; reason: 'no_candidate' | 'ambiguous' | 'no_name' };

export interface Tally { total: number; resolved: number; byMethod: Partial<Record<Method, number>>; ambiguous: number; unmatched: number }

const TITLES = /^(?:(?:the\s+)?(?:right\s+)?hon(?:ourable|\.)?|mr|mrs|ms|miss|dr|m|mme|mlle|l'hon(?:\.|orable)?|le\s+tr[eè]s\s+hon(?:\.|orable)?|hon\.?)\.?\s+/i;

/** Folded person name: no titles, accents, punctuation or case; spaces collapsed. */
export function personName(raw: string): string {
  let s = raw.trim();
  for (let i = 0; i < 3 && TITLES.test(s); i++) s = s.replace(TITLES, '');
  return fold(s).replace(/[‐-―-]/g, ' ').replace(/[^a-z0-9 ]+/g, '').replace(/\s+/g, ' ').trim();
}

/** Folded riding name: dashes and punctuation ignored ("Parry Sound—Muskoka" = "parry sound muskoka"). */
export function placeName(raw: string): string {
  return fold(raw).replace(/[^a-z0-9]+/g, ' ').trim();
}

function serving(p: Person, on: string | null | undefined): boolean {
  if (!on || !p.terms?.length) return true;
  return p.terms.some((t) => t.start_at.slice(0, 10) <= on && (!t.end_at || t.end_at.slice(0, 10) >= on));
}

export class Identity {
  private byKey = new Map<string, Person>();
  private byName = new Map<string, Person[]>();
  private byLast = new Map<string, Person[]>();
  readonly tallies = new Map<string, Tally>();

  constructor(people: Iterable<Person> = []) {
    for (const p of people) this.add(p);
  }

  add(p: Person): void {
    if (this.byKey.has(p.key)) return;
    this.byKey.set(p.key, p);
    // The full name and "first last" usually fold to the same string: index a person once per string.
    const push = (map: Map<string, Person[]>, k: string) => { if (k && !map.get(k)?.includes(p)) map.set(k, [...(map.get(k) ?? []), p]); };
    push(this.byName, personName(p.name));
    if (p.first_name && p.last_name) push(this.byName, personName(`${p.first_name} ${p.last_name}`));
    if (p.last_name) push(this.byLast, personName(p.last_name));
  }

  has(key: string): boolean { return this.byKey.has(key); }
  get size(): number { return this.byKey.size; }

  /**
   * The rule, in order: (1) the upstream id's key, when that politician exists; (2) the full name,
   * among people serving on `on`, narrowed by constituency then party when several match;
   * (3) the last name with the constituency; (4) the last name alone when exactly one person serving
   * that day has it. Two or more candidates left at a step: null ("ambiguous"), never a guess.
   */
  resolve(source: string, q: PersonQuery): Resolution {
    const result = this.match(q);
    const t = this.tallies.get(source) ?? { total: 0, resolved: 0, byMethod: {}, ambiguous: 0, unmatched: 0 };
    t.total++;
    if (result.key !== null) { t.resolved++; t.byMethod[result.method] = (t.byMethod[result.method] ?? 0) + 1; }
    else if (result.reason === 'ambiguous') t.ambiguous++;
    else t.unmatched++;
    this.tallies.set(source, t);
    return result;
  }

  private match(q: PersonQuery): Resolution {
    if (q.key && this.byKey.has(q.key)) return { key: q.key, method: 'id' };
    const narrow = (cands: Person[]): Person[] => {
      let c = cands.filter((p) => serving(p, q.on));
      if (c.length > 1 && q.constituency) {
        const want = placeName(q.constituency);
        const same = c.filter((p) => p.constituency_name && placeName(p.constituency_name) === want);
        if (same.length) c = same;
      }
      if (c.length > 1 && q.party) {
        const want = fold(q.party);
        const same = c.filter((p) => p.party && fold(p.party) === want);
        if (same.length) c = same;
      }
      return c;
    };
    let ambiguous = false;
    if (q.name) {
      const c = narrow(this.byName.get(personName(q.name)) ?? []);
      if (c.length === 1) return { key: c[0].key, method: 'name' };
      if (c.length > 1) ambiguous = true;
    }
    const last = q.lastName ?? null;
    if (last && !ambiguous) {
      const all = (this.byLast.get(personName(last)) ?? []).filter((p) => serving(p, q.on));
      if (q.constituency) {
        const want = placeName(q.constituency);
        const c = all.filter((p) => p.constituency_name && placeName(p.constituency_name) === want);
        if (c.length === 1) return { key: c[0].key, method: 'last_name+constituency' };
      } else if (all.length === 1) return { key: all[0].key, method: 'last_name' };
      if (all.length > 1) ambiguous = true;
    }
    if (!q.name && !last) return { key: null, reason: 'no_name' };
    return { key: null, reason: ambiguous ? 'ambiguous' : 'no_candidate' };
  }
}
