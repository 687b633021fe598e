// LEGISinfo's own per-bill XML export as the nightly fetches it (build-db/fetch/discover/index-list.ts):
// `<parliament>-<session>/bills/<NumberCode>/metadata.xml`, one `<Bills><Bill>` record per file, the
// same record the bill pack carries per line. Read in session then bill order, so runs are stable.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BillLine } from './read-lines.js';

const SESSION_DIR = /^\d{1,2}-\d$/;

export function* readFolder(from: string): Generator<BillLine & { path: string }> {
  if (!existsSync(from)) return;
  const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  for (const session of readdirSync(from).filter((d) => SESSION_DIR.test(d)).sort(byNumber)) {
    const bills = join(from, session, 'bills');
    if (!existsSync(bills) || !statSync(bills).isDirectory()) continue;
    for (const bill of readdirSync(bills).sort(byNumber)) {
      const file = join(bills, bill, 'metadata.xml');
      if (!existsSync(file)) continue;
      yield { line: 0, session, bill, xml: readFileSync(file, 'utf8'), path: `${session}/bills/${bill}/metadata.xml` };
    }
  }
}
