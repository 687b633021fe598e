import { describe, expect, test } from 'bun:test';
import { crc32 } from '../../../src/server/auth/crc32.js';
import { checksumOf, keyProblem, mintKey } from '../../../src/server/auth/key-format.js';

describe('CRC-32', () => {
  test('the standard check value: CRC-32 of "123456789" is cbf43926', () => {
    // The published check value of CRC-32/ISO-HDLC (the zlib polynomial).
    expect(crc32('123456789').toString(16)).toBe('cbf43926');
  });
});

describe('key format (decisions 4)', () => {
  test('checksums agree with an independent computation', () => {
    // Computed with Python: zlib.crc32(b'cpd_live_0000000000000000000000') = 2063712566, in base62
    // over 0-9A-Za-z = '2Ff7uY'; zlib.crc32(b'cpd_live_abcdefghijABCDEFGHIJ01') = 4016054630 = '4NmxGg'.
    expect(checksumOf('cpd_live_0000000000000000000000')).toBe('2Ff7uY');
    expect(checksumOf('cpd_live_abcdefghijABCDEFGHIJ01')).toBe('4NmxGg');
    expect(keyProblem('cpd_live_0000000000000000000000_2Ff7uY')).toBeNull();
  });

  test('minted keys have the documented shape, verify offline and are distinct', () => {
    const keys = Array.from({ length: 200 }, () => mintKey());
    for (const k of keys) {
      expect(k).toMatch(/^cpd_live_[0-9A-Za-z]{22}_[0-9A-Za-z]{6}$/);
      expect(keyProblem(k)).toBeNull();
    }
    expect(new Set(keys).size).toBe(200);
    // 200 keys draw 4,400 random characters: every one of the 62 should appear.
    expect(new Set(keys.map((k) => k.slice(9, 31)).join('')).size).toBe(62);
  });

  test('configurable labels', () => {
    const k = mintKey({ prefix: 'acme', env: 'test' });
    expect(k.startsWith('acme_test_')).toBe(true);
    expect(keyProblem(k, { prefix: 'acme', env: 'test' })).toBeNull();
    expect(keyProblem(k)).toBe('labels');
  });

  test('a one-character typo, a truncation or garbage is caught without any lookup', () => {
    const k = 'cpd_live_0000000000000000000000_2Ff7uY';
    expect(keyProblem(k.replace('_00', '_01'))).toBe('checksum');
    expect(keyProblem(`${k.slice(0, -1)}Z`)).toBe('checksum');
    expect(keyProblem(k.slice(0, -1))).toBe('format');
    expect(keyProblem(`${k} ${k}`)).toBe('format');
    expect(keyProblem('')).toBe('format');
    expect(keyProblem(`cpd_live_${'é'.repeat(22)}_2Ff7uY`)).toBe('format');
  });
});
