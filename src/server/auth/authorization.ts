// Reads the `Authorization` header (decisions 2, 4): absent means anonymous; present means a key
// that must be valid, never a silent fall-back to anonymous.

export type Credentials = { kind: 'anonymous' } | { kind: 'bearer'; token: string } | { kind: 'malformed' };

/** Longer than any key of any configurable label; a longer header is rejected without parsing. */
const MAX_HEADER = 128;

export function readAuthorization(header: string | undefined): Credentials {
  if (header === undefined) return { kind: 'anonymous' };
  if (header.length > MAX_HEADER) return { kind: 'malformed' };
  // Repeated headers arrive joined by ", ", which this pattern rejects: one key per request.
  const m = /^[Bb][Ee][Aa][Rr][Ee][Rr] +([!-~]+) *$/.exec(header);
  return m ? { kind: 'bearer', token: m[1] } : { kind: 'malformed' };
}
