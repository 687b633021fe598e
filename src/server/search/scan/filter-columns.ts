// The search filters as in-memory columns, one entry per vector, so a filtered nearest-neighbour
// scan tests each candidate with a few typed-array reads instead of a SQL lookup (decisions 6:
// every filter applies to the vector side too). Strings are dictionary-encoded; a filter value
// absent from a dictionary matches nothing.
import type { SearchFilters } from '../../db/search.js';
import { VALUE_COLUMNS, type ValueColumn } from '../../../core/data-file/value-columns.js';
import { dayNumber, FILTER_COLUMNS, type FilterRow } from '../../../core/data-file/filter-row.js';
import { valueFilters } from '../value-filters.js';
import type { CodeBlock } from '../../../core/data-file/code-blocks.js';

class DictColumn {
  readonly dict = new Map<string, number>();
  readonly values: string[] = [];
  codes: Uint8Array | Uint16Array | Uint32Array;
  constructor(n: number) {
    this.codes = new Uint32Array(n);
  }
  /** Takes a stored dictionary (code order); the codes then take the fewest bytes that hold them. */
  useDictionary(values: string[]) {
    this.dict.clear();
    this.values.length = 0;
    values.forEach((v, c) => {
      this.dict.set(v, c);
      this.values.push(v);
    });
    const n = this.codes.length;
    this.codes = values.length <= 256 ? new Uint8Array(n) : values.length <= 65_536 ? new Uint16Array(n) : new Uint32Array(n);
  }
  private last: string | null = null;
  private lastCode = 0;
  set(i: number, value: string) {
    // Rows arrive in time order, so neighbours mostly share a session, a party, a speaker: one
    // comparison instead of a hash lookup per value while loading a million rows.
    if (value === this.last) {
      this.codes[i] = this.lastCode;
      return;
    }
    let c = this.dict.get(value);
    if (c === undefined) {
      this.dict.set(value, (c = this.dict.size));
      this.values.push(value);
    }
    this.codes[i] = c;
    this.last = value;
    this.lastCode = c;
  }
  /** A lookup table: 1 for codes of `values`; null when none of them occurs. */
  table(values: string[]): Uint8Array | null {
    const t = new Uint8Array(this.dict.size);
    let any = false;
    for (const v of values) {
      const c = this.dict.get(v);
      if (c !== undefined) {
        t[c] = 1;
        any = true;
      }
    }
    return any ? t : null;
  }
}

export class FilterColumns {
  private readonly str: Record<ValueColumn, DictColumn>;
  private readonly day: Int32Array;
  private readonly presiding: Uint8Array;
  private readonly active: Int8Array;

  constructor(readonly n: number) {
    this.str = Object.fromEntries(VALUE_COLUMNS.map((k) => [k, new DictColumn(n)])) as FilterColumns['str'];
    this.day = new Int32Array(n);
    this.presiding = new Uint8Array(n);
    this.active = new Int8Array(n);
  }

  set(i: number, r: FilterRow) {
    this.setValues(
      i,
      FILTER_COLUMNS.map((k) => r[k]),
      0,
    );
  }

  /** The same from the values of FILTER_COLUMNS, starting at `values[at]`. */
  setValues(i: number, values: unknown[], at: number) {
    const [language, level, province, speechType, spokenOn, presiding, active, politician, party, session] = values.slice(
      at,
      at + FILTER_COLUMNS.length,
    ) as [string, string, string, string, string, number, number, string, string, string];
    const str = this.str;
    str.language.set(i, language ?? '');
    str.level.set(i, level ?? '');
    str.province_territory.set(i, province ?? '');
    str.speech_type.set(i, speechType ?? '');
    str.politician_id.set(i, politician ?? '');
    str.party.set(i, party ?? '');
    str.session_id.set(i, session ?? '');
    this.day[i] = dayNumber(spokenOn);
    this.presiding[i] = presiding;
    this.active[i] = active;
  }

  /** Loads a stored block (src/core/data-file/code-blocks.ts) at entry `at`, after `useDictionaries`. */
  setBlock(at: number, b: CodeBlock) {
    for (const k of VALUE_COLUMNS) this.str[k].codes.set(b.text[k], at);
    this.day.set(b.day, at);
    this.presiding.set(b.presiding, at);
    this.active.set(b.active, at);
  }

  /** The stored dictionaries of the text columns (code order), before any `setBlock`. */
  useDictionaries(values: Record<ValueColumn, string[]>) {
    for (const k of VALUE_COLUMNS) this.str[k].useDictionary(values[k]);
  }

  /** The legislature of each entry, as an index into the returned list of (level, province or '')
   *  pairs; read once by the vector index to draw its candidates per legislature. */
  legislatures(): { of: Uint16Array; list: Array<{ level: string; province_territory: string }> } {
    const level = this.str.level,
      province = this.str.province_territory;
    const at = new Map<number, number>();
    const list: Array<{ level: string; province_territory: string }> = [];
    const of = new Uint16Array(this.n);
    const width = province.values.length + 1;
    for (let i = 0; i < this.n; i++) {
      const pair = level.codes[i] * width + province.codes[i];
      let p = at.get(pair);
      if (p === undefined) {
        at.set(pair, (p = list.length));
        list.push({ level: level.values[level.codes[i]], province_territory: province.values[province.codes[i]] });
      }
      of[i] = p;
    }
    return { of, list };
  }

  /** The speaker of entry `i` ('' when unresolved). */
  politician(i: number): string {
    const c = this.str.politician_id;
    return c.values[c.codes[i]];
  }

  /**
   * 1 for every entry passing `f` (the same conditions as chunkWhere in src/server/db/search.ts), null when
   * nothing is filtered. `sessionIds`: the parliament/session filter resolved to session ids.
   * `lead`: zero bytes allocated before the mask in its buffer (a caller's view by another index).
   */
  mask(f: SearchFilters, sessionIds: string[] | null, lead = 0): Uint8Array | null {
    // Each condition is one tight pass over a typed array (a closure call per entry costs ~5 ms per million).
    const passes: Array<(mask: Uint8Array) => void> = [];
    let empty = false;
    for (const [k, values] of valueFilters(f, sessionIds)) {
      const t = this.str[k].table(values),
        codes = this.str[k].codes;
      if (!t) empty = true;
      else
        passes.push((m) => {
          for (let i = 0; i < m.length; i++) if (m[i] && !t[codes[i]]) m[i] = 0;
        });
    }
    const { day, presiding, active } = this;
    if (f.from) {
      const from = dayNumber(f.from);
      passes.push((m) => {
        for (let i = 0; i < m.length; i++) if (day[i] < from) m[i] = 0;
      });
    }
    if (f.to) {
      const to = dayNumber(f.to);
      passes.push((m) => {
        for (let i = 0; i < m.length; i++) if (day[i] > to) m[i] = 0;
      });
    }
    if (f.exclude_presiding)
      passes.push((m) => {
        for (let i = 0; i < m.length; i++) if (presiding[i]) m[i] = 0;
      });
    if (f.politician_active) {
      const want = f.politician_active === 'active' ? 1 : 0;
      passes.push((m) => {
        for (let i = 0; i < m.length; i++) if (active[i] !== want) m[i] = 0;
      });
    }
    if (!passes.length && !empty) return null;
    const mask = new Uint8Array(lead + this.n).subarray(lead);
    if (empty) return mask;
    mask.fill(1);
    for (const pass of passes) pass(mask);
    return mask;
  }
}

export { dayNumber, FILTER_COLUMNS, type FilterRow };
