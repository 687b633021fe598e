// One HTTP GET (or a GraphQL POST) with Node's built-in fetch (undici): a conditional request when the cache has
// validators, one deadline for headers and body together, and the body length checked against
// Content-Length so a connection cut mid-body is an error, not a short file.

export interface Validators {
  etag?: string | null;
  last_modified?: string | null;
}

export type GetResult =
  | { kind: 'response'; status: number; headers: Headers; body: Buffer }
  | {
      kind: 'error';
      error: string /** worth trying again (timeouts, resets, truncation) */;
      transient: boolean;
      /** the host's name did not resolve or it refused the connection: offline, or no such server */ unreachable?: boolean;
    };

/** Errors that say the host cannot be reached at all (no DNS answer, connection refused, no route). */
const UNREACHABLE = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN']);

export async function httpGet(
  url: string,
  {
    userAgent,
    timeoutMs,
    validators,
    json,
  }: { userAgent: string; timeoutMs: number; validators?: Validators /** a POST of this JSON body instead of a GET */; json?: string },
): Promise<GetResult> {
  const headers: Record<string, string> = { 'user-agent': userAgent, accept: '*/*' };
  if (json !== undefined) headers['content-type'] = 'application/json';
  else if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (json === undefined && validators?.last_modified) headers['if-modified-since'] = validators.last_modified;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, {
      headers,
      signal,
      redirect: 'follow',
      ...(json !== undefined ? { method: 'POST', body: json } : {}),
    });
    const body = Buffer.from(await res.arrayBuffer());
    const declared = res.headers.get('content-length');
    // Compressed transfers are decoded by fetch, so the declared length is of the encoded bytes.
    if (declared && !res.headers.get('content-encoding') && Number(declared) !== body.length) {
      return { kind: 'error', error: `truncated body: ${body.length} of ${declared} bytes`, transient: true };
    }
    return { kind: 'response', status: res.status, headers: res.headers, body };
  } catch (err) {
    return fetchError(err, timeoutMs);
  }
}

/** A failed fetch() as an error result: timeouts and resets are worth another try; a host that
 *  does not resolve or refuses the connection cannot be reached at all. */
export function fetchError(err: unknown, timeoutMs: number): Extract<GetResult, { kind: 'error' }> {
  const e = err as Error & { code?: string; cause?: Error & { code?: string; errors?: Array<{ code?: string }> } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return { kind: 'error', error: `timed out after ${timeoutMs} ms`, transient: true };
  const error = [e.message, e.cause?.message].filter(Boolean).join(': ');
  // Node puts the code on the cause (an AggregateError of one per address for a host with
  // several), Bun on the error itself.
  const codes = [e.code, e.cause?.code, ...(e.cause?.errors ?? []).map((x) => x.code)];
  if (codes.some((c) => c !== undefined && UNREACHABLE.has(c))) return { kind: 'error', error, transient: false, unreachable: true };
  return { kind: 'error', error, transient: true };
}
