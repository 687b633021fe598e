// A mirror on this machine (the loopback upstream of the tests, or one a user runs) is our own
// server: the publishers' politeness spacing protects them, not it, so it is not applied there.
import { isIP } from 'node:net';

/** True when `url`'s host is a loopback address or `localhost`. */
export function isLoopbackUrl(url: string | null): boolean {
  if (!url) return false;
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1';
  return false;
}
