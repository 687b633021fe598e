// A copy of a schema-11 data file with its vector index in the schema-10 layout (`chunk_codes`: one
// row a chunk holding code and int8 vector; the blocks dropped), so the code of before issue 17's
// blocked index can be measured on the same corpus and the same vectors (docs/benchmarks.md
// "Vector index in blocks"). Rows are appended at the end of the copy, where a schema-10 build
// would have written them between the keyword index and the checksums.
//   bun bench/vector-index-schema10.ts --data /tmp/canpol-scale-1000000.db --out /tmp/canpol-scale-1000000-s10.db
import { copyFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { codeBlocks } from '../src/core/data-file/code-blocks.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' } } });
if (!values.data || !values.out) {
  console.error('usage: bun bench/vector-index-schema10.ts --data FILE.db --out COPY.db');
  process.exit(2);
}
rmSync(values.out, { force: true });
copyFileSync(values.data, values.out);
const db = new Database(values.out);
db.pragma('journal_mode = OFF');
db.pragma('synchronous = OFF');
db.exec('CREATE TABLE chunk_codes (rowid INTEGER PRIMARY KEY, code BLOB NOT NULL, vector_i8 BLOB NOT NULL)');
const ins = db.prepare('INSERT INTO chunk_codes VALUES (?, ?, (SELECT vector_i8 FROM chunk_int8 WHERE rowid = ?))');
const blocks = [...codeBlocks(db)];
db.transaction(() => {
  for (const b of blocks) {
    const bytes = b.codes.byteLength / b.entries;
    b.rowids.forEach((rowid, i) => ins.run(rowid, b.codes.subarray(i * bytes, (i + 1) * bytes), rowid));
  }
})();
db.exec('DROP TABLE chunk_blocks; DROP TABLE chunk_block_values; DROP TABLE chunk_int8');
db.pragma('user_version = 10');
db.prepare('UPDATE build SET schema_version = 10').run();
db.close();
console.error(`wrote ${values.out}`);
