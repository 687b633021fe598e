// Honorifics reach the API only in the spec's list (politician.honorific: Hon., Rt. Hon., Sen., Sir,
// Dame, Dr., Mr., Mrs., Ms., Mx., Prof.): upstream spellings are mapped, anything else dropped.
import { describe, expect, test } from 'bun:test';
import { specHonorific } from '../../../build-db/import/people/honorific.js';
import { HONORIFICS } from '../../../src/core/domain/enums.js';

describe('specHonorific', () => {
  test('LEGISinfo\'s and the House\'s "Right Hon." is the spec\'s "Rt. Hon."', () => {
    // LEGISinfo's SponsorPersonShortHonorificEn prints "Right Hon." for 51 sponsorships (bills_metadata.jsonl.gz).
    expect(specHonorific('Right Hon.')).toBe('Rt. Hon.');
    expect(specHonorific('The Right Honourable')).toBe('Rt. Hon.');
    expect(specHonorific('Rt Hon')).toBe('Rt. Hon.');
  });

  test("the spec's own forms are kept, spelled-out words mapped, case and spaces ignored", () => {
    for (const h of HONORIFICS) expect(specHonorific(h)).toBe(h);
    expect(specHonorific(' hon. ')).toBe('Hon.');
    expect(specHonorific('The Honourable')).toBe('Hon.');
    expect(specHonorific('Senator')).toBe('Sen.');
    expect(specHonorific('Mrs')).toBe('Mrs.');
    // The French editions' forms.
    expect(specHonorific("L'hon.")).toBe('Hon.');
    expect(specHonorific('Le très hon.')).toBe('Rt. Hon.');
  });

  test('anything outside the list is dropped, never passed on', () => {
    expect(specHonorific('His Worship')).toBeNull();
    expect(specHonorific('')).toBeNull();
    expect(specHonorific(null)).toBeNull();
  });
});
