import { openDataFile } from '../../core/data-file/open-data-file.js';

/** Prints a data file's build record as JSON. */
export function infoCommand({ data }: { data: string }): number {
  const file = openDataFile(data);
  const row = file.db.prepare('SELECT * FROM build').get() as Record<string, unknown>;
  for (const k of ['sources', 'source_digests', 'row_counts', 'attribution', 'warnings']) row[k] = JSON.parse(row[k] as string);
  row.is_demo = row.is_demo === 1;
  console.log(JSON.stringify(row, null, 2));
  file.close();
  return 0;
}
