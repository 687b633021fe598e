// Honorifics reach the API only in the spec's list (politician.honorific: Hon., Rt. Hon., Sen., Sir,
// Dame, Dr., Mr., Mrs., Ms., Mx., Prof.): upstream spellings are mapped, anything else dropped.
import { describe, expect, test } from 'bun:test';
import { spokenHonorific } from '../../../build-db/import/people/honorific.js';
import { HONORIFICS } from '../../../src/domain/enums.js';

describe('spokenHonorific', () => {
  test("LEGISinfo's and the House's \"Right Hon.\" is the spec's \"Rt. Hon.\"", () => {
    // LEGISinfo's SponsorPersonShortHonorificEn prints "Right Hon." for 51 sponsorships (bills_metadata.jsonl.gz).
    expect(spokenHonorific('Right Hon.')).toBe('Rt. Hon.');
    expect(spokenHonorific('The Right Honourable')).toBe('Rt. Hon.');
    expect(spokenHonorific('Rt Hon')).toBe('Rt. Hon.');
  });

  test('the spec\'s own forms are kept, spelled-out words mapped, case and spaces ignored', () => {
    for (const h of HONORIFICS) expect(spokenHonorific(h)).toBe(h);
    expect(spokenHonorific(' hon. ')).toBe('Hon.');
    expect(spokenHonorific('The Honourable')).toBe('Hon.');
    expect(spokenHonorific('Senator')).toBe('Sen.');
    expect(spokenHonorific('Mrs')).toBe('Mrs.');
    // The French editions' forms.
    expect(spokenHonorific("L'hon.")).toBe('Hon.');
    expect(spokenHonorific('Le très hon.')).toBe('Rt. Hon.');
  });

  test('anything outside the list is dropped, never passed on', () => {
    expect(spokenHonorific('His Worship')).toBeNull();
    expect(spokenHonorific('')).toBeNull();
    expect(spokenHonorific(null)).toBeNull();
  });
});
