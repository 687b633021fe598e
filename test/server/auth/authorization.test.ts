import { expect, test } from 'bun:test';
import { readAuthorization } from '../../../src/server/auth/authorization.js';

const key = 'cpd_live_0000000000000000000000_2Ff7uY';

test('no header is anonymous; an empty or odd one is malformed, never anonymous (decisions 2)', () => {
  expect(readAuthorization(undefined)).toEqual({ kind: 'anonymous' });
  for (const h of [
    '',
    ' ',
    'Bearer',
    'Bearer ',
    `Basic ${key}`,
    key,
    `Bearer ${key} extra`,
    `Bearer ${key}, Bearer ${key}`,
    `Bearer\t${key}`,
    'x'.repeat(100_000),
    `Bearer ${'a'.repeat(200)}`,
  ]) {
    expect(readAuthorization(h)).toEqual({ kind: 'malformed' });
  }
});

test('the bearer scheme is case-insensitive and tolerates extra spaces (RFC 7235)', () => {
  for (const h of [`Bearer ${key}`, `bearer ${key}`, `BEARER  ${key}`, `Bearer ${key} `]) {
    expect(readAuthorization(h)).toEqual({ kind: 'bearer', token: key });
  }
});
