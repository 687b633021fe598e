// The French titles have no field in the bill record; they go to the bundle's parallel_texts, the
// English/French pairs the search encoder learns from (long title with long title, short with
// short). Reintroduced bills repeat titles ("An Act to amend the Criminal Code" hundreds of times),
// so each distinct pair is written once: a repeated title must not outweigh the others.
import type { SourceInput } from '../types.js';
import type { RawBill } from './read-bill.js';

export type TitlePair = SourceInput<'parallel_texts'>;

export function titlePairs(raw: RawBill): TitlePair[] {
  const pairs: TitlePair[] = [];
  if (raw.longTitle && raw.longTitleFr) pairs.push({ en: raw.longTitle, fr: raw.longTitleFr, source_system: 'legisinfo' });
  if (raw.shortTitle && raw.shortTitleFr) pairs.push({ en: raw.shortTitle, fr: raw.shortTitleFr, source_system: 'legisinfo' });
  return pairs;
}

export class DistinctPairs {
  private seen = new Set<string>();
  readonly pairs: TitlePair[] = [];

  add(list: TitlePair[]): void {
    for (const p of list) {
      const k = `${p.en}\u001f${p.fr}`;
      if (this.seen.has(k)) continue;
      this.seen.add(k);
      this.pairs.push(p);
    }
  }
}
