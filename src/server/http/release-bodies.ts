// Frees the bytes of answers the response cache evicted as soon as no response is writing them,
// instead of when the collector finds them. Under Bun (running `src/`) that is late: with a 64 MiB
// cap and 60,000 distinct URLs the process held 355 MiB above idle, while a 64 MiB queue of buffers
// freed as they left it stayed within 59 MiB. Node's collector holds the cap without it.
//
// A buffer is freed by detaching it (`ArrayBuffer.prototype.transfer(0)`), which only a buffer no
// response still writes may undergo: Node's socket holds the very bytes of a pending write (Bun's
// takes them at `end()`: bytes detached right after it still arrived whole, 24 MB to a client that
// had not read yet; test/server/http/release-bodies.test.ts checks the rule below on Bun). So each
// answer the cache hands out is counted as written until its response has finished (handed to the
// kernel) or closed; an evicted answer still being written is freed when the last of them ends. An
// answer handed out with no response to watch (a test calling the app directly) is never freed, and
// only the bytes the cache made for an answer are (its body and the encodings made for it), never
// those it was given (a fixed body's encodings, which the app keeps for later answers).

/** What a response that can be watched offers: node:http's ServerResponse. */
export interface Watchable {
  once(event: 'finish' | 'close', listener: () => void): unknown;
}

/** The response @hono/node-server passes its apps in `env` (none when an app is called directly). */
export const outgoingOf = (env: unknown): Watchable | undefined => (env as { outgoing?: Watchable } | undefined)?.outgoing;

export interface BodyReleaser<A extends object> {
  /** `bytes` belong to `answer` alone: freed with it. */
  own(answer: A, bytes: Uint8Array): void;
  /** `answer` is being written by `res` (until it finishes or closes); without one, it is never freed. */
  watch(answer: A, res: Watchable | undefined): void;
  /** `answer` left the cache: its bytes go now, or when the last response writing it ends. */
  retire(answer: A): void;
  /** Answers retired and waiting for their last response (for tests and metrics). */
  readonly waiting: number;
  /** Answers some response is writing now (for tests and metrics: 0 once every response ended). */
  readonly writing: number;
}

/** Whether `bytes` are the whole of their buffer, which can then go without taking other bytes. */
const wholeBuffer = (bytes: Uint8Array): boolean =>
  bytes.byteOffset === 0 && bytes.buffer instanceof ArrayBuffer && bytes.byteLength === bytes.buffer.byteLength;

/** Frees the memory of `bytes` at once (their buffer is detached: every view of it reads empty). */
function free(bytes: Uint8Array): void {
  if (!wholeBuffer(bytes)) return;
  (bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }).transfer?.(0);
}

/** A releaser that frees (`enabled`), or one that only forgets (the collector frees). */
export function createBodyReleaser<A extends object>(enabled: boolean): BodyReleaser<A> {
  const writing = new Map<A, number>();
  const retired = new Set<A>();
  const unwatched = new WeakSet<A>();
  const owned = new WeakMap<A, Uint8Array[]>();

  const release = (answer: A) => {
    for (const bytes of owned.get(answer) ?? []) free(bytes);
    owned.delete(answer);
  };
  const ended = (answer: A) => {
    const n = writing.get(answer)! - 1;
    if (n > 0) {
      writing.set(answer, n);
      return;
    }
    writing.delete(answer);
    if (retired.delete(answer)) release(answer);
  };

  return {
    own(answer, bytes) {
      if (!enabled) return;
      const list = owned.get(answer);
      if (list) list.push(bytes);
      else owned.set(answer, [bytes]);
    },
    watch(answer, res) {
      if (!enabled) return;
      if (!res?.once) {
        unwatched.add(answer);
        return;
      }
      writing.set(answer, (writing.get(answer) ?? 0) + 1);
      let done = false;
      const end = () => {
        if (done) return;
        done = true;
        ended(answer);
      };
      res.once('finish', end);
      res.once('close', end);
    },
    retire(answer) {
      if (!enabled || unwatched.has(answer)) return;
      if (writing.has(answer)) retired.add(answer);
      else release(answer);
    },
    get waiting() {
      return retired.size;
    },
    get writing() {
      return writing.size;
    },
  };
}
