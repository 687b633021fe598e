// The worker thread's script when the build runs from source (build-db/workers/start-worker.ts).
import { runBuildWorker } from './run-worker.js';

runBuildWorker();
