// LEGISinfo's own per-bill XML export as the nightly fetches them (build-db/fetch/discover/index-list.ts):
// `<parliament>-<session>/bills/<NumberCode>/metadata.xml`, one `<Bills><Bill>` record per file, the
// same record the bill pack carries per line. Listed in session then bill order (stable runs), and
// read one file at a time (the whole record is about 225 MB of XML).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BillLine } from './read-lines.js';

const SESSION_DIR = /^\d{1,2}-\d$/;
const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export interface FolderBill {
  session: string;
  bill: string;
  path: string;
}

export function listFolder(from: string): FolderBill[] {
  if (!existsSync(from)) return [];
  const out: FolderBill[] = [];
  for (const session of readdirSync(from)
    .filter((d) => SESSION_DIR.test(d))
    .sort(byNumber)) {
    const bills = join(from, session, 'bills');
    if (!existsSync(bills) || !statSync(bills).isDirectory()) continue;
    for (const bill of readdirSync(bills).sort(byNumber)) {
      if (existsSync(join(bills, bill, 'metadata.xml'))) out.push({ session, bill, path: `${session}/bills/${bill}/metadata.xml` });
    }
  }
  return out;
}

export function* readFolder(from: string, listed: FolderBill[] = listFolder(from)): Generator<BillLine & { path: string }> {
  for (const b of listed) yield { line: 0, session: b.session, bill: b.bill, xml: readFileSync(join(from, b.path), 'utf8'), path: b.path };
}
