// The worker thread's script when the CLI runs from source: the build's own tasks, and the
// stoppable build (src/cli/commands/build-thread.ts), which only the CLI knows.
import { runBuildWorker } from '../../build-db/workers/run-worker.js';
import { runStoppableBuild } from './commands/build-thread.js';

runBuildWorker({ build: runStoppableBuild });
