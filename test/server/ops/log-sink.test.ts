// The request log's sink stays bounded when its reader stops reading, and survives its reader going
// away (issue 21 item 1), with one stderr line for each.
import { expect, test } from 'bun:test';
import { createLogSink, type LogStream } from '../../../src/server/ops/log-sink.js';

/** A stream whose writes complete only when the test says (a reader that stopped reading). */
function stalledStream() {
  const waiting: Array<{ chunk: string; done: (err?: Error | null) => void }> = [];
  let onError: ((err: Error) => void) | null = null;
  const stream: LogStream = {
    write(chunk, done) {
      waiting.push({ chunk, done });
      return false;
    },
    on(_event, listener) {
      onError = listener;
    },
  };
  return {
    stream,
    waiting,
    /** The reader reads everything written so far. */
    readAll() {
      for (const w of waiting.splice(0)) w.done();
    },
    /** The reader exits: the pending writes fail and the stream emits its error. */
    fail(code: string) {
      const err = Object.assign(new Error(`write ${code}`), { code });
      for (const w of waiting.splice(0)) w.done(err);
      onError?.(err);
    },
  };
}

const line = (i: number) => String(i).padStart(100, '.'); // 100 characters

test('past maxPending unwritten characters, batches are dropped and counted; writing resumes once the reader reads', () => {
  const s = stalledStream();
  const notices: string[] = [];
  const sink = createLogSink({ stream: s.stream, maxBuffered: 1000, maxPending: 5000, notice: (m) => notices.push(m) });
  // 200 lines of 101 characters: every 10 lines fill a 1,000-character batch and are written.
  for (let i = 0; i < 200; i++) sink.line(line(i));
  sink.flush();
  // Five batches (5,050 characters) went to the stream before the bound; the other 150 lines are dropped.
  expect(s.waiting.length).toBe(5);
  expect(sink.pending).toBe(5050);
  expect(sink.dropped).toBe(150);
  expect(notices).toHaveLength(1);
  expect(notices[0]).toMatch(/^canpol: request log: stdout is not being read \(5050 characters waiting\); dropping log lines/);
  // Memory held: the stream's five batches, never more, however many lines come.
  for (let i = 0; i < 10_000; i++) sink.line(line(i));
  sink.flush();
  expect(s.waiting.length).toBe(5);
  expect(sink.dropped).toBe(10_150);
  expect(notices).toHaveLength(1);
  // The reader reads again: the next batch is written, and one line says how many were dropped.
  s.readAll();
  expect(sink.pending).toBe(0);
  sink.line(line(0));
  sink.flush();
  expect(s.waiting.map((w) => w.chunk)).toEqual([`${line(0)}\n`]);
  expect(notices[1]).toBe('canpol: request log: stdout is being read again; 10150 line(s) dropped since the last notice');
});

test('a reader that goes away (EPIPE) turns the log off with one line, and nothing throws', () => {
  const s = stalledStream();
  const notices: string[] = [];
  const sink = createLogSink({ stream: s.stream, maxBuffered: 10, notice: (m) => notices.push(m) });
  sink.line('first line');
  s.fail('EPIPE');
  expect(sink.stopped).toBe(true);
  expect(notices).toEqual([
    'canpol: request log stopped: writing to stdout failed (EPIPE: its reader has gone); request logging is off from now on',
  ]);
  for (let i = 0; i < 5; i++) sink.line('more');
  sink.flush();
  expect(s.waiting).toHaveLength(0);
  expect(sink.dropped).toBe(5);
  expect(notices).toHaveLength(1);
});

test('a stream that throws on write stops the log instead of the server', () => {
  const notices: string[] = [];
  const sink = createLogSink({
    stream: {
      write() {
        throw Object.assign(new Error('write after end'), { code: 'ERR_STREAM_DESTROYED' });
      },
      on() {},
    },
    maxBuffered: 1,
    notice: (m) => notices.push(m),
  });
  expect(() => sink.line('x')).not.toThrow();
  expect(sink.stopped).toBe(true);
  expect(notices[0]).toContain('(ERR_STREAM_DESTROYED)');
});
