// `canpol build` on a thread of its own, so SIGTERM and SIGINT stop it within a second: the build's
// phases are long synchronous loops and SQLite statements, during which a signal handler on the
// build's own thread would not run until the phase ended (a minute and more on the real data). The
// main thread only waits; on a signal it removes the build's temporary file and dies of the signal
// itself, which ends the build thread wherever it is. The output is replaced only by the build's
// final rename, so it is either the old file or the new one, never a part.
import { writeSync } from 'node:fs';
import { format } from 'node:util';
import { parentPort } from 'node:worker_threads';
import { removeOwnTempFiles } from '../../../build-db/temp-files.js';
import { startBuildWorker } from '../../../build-db/workers/start-worker.js';
import { buildCommand, type BuildCommandOptions } from './build.js';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** On the build thread: runs the build and posts its exit code. Its lines are written straight to
 *  the process's descriptors: a thread's console is forwarded only when the thread yields, so the
 *  progress of a long synchronous phase would appear at its end. */
export function runStoppableBuild(data: Record<string, unknown>): void {
  console.error = (...args: unknown[]) => {
    writeSync(2, `${format(...args)}\n`);
  };
  console.log = (...args: unknown[]) => {
    writeSync(1, `${format(...args)}\n`);
  };
  buildCommand(data.options as BuildCommandOptions).then(
    (code) => parentPort!.postMessage({ code }),
    (err: Error) => parentPort!.postMessage({ error: err.stack ?? String(err) }),
  );
}

/** On the main thread: the build on its thread; the exit code. */
export function stoppableBuildCommand(options: BuildCommandOptions): Promise<number> {
  const worker = startBuildWorker('build', { options });
  worker.ref(); // the one thing this thread waits for
  const stop = (signal: NodeJS.Signals) => {
    console.error(`canpol build: ${signal}: stopping; ${options.out} is left as it was`);
    removeOwnTempFiles(options.out);
    for (const s of SIGNALS) process.off(s, stop);
    process.kill(process.pid, signal); // the default action now: the process ends, the build thread with it
  };
  for (const s of SIGNALS) process.on(s, stop);
  return new Promise<number>((done) => {
    const finish = (code: number) => {
      for (const s of SIGNALS) process.off(s, stop);
      done(code);
    };
    worker.once('message', (m: { code?: number; error?: string }) => {
      if (m.error !== undefined) console.error(m.error);
      finish(m.code ?? 1);
    });
    worker.once('error', (err) => {
      console.error(err);
      finish(1);
    });
    worker.once('exit', (code) => finish(code === 0 ? 1 : code)); // exited without an answer
  });
}
