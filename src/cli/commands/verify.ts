import { verifyDataFile } from '../../core/data-file/verify-data-file.js';

/** `canpol verify FILE`: every check, printed as JSON; 0 sound, 1 not. Reads the whole file once
 *  (SQLite's integrity check, then every table's checksum); a table that takes a while is reported
 *  on stderr as it is done. */
export function verifyCommand({ file }: { file: string }): number {
  const result = verifyDataFile(file, {
    depth: 'full',
    onTable: (c, seconds) => {
      if (seconds >= 1) console.error(`canpol verify: table ${c.name}: ${c.rows} rows checked in ${seconds.toFixed(1)}s`);
    },
  });
  console.log(JSON.stringify(result, null, 2));
  if (!result.ok) console.error(`canpol verify: ${file} failed: ${result.problems.join('; ')}`);
  return result.ok ? 0 : 1;
}
