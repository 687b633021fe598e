// Whether a legislature's chunks are indexed alike in two data files (say without and with Ontario's
// Hansard beside them): each chunk's index line (its stems at their levels, and its facet tokens) read
// back from the keyword index (FTS5's vocabulary by chunk: the index is contentless), matched across
// the files by chunk id. Prints how many chunks compared, how many differ, and the first few.
//   bun eval/house-levels.ts --a default.db --b with-ontario.db [--level federal] [--province ''] [--sample 0]
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    level: { type: 'string', default: 'federal' },
    province: { type: 'string', default: '' },
    /** Every n-th chunk of the legislature by id; 0 or 1: all of them. */
    sample: { type: 'string', default: '0' },
  },
});
if (!values.a || !values.b) {
  console.error("usage: bun eval/house-levels.ts --a FILE --b FILE [--level federal] [--province ''] [--sample N]");
  process.exit(1);
}

/** Chunk id → its sorted index tokens, for the legislature's chunks (every `step`-th by id). */
function indexLines(path: string, step: number): Map<string, string> {
  const db = new Database(path, { readonly: true });
  db.exec('CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, chunks_fts, instance)');
  const chunks = db
    .prepare("SELECT rowid, id FROM chunks WHERE level = ? AND ifnull(province_territory, '') = ? ORDER BY id")
    .raw()
    .all(values.level, values.province) as Array<[number, string]>;
  const idOf = new Map(chunks.filter((_, i) => i % step === 0));
  const tokens = new Map<number, string[]>();
  for (const [term, doc] of db.prepare('SELECT term, doc FROM temp.vocab').raw().iterate() as Iterable<[string, number]>) {
    if (!idOf.has(doc)) continue;
    let t = tokens.get(doc);
    if (!t) tokens.set(doc, (t = []));
    t.push(term);
  }
  db.close();
  return new Map([...idOf].map(([rowid, id]) => [id, (tokens.get(rowid) ?? []).sort().join(' ')]));
}

const step = Math.max(1, Number(values.sample));
const [a, b] = [indexLines(values.a, step), indexLines(values.b, step)];
const differ = [...a].filter(([id, line]) => b.get(id) !== line);
const missing = [...a.keys()].filter((id) => !b.has(id)).length;
console.log(
  `${values.level}/${values.province}: ${a.size} chunks in ${values.a}, ${b.size} in ${values.b}; ${a.size - missing} compared, ${differ.length - missing} with a different index line, ${missing} not in ${values.b}`,
);
for (const [id, line] of differ.slice(0, 3)) {
  const other = new Set((b.get(id) ?? '').split(' '));
  const mine = new Set(line.split(' '));
  console.log(
    `  ${id}: only in a: ${[...mine]
      .filter((t) => !other.has(t))
      .slice(0, 8)
      .join(' ')}; only in b: ${[...other]
      .filter((t) => !mine.has(t))
      .slice(0, 8)
      .join(' ')}`,
  );
}
