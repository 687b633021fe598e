import { expect, test } from 'bun:test';
import { resolveSetting, SettingError } from '../../src/cli/settings.js';

const bad = (name: Parameters<typeof resolveSetting>[0], value: string) => () => resolveSetting(name, { [name]: value }, {});

test('access settings are checked before the server starts', () => {
  expect(resolveSetting('rate_limit', {}, {})).toBe('on');
  expect(resolveSetting('rate_limit', {}, { CANPOL_RATE_LIMIT: 'off' })).toBe('off');
  expect(bad('rate_limit', 'no')).toThrow(SettingError);
  expect(bad('limit_anonymous', '-1')).toThrow('--limit-anonymous must be a whole number');
  expect(bad('limits_general', 'free=1,dev=2')).toThrow('--limits-general: missing pro');
  expect(bad('limits_semantic', 'free=1,dev=2,pro=x')).toThrow('--limits-semantic: expected');
  expect(bad('trusted_proxies', '10.0.0.0/40')).toThrow('--trusted-proxies: trusted proxy "10.0.0.0/40"');
  expect(resolveSetting('trusted_proxies', { trusted_proxies: '10.0.0.0/8,::1' }, {})).toBe('10.0.0.0/8,::1');
  expect(bad('key_env', 'LIVE')).toThrow(SettingError);
  expect(resolveSetting('keys', {}, {})).toBe('<data>.keys.json');
  expect(resolveSetting('redis', {}, { CANPOL_REDIS_URL: 'redis://r:6379/2' })).toBe('redis://r:6379/2');
});
