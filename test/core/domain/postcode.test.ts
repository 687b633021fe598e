// Postcode input forms (decisions 7): what is accepted, its canonical and display forms, and why
// everything else is refused.
import { describe, expect, test } from 'bun:test';
import { canonicalPostcode, displayPostcode, parsePostcode, provinceOfPostcode } from '../../../src/core/domain/postcode.js';

describe('parsePostcode', () => {
  test.each(['K1A0A6', 'K1A 0A6', 'K1A-0A6', 'k1a0a6', 'k1a 0a6', 'K1a-0A6'])('accepts %p as K1A 0A6', (raw) => {
    expect(parsePostcode(raw)).toEqual({ ok: true, isFsa: false, code: 'K1A0A6', fsa: 'K1A', display: 'K1A 0A6' });
  });

  test.each(['K1A', 'k1a'])('accepts the FSA %p', (raw) => {
    expect(parsePostcode(raw)).toEqual({ ok: true, isFsa: true, code: 'K1A', fsa: 'K1A', display: 'K1A' });
  });

  // Each malformed form and the part of the message that says why.
  test.each([
    ['', '3-8 characters'],
    ['K1', '3-8 characters'],
    ['K1A 0A6 X', '3-8 characters'],
    ['K1A  0A6', 'A1A 1A1'], // two separators
    ['K1A_0A6', 'A1A 1A1'],
    ['K1A.0A6', 'A1A 1A1'],
    [' K1A0A6', 'A1A 1A1'], // no trimming: the path is taken as sent
    ['K1A0A', 'A1A 1A1'],
    ['K1A0A66', 'A1A 1A1'],
    ['KKA0A6', 'A1A 1A1'],
    ['11A0A6', 'A1A 1A1'],
    ['K1A 0A', 'A1A 1A1'],
    ['K1', '3-8 characters'],
    ['K10', 'A1A 1A1'],
    ['123', 'A1A 1A1'],
    ['K1A-', 'A1A 1A1'],
    ['D1A 0A6', 'D, F, I, O, Q and U'],
    ['F1A', 'D, F, I, O, Q and U'],
    ['I1A', 'D, F, I, O, Q and U'],
    ['K1O 0A6', 'D, F, I, O, Q and U'],
    ['K1A 0Q6', 'D, F, I, O, Q and U'],
    ['U1A', 'D, F, I, O, Q and U'],
    ['W1A 0A6', 'W and Z never start'],
    ['Z1A', 'W and Z never start'],
    ['z9z9z9', 'W and Z never start'],
  ])('refuses %p', (raw, why) => {
    const p = parsePostcode(raw);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.message).toContain(why);
  });

  test('W and Z are allowed after the first letter', () => {
    expect(parsePostcode('K1W 0Z6')).toMatchObject({ ok: true, code: 'K1W0Z6' });
  });
});

test('canonicalPostcode trims data-file values and refuses invalid ones', () => {
  expect(canonicalPostcode(' h2x 1y4 ')).toBe('H2X1Y4');
  expect(canonicalPostcode('H0H 0H0')).toBe('H0H0H0');
  expect(canonicalPostcode('DOH 0H0')).toBeNull();
  expect(displayPostcode('H2X1Y4')).toBe('H2X 1Y4');
  expect(displayPostcode('H2X')).toBe('H2X');
});

test('provinceOfPostcode follows the first letter; X splits Nunavut from the Northwest Territories', () => {
  // Canada Post's district letters; X0A-X0C are Nunavut (Iqaluit is X0A), X1A is Yellowknife.
  expect(
    [
      'A1A',
      'B3H',
      'C1A',
      'E1C',
      'G1R',
      'H2X',
      'J8Y',
      'K1A',
      'L5B',
      'M5V',
      'N2L',
      'P3A',
      'R3C',
      'S4P',
      'T2P',
      'V6B',
      'Y1A',
      'X0A',
      'X0C',
      'X0E',
      'X1A',
    ].map(provinceOfPostcode),
  ).toEqual(['NL', 'NS', 'PE', 'NB', 'QC', 'QC', 'QC', 'ON', 'ON', 'ON', 'ON', 'ON', 'MB', 'SK', 'AB', 'BC', 'YT', 'NU', 'NU', 'NT', 'NT']);
});
