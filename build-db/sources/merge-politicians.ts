// One politician per person. Several parts of a bundle may describe the same person (the House
// roster, ParlInfo, EveryPolitician, a bill's sponsor…): records sharing a key, or joined through
// `same_as`, are merged here — by the build, and by `canpol import` so that every importer resolves
// people against the same merged view. The rules:
//   - key: the House of Commons PersonId key (`ca-hoc/person/<n>`) when any record of the person has
//     one; else the key of the first record in precedence order. A `same_as` that would join two
//     different PersonIds is refused and reported (two people, not one).
//   - precedence: records with seat terms before records with only observed terms, then the most
//     recently updated (`updated_at`), then bundle order. Each scalar field comes from the first
//     record in that order that has it; `party`, the constituency and `elected_office` from the
//     latest term when it names them.
//   - terms: seat terms before observed ones, each record in precedence order; a term overlapping a
//     term already kept from another record is dropped (the better source holds that stretch).
//   - a federal term a source left open is closed at its Parliament's dissolution when the bundle
//     holds a later Parliament (a session or a term of it): the 2020 ParlInfo file cannot know who
//     left in 2021, the later parts do.
import { federalParliament } from '../../src/core/domain/federal-parliaments.js';
import { wallClockTimestamp } from '../../src/core/domain/time-zones.js';

/** The fields the merge reads, as an importer writes them (optional fields may be missing). */
export interface LooseTerm {
  start_at: string;
  end_at?: string | null;
  elected_office?: string | null;
  constituency_id?: string | null;
  constituency_name?: string | null;
  party?: string | null;
  parliament_number?: number | null;
  observed?: boolean;
}
export interface LoosePolitician {
  key: string;
  same_as?: string[];
  name: string;
  other_names?: string[];
  level: string;
  is_active: boolean;
  deceased?: boolean;
  updated_at?: string | null;
  terms: LooseTerm[];
  [field: string]: unknown;
}

export interface Located<T> {
  file: string;
  line: number;
  record: T;
}

export interface MergeIssue {
  file: string;
  line: number;
  field: string;
  message: string;
}

export interface Merged<T> {
  politicians: Array<Located<T>>;
  /** Any key of a merged person (its own, a `same_as`, a merged record's) → the kept key. */
  canonical: Map<string, string>;
  issues: MergeIssue[];
  stats: { records: number; people: number; terms_dropped_overlap: number; terms_closed_by_later_parliament: number };
}

const PERSON_ID = /^ca-hoc\/person\/\d+$/;
const END = '9999-12-31T00:00:00Z';
const SCALARS = [
  'first_name',
  'last_name',
  'honorific',
  'email',
  'phone',
  'fax',
  'constituency_office_address',
  'legislature_office_address',
  'photo_url',
  'personal_url',
  'official_url',
  'external_parliament_slug',
  'ab_assembly_mid',
  'province_territory',
] as const;

class Components {
  private parent = new Map<string, string>();
  private ids = new Map<string, Set<string>>(); // root → PersonId keys in it
  find(k: string): string {
    if (!this.parent.has(k)) {
      this.parent.set(k, k);
      this.ids.set(k, new Set(PERSON_ID.test(k) ? [k] : []));
    }
    let r = k;
    while (this.parent.get(r) !== r) r = this.parent.get(r)!;
    this.parent.set(k, r);
    return r;
  }
  /** Joins two keys' people unless that would give one person two PersonIds; returns the clash. */
  union(a: string, b: string): string[] | null {
    const ra = this.find(a),
      rb = this.find(b);
    if (ra === rb) return null;
    const ia = this.ids.get(ra)!,
      ib = this.ids.get(rb)!;
    if (ia.size && ib.size && ![...ia].some((x) => ib.has(x))) return [...ia, ...ib];
    this.parent.set(rb, ra);
    this.ids.set(ra, new Set([...ia, ...ib]));
    return null;
  }
  personIds(k: string): Set<string> {
    return this.ids.get(this.find(k))!;
  }
}

/** Two terms share a day (dates are days: a term observed on one day starts and ends on it). */
export const termsOverlap = (a: { start_at: string; end_at?: string | null }, b: { start_at: string; end_at?: string | null }) => {
  const start = a.start_at > b.start_at ? a.start_at : b.start_at;
  const end = (a.end_at ?? END) < (b.end_at ?? END) ? (a.end_at ?? END) : (b.end_at ?? END);
  return start.slice(0, 10) <= end.slice(0, 10);
};

const utc = (ts: string) => new Date(ts).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Ottawa midnight of a date, as a UTC timestamp: when a dissolved Parliament's seats end. */
export const ottawaDay = (date: string) => utc(wallClockTimestamp(date, 0, 'federal'));

/** The latest federal Parliament a bundle holds: from federal sessions and terms. */
export function latestParliament(
  sessions: Array<{ level: string; parliament_number: number }>,
  politicians: LoosePolitician[],
): number | null {
  let n: number | null = null;
  for (const s of sessions) if (s.level === 'federal' && (n === null || s.parliament_number > n)) n = s.parliament_number;
  for (const p of politicians)
    for (const t of p.terms)
      if (p.level === 'federal' && t.parliament_number && (n === null || t.parliament_number > n)) n = t.parliament_number;
  return n;
}

export function mergePoliticians<T extends LoosePolitician>(
  rows: Array<Located<T>>,
  options: { latestParliament: number | null },
): Merged<T> {
  const issues: MergeIssue[] = [];
  const comps = new Components();
  for (const { record } of rows) comps.find(record.key);
  for (const { file, line, record } of rows) {
    for (const alias of record.same_as ?? []) {
      const clash = comps.union(record.key, alias);
      if (clash)
        issues.push({
          file,
          line,
          field: 'same_as',
          message: `${JSON.stringify(alias)} would give one person two House PersonIds (${clash.sort().join(', ')}): not merged`,
        });
    }
  }
  // Two records keyed by different PersonIds are never one person; records sharing a key always are.
  const groups = new Map<string, Array<Located<T> & { order: number }>>();
  rows.forEach((row, order) => {
    const root = comps.find(row.record.key);
    groups.set(root, [...(groups.get(root) ?? []), { ...row, order }]);
  });

  const canonical = new Map<string, string>();
  const stats = { records: rows.length, people: 0, terms_dropped_overlap: 0, terms_closed_by_later_parliament: 0 };
  const politicians: Array<Located<T>> = [];
  for (const [root, group] of groups) {
    const seat = (r: T) => r.terms.some((t) => !t.observed);
    const ranked = [...group].sort(
      (a, b) =>
        Number(seat(b.record)) - Number(seat(a.record)) ||
        (b.record.updated_at ?? '').localeCompare(a.record.updated_at ?? '') ||
        a.order - b.order,
    );
    const ids = [...comps.personIds(root)].sort();
    const key = ids[0] ?? ranked[0].record.key;
    const keys = new Set<string>();
    for (const { record } of group) {
      keys.add(record.key);
      for (const k of record.same_as ?? []) keys.add(k);
    }
    for (const k of keys) canonical.set(k, key);

    // A term left open in a Parliament the bundle shows was followed by another ends with it; closed
    // before terms are compared, or the open term would seem to overlap the next Parliament's seat.
    const level = ranked[0].record.level;
    const close = (t: LooseTerm): LooseTerm & { closed?: boolean } => {
      if ((t.end_at ?? null) !== null || level !== 'federal' || !t.parliament_number || options.latestParliament === null) return t;
      if (t.parliament_number >= options.latestParliament) return t;
      const dissolved = federalParliament(t.parliament_number)?.dissolved;
      if (!dissolved) return t;
      return { ...t, end_at: ottawaDay(dissolved) > t.start_at ? ottawaDay(dissolved) : t.start_at, closed: true };
    };
    // Terms: seat terms first, each record in precedence order; a stretch is held by one record.
    const kept: Array<{ term: LooseTerm & { closed?: boolean }; rank: number }> = [];
    for (const observed of [false, true]) {
      ranked.forEach(({ record }, rank) => {
        for (const term of record.terms.map(close)) {
          if (!!term.observed !== observed) continue;
          if (kept.some((k) => k.rank !== rank && termsOverlap(k.term, term))) {
            stats.terms_dropped_overlap++;
            continue;
          }
          if (kept.some((k) => k.rank === rank && k.term.start_at === term.start_at && (k.term.end_at ?? null) === (term.end_at ?? null)))
            continue;
          kept.push({ term: { ...term }, rank });
        }
      });
    }
    const terms = kept
      .map(({ term: { closed, ...t } }) => {
        if (closed) stats.terms_closed_by_later_parliament++;
        return t;
      })
      .sort((a, b) => a.start_at.localeCompare(b.start_at));
    const latest = terms.at(-1);
    const first = <F extends string>(f: F) => ranked.map((r) => r.record[f]).find((x) => x !== undefined && x !== null) ?? null;
    const names = new Set<string>();
    for (const { record } of ranked) for (const n of [record.name, ...(record.other_names ?? [])]) names.add(n);
    const name = ranked[0].record.name;
    names.delete(name);
    const open = terms.some((t) => (t.end_at ?? null) === null);
    const record = {
      ...ranked[0].record,
      key,
      same_as: [...keys].filter((k) => k !== key).sort(),
      name,
      other_names: [...names],
      ...Object.fromEntries(SCALARS.map((f) => [f, first(f)])),
      party: latest?.party ?? first('party'),
      elected_office: latest?.elected_office ?? first('elected_office'),
      constituency_id: latest?.constituency_id ?? first('constituency_id'),
      constituency_name: latest?.constituency_name ?? first('constituency_name'),
      is_active: open && group.some((r) => r.record.is_active),
      deceased: group.some((r) => r.record.deceased === true),
      updated_at:
        group
          .map((r) => r.record.updated_at ?? null)
          .filter((x): x is string => !!x)
          .sort()
          .at(-1) ?? null,
      terms,
    } as T;
    politicians.push({ file: ranked[0].file, line: ranked[0].line, record });
    stats.people++;
  }
  return { politicians, canonical, issues, stats };
}
