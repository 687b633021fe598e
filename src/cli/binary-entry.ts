// Entry of the single binary (`make binary`, docs/binary.md): a Node single-executable application
// built from this file's bundle. The native files come out of the executable first, then the same
// `canpol` command as src/cli/main.ts runs. A build worker thread runs this same code (its text, from the
// executable's assets) and uses the folder its process made.
import { isMainThread, workerData } from 'node:worker_threads';
import { attachNatives, unpackNatives } from './natives/unpack.js';

if (isMainThread) unpackNatives();
else attachNatives(workerData);
// Imported only now, so that no module runs before the native files are registered.
void import('./main.js');
