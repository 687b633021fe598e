// The JSON request line is valid JSON with exactly the documented fields, whatever the path holds.
import { expect, test } from 'bun:test';
import { createLogSink } from '../../../src/server/ops/log-sink.js';
import { createRequestLog, type RequestRecord } from '../../../src/server/ops/request-log.js';

test('JSON lines parse back to the record, with awkward characters escaped', () => {
  const out: string[] = [];
  const sink = createLogSink({ write: (s) => out.push(s) });
  const log = createRequestLog({ format: 'json', sink, now: () => Date.parse('2026-11-24T01:02:03.456Z') });
  const records: RequestRecord[] = [
    {
      method: 'GET',
      path: '/api/public/v1/bills',
      query: 'q=%22loi%22&x="y"\\',
      route: '/api/public/v1/bills',
      status: 200,
      duration_ms: 0.123,
      key_id: 'k_123',
      client_ip: '::1',
      build_id: 'b1',
    },
    {
      method: 'HEAD',
      path: '/weird/\u2028"\n',
      query: null,
      route: '(unmatched)',
      status: 404,
      duration_ms: 12,
      key_id: null,
      client_ip: null,
      build_id: 'b1',
    },
  ];
  for (const r of records) log.record(r);
  sink.flush();
  const lines = out.join('').split('\n').filter(Boolean);
  expect(lines.map((l) => JSON.parse(l))).toEqual(records.map((r) => ({ time: '2026-11-24T01:02:03.456Z', ...r })));
});

test('the sink batches lines into one write, and flushes early past its bound', async () => {
  const writes: string[] = [];
  const sink = createLogSink({ write: (s) => writes.push(s), maxBuffered: 10, flushMs: 1 });
  sink.line('abc');
  sink.line('def');
  expect(writes).toEqual([]);
  while (writes.length === 0) await new Promise((r) => setTimeout(r, 1));
  expect(writes).toEqual(['abc\ndef\n']);
  sink.line('0123456789');
  expect(writes).toEqual(['abc\ndef\n', '0123456789\n']);
});

test('text lines: a decoded path with CR LF, ESC or other control characters stays one line, escaped', () => {
  const out: string[] = [];
  const sink = createLogSink({ write: (s) => out.push(s) });
  const log = createRequestLog({ format: 'text', sink, now: () => Date.parse('2026-11-24T01:02:03.456Z') });
  const base = { method: 'GET', route: '(unmatched)', status: 404, duration_ms: 1, key_id: null, client_ip: '::1', build_id: 'b1' };
  log.record({ ...base, path: '/x\r\n2026-11-24T00:00:00.000Z 200 GET /forged', query: 'a=\u001b[31mred\u0007' });
  log.record({ ...base, path: '/back\\slash\u0085\u2028\u007f', query: null });
  log.record({ ...base, path: '/plain/é', query: 'q=ok' });
  sink.flush();
  expect(out.join('').split('\n').filter(Boolean)).toEqual([
    '2026-11-24T01:02:03.456Z 404 GET /x\\x0d\\x0a2026-11-24T00:00:00.000Z 200 GET /forged?a=\\x1b[31mred\\x07 1 ms ::1',
    '2026-11-24T01:02:03.456Z 404 GET /back\\\\slash\\x85\\u2028\\x7f 1 ms ::1',
    '2026-11-24T01:02:03.456Z 404 GET /plain/é?q=ok 1 ms ::1',
  ]);
});
