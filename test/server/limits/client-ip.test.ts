import { describe, expect, test } from 'bun:test';
import { createClientAddress, normalizeAddress, parseTrustedProxies, TrustedProxyError } from '../../../src/server/limits/client-ip.js';
import { addressBucket } from '../../../src/server/limits/address-bucket.js';

describe('trusted proxies', () => {
  test('addresses and CIDR ranges, both families; garbage is refused', () => {
    const list = parseTrustedProxies('10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8');
    expect(list.check('10.9.8.7', 'ipv4')).toBe(true);
    expect(list.check('11.0.0.1', 'ipv4')).toBe(false);
    expect(list.check('fd12::3', 'ipv6')).toBe(true);
    for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.1/8/9', '::1/129', '1.2.3'])
      expect(() => parseTrustedProxies(bad)).toThrow(TrustedProxyError);
    expect(parseTrustedProxies('none').check('127.0.0.1', 'ipv4')).toBe(false);
  });
});

describe('client address (decisions 4)', () => {
  const none = createClientAddress(parseTrustedProxies('none'));
  const proxied = createClientAddress(parseTrustedProxies('10.0.0.0/8'));

  test('without trusted proxies X-Forwarded-For is ignored', () => {
    expect(none('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
    expect(none('::ffff:203.0.113.7', undefined)).toBe('203.0.113.7');
    expect(none(undefined, '198.51.100.1')).toBe('unknown');
  });

  test('from a trusted proxy, the nearest untrusted hop; what the client wrote further left is ignored', () => {
    expect(proxied('10.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
    // The client claims 1.1.1.1; the proxy appended the real peer.
    expect(proxied('10.0.0.2', '1.1.1.1, 203.0.113.7')).toBe('203.0.113.7');
    // Two trusted proxies in a row.
    expect(proxied('10.0.0.2', '1.1.1.1, 203.0.113.7, 10.0.0.3')).toBe('203.0.113.7');
    // A request from an untrusted peer cannot choose its address.
    expect(proxied('203.0.113.9', '10.0.0.5, 1.1.1.1')).toBe('203.0.113.9');
    // Repeated headers arrive comma-joined, which is the same list.
    expect(proxied('10.0.0.2', '1.1.1.1,203.0.113.7')).toBe('203.0.113.7');
    // Ports and brackets as some proxies write them.
    expect(proxied('10.0.0.2', '203.0.113.7:5555')).toBe('203.0.113.7');
    expect(proxied('10.0.0.2', '[2001:db8::1]:443')).toBe('2001:db8::1');
  });

  test('hostile X-Forwarded-For through a trusted proxy: garbage, empty hops, huge lists', () => {
    expect(proxied('10.0.0.2', 'not-an-ip')).toBe('10.0.0.2');
    expect(proxied('10.0.0.2', '203.0.113.7, <script>')).toBe('10.0.0.2');
    expect(proxied('10.0.0.2', '')).toBe('10.0.0.2');
    expect(proxied('10.0.0.2', ',,,')).toBe('10.0.0.2');
    expect(proxied('10.0.0.2', `203.0.113.7,${'10.0.0.1,'.repeat(100_000)}10.0.0.1`)).toBe('10.0.0.1');
    expect(proxied('10.0.0.2', `${'x'.repeat(1_000_000)}, 203.0.113.7`)).toBe('203.0.113.7');
  });

  test('normalizeAddress and the per-/64 IPv6 bucket', () => {
    expect(normalizeAddress(' 2001:DB8::1 ')).toBe('2001:db8::1');
    expect(normalizeAddress('999.1.1.1')).toBeNull();
    expect(addressBucket('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressBucket('2001:db8:1:2:3:4:5:6')).toBe('ip6:2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::5')).toBe('ip6:2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('ip6:0:0:0:0::/64');
  });
});
