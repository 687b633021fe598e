import { expect, test } from 'bun:test';
import { DEFAULT_LIMITS, formatTierLimits, parseTierLimits } from '../../../src/server/limits/limit-table.js';
import { SETTINGS } from '../../../src/cli/settings.js';

test("the defaults are the spec's Limits table and decisions 4", () => {
  // spec "Limits": anonymous 30/h; general free 60, dev 1000; semantic free 5, dev 100, pro 10000;
  // decisions 4: general pro 10000.
  expect(DEFAULT_LIMITS).toEqual({
    anonymous: 30,
    general: { free: 60, dev: 1000, pro: 10000 },
    semantic: { free: 5, dev: 100, pro: 10000 },
  });
  // The settings table (and so `canpol serve`) defaults to the same numbers.
  const defaults: Record<string, string> = Object.fromEntries(Object.entries(SETTINGS).map(([k, s]) => [k, s.default]));
  expect(defaults.limits_general).toBe(formatTierLimits(DEFAULT_LIMITS.general));
  expect(defaults.limits_semantic).toBe(formatTierLimits(DEFAULT_LIMITS.semantic));
  expect(defaults.limit_anonymous).toBe(String(DEFAULT_LIMITS.anonymous));
});

test('tier limits: every tier once, any order', () => {
  expect(parseTierLimits('pro=1, free=2,dev=3')).toEqual({ free: 2, dev: 3, pro: 1 });
  expect(parseTierLimits('free=1,dev=2')).toBe('missing pro in "free=1,dev=2"');
  expect(parseTierLimits('free=1,free=2,dev=1,pro=1')).toContain('given twice');
  expect(parseTierLimits('free=-1,dev=1,pro=1')).toContain('expected');
  expect(parseTierLimits('gold=1,free=1,dev=1,pro=1')).toContain('expected');
});
