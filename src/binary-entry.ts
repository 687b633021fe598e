// Entry of the single binary (`make binary`, docs/binary.md): unpack the embedded native files,
// then run the same `canpol` command as src/cli.ts. The file imports make Bun embed the two
// libraries it would not embed by itself; they name the build machine's linux-x64 copies.
// @ts-expect-error: a file import (Bun), typed as its path
import onnxruntime from '../node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1' with { type: 'file' };
// @ts-expect-error: a file import (Bun), typed as its path
import vec0 from '../node_modules/sqlite-vec-linux-x64/vec0.so' with { type: 'file' };
import { unpackNatives } from './natives/unpack.js';
import { isBuildWorker } from '../build-db/workers/start-worker.js';

// A build worker thread (build-db/workers/start-worker.ts) runs this same file; its tasks need no
// native library, and unpacking belongs to the main thread, which removes the folder at exit.
if (!isBuildWorker()) unpackNatives({ onnxruntime: onnxruntime as string, vec0: vec0 as string });
// Imported only now, so that no module runs before the native files are registered.
await import('./cli.js');
