// The client address a request is counted under (decisions 4): the socket's peer, or, when that
// peer is a proxy the operator trusts, the nearest X-Forwarded-For hop that is not a trusted proxy.
// Hops are read from the right: each trusted proxy appends the address it received the request
// from, so everything left of the first untrusted hop was written by the client and is ignored
// (reading the left-most entry instead would let any client pick its own bucket).
import { BlockList, isIP } from 'node:net';

/** Hops looked at, from the right; a chain of trusted proxies longer than this is a misconfiguration. */
const MAX_HOPS = 16;

export class TrustedProxyError extends Error {}

/** `10.0.0.0/8, 127.0.0.1, ::1, fd00::/8` into a matcher; `none` or empty trusts nobody. */
export function parseTrustedProxies(text: string): BlockList {
  const list = new BlockList();
  if (text.trim() === 'none' || text.trim() === '') return list;
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(addr);
    const max = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))) {
      throw new TrustedProxyError(`trusted proxy ${JSON.stringify(entry)} is not an IP address or CIDR range`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list;
}

/** An address without port, brackets or IPv4-mapped prefix; null when it is not an address. */
export function normalizeAddress(raw: string): string | null {
  let s = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) s = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(s)) s = s.slice(0, s.indexOf(':'));
  const family = isIP(s);
  if (!family) return null;
  if (family === 6) {
    s = s.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(s);
    if (mapped) return mapped[1];
  }
  return s;
}

function isTrusted(list: BlockList, addr: string): boolean {
  return list.check(addr, isIP(addr) === 4 ? 'ipv4' : 'ipv6');
}

export function createClientAddress(trusted: BlockList) {
  return function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined): string {
    let client = (socketAddress && normalizeAddress(socketAddress)) || 'unknown';
    if (!forwardedFor || client === 'unknown' || !isTrusted(trusted, client)) return client;
    let rest = forwardedFor;
    for (let i = 0; i < MAX_HOPS && rest !== ''; i++) {
      const cut = rest.lastIndexOf(',');
      const hop = normalizeAddress(rest.slice(cut + 1));
      rest = cut < 0 ? '' : rest.slice(0, cut);
      // Garbage can only be reached through trusted hops: the last trusted address stands in.
      if (!hop) break;
      client = hop;
      if (!isTrusted(trusted, hop)) break;
    }
    return client;
  };
}

export type ClientAddress = ReturnType<typeof createClientAddress>;
