// `--deadline`: none, a duration from the start, or a UTC time; anything else is refused by name.
import { describe, expect, test } from 'bun:test';
import { deadlineAt } from '../../../src/cli/commands/fetch.js';

describe('--deadline', () => {
  test('a duration counts from the start; a UTC time is that instant; none is none', () => {
    const start = Date.parse('2026-12-06T07:20:00Z');
    expect(deadlineAt('none', start)).toEqual({ deadline: null });
    expect(deadlineAt('35m', start)).toEqual({ deadline: Date.parse('2026-12-06T07:55:00Z') });
    expect(deadlineAt('90s', start)).toEqual({ deadline: start + 90_000 });
    expect(deadlineAt('2h', start)).toEqual({ deadline: Date.parse('2026-12-06T09:20:00Z') });
    expect(deadlineAt('2026-12-06T08:00:00Z', start)).toEqual({ deadline: Date.parse('2026-12-06T08:00:00Z') });
  });
  test('anything else is named, not guessed at', () => {
    for (const bad of ['35', '35 m', '-5m', '2026-12-06 08:00', '2026-12-06T08:00:00+01:00', 'soon', ''])
      expect(deadlineAt(bad)).toEqual({ problem: expect.stringContaining(`--deadline ${bad}`) });
  });
});
