// How many requests each bucket allows per window (decisions 4). Operators may change every number
// (settings `--limit-anonymous`, `--limits-general`, `--limits-semantic`).
import { TIERS, type Tier } from '../auth/tiers.js';

export type BucketClass = 'general' | 'semantic';

export interface LimitTable {
  /** Per client IP, every route. */
  anonymous: number;
  general: Record<Tier, number>;
  semantic: Record<Tier, number>;
}

export const DEFAULT_LIMITS: LimitTable = {
  anonymous: 30,
  general: { free: 60, dev: 1000, pro: 10000 },
  semantic: { free: 5, dev: 100, pro: 10000 },
};

export const formatTierLimits = (t: Record<Tier, number>) => TIERS.map((tier) => `${tier}=${t[tier]}`).join(',');

/** `free=60,dev=1000,pro=10000` (every tier once, any order) into a table, or a message saying what is wrong. */
export function parseTierLimits(text: string): Record<Tier, number> | string {
  const out: Partial<Record<Tier, number>> = {};
  for (const part of text.split(',')) {
    const m = /^\s*([a-z]+)\s*=\s*(\d{1,9})\s*$/.exec(part);
    if (!m || !(TIERS as readonly string[]).includes(m[1]))
      return `expected ${TIERS.map((t) => `${t}=N`).join(',')}, got ${JSON.stringify(text)}`;
    if (out[m[1] as Tier] !== undefined) return `${m[1]} is given twice in ${JSON.stringify(text)}`;
    out[m[1] as Tier] = Number(m[2]);
  }
  const missing = TIERS.filter((t) => out[t] === undefined);
  return missing.length ? `missing ${missing.join(', ')} in ${JSON.stringify(text)}` : (out as Record<Tier, number>);
}
