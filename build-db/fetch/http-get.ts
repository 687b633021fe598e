// One HTTP GET with Node's built-in fetch (undici): a conditional request when the cache has
// validators, one deadline for headers and body together, and the body length checked against
// Content-Length so a connection cut mid-body is an error, not a short file.

export interface Validators { etag?: string | null; last_modified?: string | null }

export type GetResult =
  | { kind: 'response'; status: number; headers: Headers; body: Buffer }
  | { kind: 'error'; error: string; /** worth trying again (timeouts, resets, truncation) */ transient: boolean };

export async function httpGet(url: string, { userAgent, timeoutMs, validators }: { userAgent: string; timeoutMs: number; validators?: Validators }): Promise<GetResult> {
  const headers: Record<string, string> = { 'user-agent': userAgent, accept: '*/*' };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.last_modified) headers['if-modified-since'] = validators.last_modified;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, { headers, signal, redirect: 'follow' });
    const body = Buffer.from(await res.arrayBuffer());
    const declared = res.headers.get('content-length');
    // Compressed transfers are decoded by fetch, so the declared length is of the encoded bytes.
    if (declared && !res.headers.get('content-encoding') && Number(declared) !== body.length) {
      return { kind: 'error', error: `truncated body: ${body.length} of ${declared} bytes`, transient: true };
    }
    return { kind: 'response', status: res.status, headers: res.headers, body };
  } catch (err) {
    const e = err as Error & { cause?: Error };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return { kind: 'error', error: `timed out after ${timeoutMs} ms`, transient: true };
    return { kind: 'error', error: [e.message, e.cause?.message].filter(Boolean).join(': '), transient: true };
  }
}
