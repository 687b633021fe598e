// The request log: one line per answered request, as JSON (for log shippers) or text (for a
// terminal). Never the key or the Authorization header: the access gate passes on the key's id only.
import type { LogSink } from './log-sink.js';

export type LogFormat = 'json' | 'text' | 'off';

export interface RequestRecord {
  method: string;
  path: string;
  /** The query string without its `?`; null when there is none. */
  query: string | null;
  /** The route template (`/api/public/v1/bills/:id`), or `unmatched`. */
  route: string;
  status: number;
  duration_ms: number;
  key_id: string | null;
  client_ip: string | null;
  build_id: string;
}

export interface RequestLog {
  record(r: RequestRecord): void;
}

const str = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));

/** Control characters (C0, DEL, C1, the Unicode line and paragraph separators) and the backslash
 *  that escapes them: a decoded path must not forge a log line (`%0d%0a`) or drive the terminal
 *  showing it (`%1b[`). */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');
const escapeOne = (c: string) => {
  if (c === '\\') return '\\\\';
  const code = c.charCodeAt(0);
  return code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`;
};
/** `v` safe to write as one line of text. */
export const textSafe = (v: string) => (UNSAFE.test(v) ? v.replace(UNSAFE_ALL, escapeOne) : v);

export function createRequestLog({
  format,
  sink,
  now = Date.now,
}: {
  format: Exclude<LogFormat, 'off'>;
  sink: LogSink;
  now?: () => number;
}): RequestLog {
  // Many requests share a millisecond under load: format its timestamp once.
  let lastMs = NaN;
  let lastIso = '';
  const time = () => {
    const ms = now();
    if (ms !== lastMs) {
      lastMs = ms;
      lastIso = new Date(ms).toISOString();
    }
    return lastIso;
  };
  if (format === 'json') {
    // Written field by field (the same as JSON.stringify of the record, in this order), which
    // skips building an object per request on the hot path.
    return {
      record: (r) =>
        sink.line(
          `{"time":"${time()}","method":${str(r.method)},"path":${str(r.path)},"query":${str(r.query)},"route":${str(r.route)},` +
            `"status":${r.status},"duration_ms":${r.duration_ms},"key_id":${str(r.key_id)},"client_ip":${str(r.client_ip)},"build_id":${str(r.build_id)}}`,
        ),
    };
  }
  return {
    record: (r) =>
      sink.line(
        `${time()} ${r.status} ${textSafe(r.method)} ${textSafe(r.path)}${r.query === null ? '' : `?${textSafe(r.query)}`} ${r.duration_ms} ms` +
          ` ${r.client_ip ?? '-'}${r.key_id ? ` key=${r.key_id}` : ''}`,
      ),
  };
}
