// Legislature wall-clock readings → timestamps with the offset in force (DST checked on both sides).
import { describe, expect, test } from 'bun:test';
import { localDate, wallClockTimestamp } from '../../../src/core/domain/time-zones.js';

describe('wallClockTimestamp', () => {
  test('Ottawa: EST in winter, EDT in summer, either side of the 2024 change (10 March 02:00)', () => {
    expect(wallClockTimestamp('2024-03-09', 14 * 3600, 'federal')).toBe('2024-03-09T14:00:00-05:00');
    expect(wallClockTimestamp('2024-03-11', 14 * 3600, 'federal')).toBe('2024-03-11T14:00:00-04:00');
  });
  test('Victoria: PST then PDT (2026 change on 8 March)', () => {
    expect(wallClockTimestamp('2026-02-18', 13 * 3600 + 33 * 60, 'BC')).toBe('2026-02-18T13:33:00-08:00');
    expect(wallClockTimestamp('2026-04-15', 13 * 3600 + 33 * 60, 'BC')).toBe('2026-04-15T13:33:00-07:00');
  });
  test('a sitting past midnight rolls into the next day; the result round-trips to the local date', () => {
    const ts = wallClockTimestamp('2023-05-18', 24 * 3600 + 5 * 60, 'federal');
    expect(ts).toBe('2023-05-19T00:05:00-04:00');
    expect(localDate(new Date(ts).toISOString(), 'federal')).toBe('2023-05-19');
  });
});
