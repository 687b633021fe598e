// The operations settings are checked before the server starts.
import { expect, test } from 'bun:test';
import { resolveSetting, SettingError, settingsHelp } from '../../../src/cli/settings.js';

test('log, metrics, shutdown timeout, watch interval, verify', () => {
  expect(resolveSetting('log', {}, {})).toBe('json');
  expect(resolveSetting('log', {}, { CANPOL_LOG: 'off' })).toBe('off');
  expect(() => resolveSetting('log', { log: 'yaml' }, {})).toThrow(new SettingError('--log must be one of json, text, off, got "yaml"'));
  expect(resolveSetting('metrics', {}, {})).toBe('on');
  expect(() => resolveSetting('metrics', { metrics: 'yes' }, {})).toThrow('--metrics must be on or off');
  expect(resolveSetting('shutdown_timeout', {}, {})).toBe('10');
  expect(() => resolveSetting('shutdown_timeout', { shutdown_timeout: '2.5' }, {})).toThrow('--shutdown-timeout must be a whole number');
  expect(resolveSetting('watch_interval', {}, { CANPOL_WATCH_INTERVAL: '0' })).toBe('0');
  expect(resolveSetting('verify_data', {}, {})).toBe('quick');
  expect(() => resolveSetting('verify_data', { verify_data: 'on' }, {})).toThrow('--verify-data must be one of quick, full, off, got "on"');
  expect(settingsHelp(['log'])).toContain('--log json|text|off');
});

test('limits under load: counts, 0 for no bound, nothing else', () => {
  expect(resolveSetting('max_in_flight', {}, {})).toBe('256');
  expect(resolveSetting('max_queue_delay', {}, { CANPOL_MAX_QUEUE_DELAY: '0' })).toBe('0');
  expect(resolveSetting('limit_clients', {}, {})).toBe('100000');
  for (const name of [
    'max_in_flight',
    'max_queue_delay',
    'max_connections',
    'headers_timeout',
    'request_timeout',
    'keep_alive_timeout',
    'limit_clients',
  ] as const) {
    expect(() => resolveSetting(name, { [name]: '-1' }, {})).toThrow('must be a whole number');
  }
});
