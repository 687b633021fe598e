// Which requests the Node door of the fast path (fast-path.ts) may answer: those whose URL
// @hono/node-server would take exactly as sent, so that the cache's key (the path and query of the
// Request's URL, which filled it) is the request target itself.
//
// The adapter builds the URL from the scheme, the Host header and the target, and passes it through
// `new URL()` (which may rewrite it: percent-encoding, dot segments, a default port dropped) unless
// both look plain; a Host it cannot parse, or none, is answered 400. Here a request is taken only
// when the target is an origin-form path of plain characters with no dot segment and no fragment
// (no `%`, so nothing to decode either), and the Host a lowercase name with at most a 4- or 5-digit
// port from 1000 to 59999: every such request the adapter also takes as sent (a stricter set than
// its own, checked against it in test/server/http/node-fast-path.test.ts). Anything else is declined and
// goes the adapter's way, which is always right, only slower.

/** Characters of a plain target: unreserved, sub-delims, ':', '@', '/', '?', '[', ']'. */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/?[\]]*$/;
/** A '.' or '..' path segment, which `new URL()` would resolve. */
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-9][0-9]{3}|[1-5][0-9]{4}))?$/;

export function plainTarget(target: string, host: string | undefined): boolean {
  return host !== undefined && PLAIN_HOST.test(host) && PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target);
}
