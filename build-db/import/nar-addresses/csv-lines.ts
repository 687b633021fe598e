// Streams a large CSV (a National Address Register province file is up to ~2 GB) row by row, so an
// import never holds a whole file in memory. Fields may be quoted with doubled quotes inside; a
// quoted field that spans lines is joined with the next line.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export interface StreamedRow {
  line: number;
  fields: string[];
}

function splitRow(text: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

export async function* csvRows(path: string): AsyncGenerator<StreamedRow> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  let pending: { line: number; text: string } | null = null;
  for await (const raw of lines) {
    n++;
    const text: string = pending ? `${pending.text}\n${raw}` : n === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    const line: number = pending?.line ?? n;
    const fields = splitRow(text);
    if (fields === null) {
      pending = { line, text };
      continue;
    }
    pending = null;
    if (fields.length === 1 && fields[0] === '') continue;
    yield { line, fields };
  }
  if (pending) yield { line: pending.line, fields: splitRow(`${pending.text}"`) ?? [pending.text] };
}
