// Where request log lines go: stdout, batched, and bounded. At most one write per `flushMs` (or
// sooner past `maxBuffered` characters) instead of one per request keeps a busy server's system
// calls down; `flush()` empties the batch before the process exits. A crash loses at most `flushMs`
// of lines.
//
// Bounded: a reader that stops reading (a stuck log shipper on a pipe) would otherwise make every
// write wait in the process's memory (about 650 bytes a request, without end). Once `maxPending`
// characters are written but not yet taken by the reader, batches are dropped and their lines
// counted instead. A reader that goes away (EPIPE) turns the log off, with one line on stderr,
// rather than crashing the server on an unhandled stream error.
export interface LogSink {
  line(text: string): void;
  flush(): void;
  /** Lines dropped because the reader was not keeping up, or after the log stopped. */
  readonly dropped: number;
  /** Characters handed to the stream that it has not written out yet. */
  readonly pending: number;
  /** True once the stream failed: nothing is written any more. */
  readonly stopped: boolean;
}

/** The part of a Writable the sink uses (process.stdout). */
export interface LogStream {
  write(chunk: string, done: (err?: Error | null) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

export interface LogSinkOptions {
  /** Where lines go; process.stdout by default. */
  stream?: LogStream;
  /** A plain function instead of a stream (tests, benchmarks): each call is taken as written. */
  write?: (chunk: string) => void;
  /** Milliseconds a line may wait for others to share its write. */
  flushMs?: number;
  /** Flush at once beyond this many characters (bounded memory under a burst). */
  maxBuffered?: number;
  /** Drop batches while this many characters wait for a reader that does not read. */
  maxPending?: number;
  /** The sink's own messages (dropping started, the stream failed): one line each, on stderr. */
  notice?: (message: string) => void;
  /** Milliseconds between two "dropping" notices. */
  noticeEveryMs?: number;
  now?: () => number;
}

const streamOf = (write: (chunk: string) => void): LogStream => ({
  write(chunk, done) {
    write(chunk);
    done();
  },
  on() {},
});

export function createLogSink({
  stream: given,
  write,
  flushMs = 50,
  maxBuffered = 64 * 1024,
  maxPending = 1024 * 1024,
  notice = (m) => console.error(m),
  noticeEveryMs = 60_000,
  now = Date.now,
}: LogSinkOptions = {}): LogSink {
  const stream = given ?? (write ? streamOf(write) : process.stdout);
  let buffer = '';
  let lines = 0;
  let pending = 0;
  let dropped = 0;
  let droppedSinceNotice = 0;
  let dropping = false;
  let episodeNoticed = false;
  let noticedAt = -Infinity;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const stop = (err: Error & { code?: string }) => {
    if (stopped) return;
    stopped = true;
    dropped += lines;
    buffer = '';
    lines = 0;
    notice(
      `canpol: request log stopped: writing to stdout failed (${err.code ?? err.message}${err.code === 'EPIPE' ? ': its reader has gone' : ''}); request logging is off from now on`,
    );
  };
  stream.on('error', stop);

  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!buffer) return;
    const out = buffer;
    const n = lines;
    buffer = '';
    lines = 0;
    if (pending >= maxPending) {
      dropped += n;
      droppedSinceNotice += n;
      if (!dropping) {
        dropping = true;
        // At most one notice a minute, however often the reader stalls and recovers.
        episodeNoticed = now() - noticedAt >= noticeEveryMs;
        if (episodeNoticed) {
          noticedAt = now();
          notice(
            `canpol: request log: stdout is not being read (${pending} characters waiting); dropping log lines until it is (counted in canpol_log_lines_dropped_total)`,
          );
        }
      }
      return;
    }
    if (dropping) {
      dropping = false;
      if (episodeNoticed) {
        notice(`canpol: request log: stdout is being read again; ${droppedSinceNotice} line(s) dropped since the last notice`);
        droppedSinceNotice = 0;
      }
    }
    pending += out.length;
    try {
      stream.write(out, (err) => {
        pending -= out.length;
        if (err) stop(err);
      });
    } catch (err) {
      pending -= out.length;
      stop(err as Error);
    }
  };

  return {
    line(text) {
      if (stopped) {
        dropped++;
        return;
      }
      buffer += `${text}\n`;
      lines++;
      if (buffer.length >= maxBuffered) flush();
      else if (!timer) {
        timer = setTimeout(flush, flushMs);
        timer.unref?.(); // the log alone does not keep the process alive; exit paths call flush()
      }
    },
    flush,
    get dropped() {
      return dropped;
    },
    get pending() {
      return pending;
    },
    get stopped() {
      return stopped;
    },
  };
}
