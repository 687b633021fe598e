// The key tiers of the spec's Limits table (decisions 4 adds pro's general limit).
export const TIERS = ['free', 'dev', 'pro'] as const;
export type Tier = (typeof TIERS)[number];
export const isTier = (s: unknown): s is Tier => typeof s === 'string' && (TIERS as readonly string[]).includes(s);
