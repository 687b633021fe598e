// The anonymous bucket of an address. An IPv6 client usually holds a whole /64 and can use a new
// address per request, so IPv6 addresses are counted per /64; IPv4 addresses one by one.
import { isIP } from 'node:net';

function hextets(addr: string): string[] {
  const [head, tail] = addr.includes('::') ? addr.split('::') : [addr, undefined];
  const left = head ? head.split(':') : [];
  if (tail === undefined) return left;
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
}

export function addressBucket(addr: string): string {
  if (isIP(addr) !== 6) return `ip:${addr}`;
  // An embedded IPv4 tail (::1.2.3.4) sits in the last 32 bits, outside the /64.
  return `ip6:${hextets(addr)
    .slice(0, 4)
    .map((h) => (parseInt(h, 16) || 0).toString(16))
    .join(':')}::/64`;
}
