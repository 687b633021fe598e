// Where request log lines go: stdout, batched. At most one write per `flushMs` (or sooner past
// `maxBuffered` characters) instead of one per request keeps a busy server's system calls down;
// `flush()` empties the batch before the process exits. A crash loses at most `flushMs` of lines.
export interface LogSink {
  line(text: string): void;
  flush(): void;
}

export interface LogSinkOptions {
  write?: (chunk: string) => void;
  /** Milliseconds a line may wait for others to share its write. */
  flushMs?: number;
  /** Flush at once beyond this many characters (bounded memory under a burst). */
  maxBuffered?: number;
}

export function createLogSink({ write = (s) => { process.stdout.write(s); }, flushMs = 50, maxBuffered = 64 * 1024 }: LogSinkOptions = {}): LogSink {
  let buffer = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!buffer) return;
    const out = buffer;
    buffer = '';
    write(out);
  };
  return {
    line(text) {
      buffer += text + '\n';
      if (buffer.length >= maxBuffered) flush();
      else if (!timer) {
        timer = setTimeout(flush, flushMs);
        timer.unref?.(); // the log alone does not keep the process alive; exit paths call flush()
      }
    },
    flush,
  };
}
