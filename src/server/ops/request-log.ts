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

export function createRequestLog({ format, sink, now = Date.now }: { format: Exclude<LogFormat, 'off'>; sink: LogSink; now?: () => number }): RequestLog {
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
      record: (r) => sink.line(`{"time":"${time()}","method":${str(r.method)},"path":${str(r.path)},"query":${str(r.query)},"route":${str(r.route)},`
        + `"status":${r.status},"duration_ms":${r.duration_ms},"key_id":${str(r.key_id)},"client_ip":${str(r.client_ip)},"build_id":${str(r.build_id)}}`),
    };
  }
  return {
    record: (r) => sink.line(`${time()} ${r.status} ${r.method} ${r.path}${r.query === null ? '' : `?${r.query}`} ${r.duration_ms} ms`
      + ` ${r.client_ip ?? '-'}${r.key_id ? ` key=${r.key_id}` : ''}`),
  };
}
