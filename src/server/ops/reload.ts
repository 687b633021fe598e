// Reloading the data file without a restart: on SIGHUP, or when the file at --data is replaced. One
// reload runs at a time; a trigger during one runs once more after it (so the newest file wins).
// The work itself (open, check, build the app, swap) is the caller's `reload`.
import { fileIdentity, watchFileReplacement } from './file-watch.js';

export interface ReloaderOptions {
  path: string;
  /** Identity of the file served at start (taken before it was opened). */
  served: string | null;
  /** Stat interval of the replacement watch; 0 turns the watch off (SIGHUP still reloads). */
  watchMs: number;
  reload(reason: string): Promise<void>;
}

export function createReloader({ path, served, watchMs, reload }: ReloaderOptions) {
  let running: Promise<void> | null = null;
  let again: string | null = null;
  const watch =
    watchMs > 0 ? watchFileReplacement({ path, served, intervalMs: watchMs, onReplaced: () => trigger('file replaced') }) : null;

  function trigger(reason: string): Promise<void> {
    if (running) {
      again = reason;
      return running;
    }
    // Whatever is at the path now is what this reload opens: the watch need not report it again.
    if (watch) watch.served = fileIdentity(path);
    running = reload(reason).finally(() => {
      running = null;
      if (again !== null) {
        const next = again;
        again = null;
        void trigger(next);
      }
    });
    return running;
  }

  const onHup = () => {
    void trigger('SIGHUP');
  };
  process.on('SIGHUP', onHup);
  return {
    trigger,
    stop() {
      watch?.stop();
      process.off('SIGHUP', onHup);
    },
  };
}
