// The bills introduced at each Nova Scotia sitting, from the Hansard pages in the same folder
// (assembly-<A>-session-<S>/house_*.htm, fetched by the nightly's ns-hansard source): the first
// reading's date, the introducer and the long title the open-data rows lack. Each bill's
// introduction is kept once, the earliest sitting's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sittingDate } from '../ns-hansard/index.js';
import { readNsSitting } from '../ns-hansard/turns.js';

export interface NsIntroduced {
  assembly: number;
  session: number;
  number: string;
  title: string;
  member: string;
  date: string;
  url: string;
  file: string;
}

const SESSION_DIR = /^assembly-(\d+)-session-(\d+)$/;

export function readIntroductions(from: string): Map<string, NsIntroduced> {
  const out = new Map<string, NsIntroduced>();
  for (const dir of readdirSync(from)
    .filter((d) => SESSION_DIR.test(d) && statSync(join(from, d)).isDirectory())
    .sort()) {
    const [, assembly, session] = SESSION_DIR.exec(dir)!.map(Number);
    for (const name of readdirSync(join(from, dir))
      .filter((f) => /^house_.*\.html?$/.test(f))
      .sort()) {
      const sitting = readNsSitting(readFileSync(join(from, dir, name), 'utf8'));
      const date = sitting.date ?? sittingDate(name);
      if (!date) continue;
      const url = sitting.url ?? `https://nslegislature.ca/legislative-business/hansard-debates/${dir}/${name.replace(/\.html?$/, '')}`;
      for (const i of sitting.introductions) {
        const id = `ns/session/${assembly}-${session}/${i.number}`;
        const known = out.get(id);
        if (!known || date < known.date) out.set(id, { assembly, session, ...i, date, url, file: `${dir}/${name}` });
      }
    }
  }
  return out;
}
