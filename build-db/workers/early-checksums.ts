// The checksums of the tables the build's extra phases leave as they are (src/db/data-checksums.ts),
// begun on a worker thread while those phases run. The search phase embeds or copies vectors on the
// main thread into tables of its own, with a core to spare; the tables written before it (the
// speeches alone are 10 GB at 8 M chunks) are final, and the last step then finds most of its work
// done. In an unchanged 8 M rebuild the checksums took 110 s after the phase, on two threads.
//
// A reader beside a writer needs the file in WAL mode: in SQLite's rollback modes the phase could not
// commit while the worker reads. The file is switched to WAL for the phases and back to its rollback
// mode (DELETE) before the checksums are written; a file is never published in WAL mode.
import Database from 'better-sqlite3';
import { largestFirst, storedTables, type EarlyChecksums } from '../../src/db/data-checksums.js';
import { checksumWorker } from './checksum-worker.js';

/** Starts hashing every table `path` holds now, the largest first, on a worker thread. The phases
 *  run after may add tables but must not change these (ExtraPhase, build-db/build.ts). */
export function startEarlyChecksums(path: string): EarlyChecksums & { close(): void } {
  const db = new Database(path, { fileMustExist: true });
  let tables;
  try {
    db.pragma('journal_mode = WAL');
    tables = largestFirst(db, storedTables(db));
  } finally {
    db.close();
  }
  const queue = new Int32Array(new SharedArrayBuffer(4));
  const helper = checksumWorker(path);
  helper.start(tables, queue);
  return { tables, queue, finish: () => helper.finish(), close: () => helper.close() };
}

/** The file back in rollback mode once no other connection has it open (after `finish`). */
export function leaveWal(db: Database.Database): void {
  if (String(db.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal') db.pragma('journal_mode = DELETE');
}
