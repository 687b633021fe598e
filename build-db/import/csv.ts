// CSV (RFC 4180) through csv-parse: quoted fields may hold commas, doubled quotes and line breaks.
// Rows carry the 1-based line they start on, so importers can name the line they skip.
import { parse } from 'csv-parse/sync';

export interface CsvRow {
  line: number;
  fields: string[];
}

export function parseCsv(text: string): CsvRow[] {
  const rows = parse(text, {
    bom: true,
    info: true,
    raw: true,
    relax_column_count: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  }) as unknown as Array<{ record: string[]; info: { lines: number }; raw: string }>;
  // info.lines is the line the record ends on; a quoted field with line breaks started it earlier.
  // Blank lines are kept by the parser (so its line count stays exact) and dropped here.
  return rows
    .filter(({ record }) => record.length > 1 || record[0] !== '')
    .map(({ record, info, raw }) => ({
      line: info.lines - (raw.replace(/(\r\n|\n|\r)$/, '').match(/\r\n|\n|\r/g)?.length ?? 0),
      fields: record,
    }));
}

/** Rows as objects keyed by the header row's names; `line` is the row's line in the file. */
export function csvRecords(text: string): Array<{ line: number; values: Record<string, string> }> {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const names = header.fields.map((h) => h.trim());
  return rows.map(({ line, fields }) => ({ line, values: Object.fromEntries(names.map((n, i) => [n, fields[i] ?? ''])) }));
}
