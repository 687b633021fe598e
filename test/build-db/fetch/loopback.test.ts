import { describe, expect, test } from 'bun:test';
import { isLoopbackUrl } from '../../../build-db/fetch/loopback.js';

describe('isLoopbackUrl', () => {
  test('127.0.0.0/8, ::1 and localhost are this machine; a publisher, a LAN address or none is not', () => {
    for (const u of ['http://127.0.0.1:8080', 'http://127.3.2.1/x', 'http://[::1]:9000/', 'http://localhost:1', 'http://mirror.localhost/']) expect(isLoopbackUrl(u)).toBe(true);
    for (const u of ['https://www.ourcommons.ca/', 'http://10.0.0.1/', 'http://128.0.0.1/', 'http://[::2]/', 'http://localhost.example.org/', 'not a url', null]) expect(isLoopbackUrl(u)).toBe(false);
  });
});
