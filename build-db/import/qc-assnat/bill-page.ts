// A bill's page on assnat.qc.ca (/fr/travaux-parlementaires/projets-loi/projet-loi-{n}-{leg}-{sess}.html):
// the author under "Auteur" (a table whose first row links the member's page, /fr/deputes/{slug}-{id}/,
// with the office beside), the type under "Type", and "Étapes de cheminement": one h3 per stage
// (Présentation, Adoption du principe, Étude détaillée en commission, Adoption, Sanction, …), each
// followed by a list of the sittings it was taken on — a link to that sitting's Journal des débats
// (…/journal-debats/YYYYMMDD/…) and the page's note in brackets ("Vote : Pour 73, Contre 35,
// Abstention 0") — until "En complément".
import { findAll, findOne, getAttributeValue } from 'domutils';
import { parseHtml, textOf } from '../html-text.js';
import { frenchDate } from './french-dates.js';

export interface QcBillStageEntry {
  stage: string;
  date: string | null;
  note: string | null;
  journalUrl: string | null;
  text: string;
}
export interface QcBillPage {
  author: { id: string; name: string; role: string | null } | null;
  type: string | null;
  stages: QcBillStageEntry[];
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const JOURNAL = /\/journal-debats\/(\d{4})(\d{2})(\d{2})\//;

/** "Legault, François" → "François Legault" (the roster's order); a trailing comma dropped. */
const given = (label: string) => {
  const t = clean(label).replace(/,$/, '');
  const m = /^([^,]+),\s*(.+)$/.exec(t);
  return m ? `${m[2]} ${m[1]}` : t;
};

export function readQcBillPage(html: string): QcBillPage | null {
  const doc = parseHtml(html);
  // The page's headings and blocks in document order.
  const nodes = findAll((e) => ['h2', 'h3', 'p', 'table', 'li'].includes(e.name), doc.children);
  const at = (i: number) => nodes[i];
  const steps = nodes.findIndex((e) => e.name === 'h2' && clean(textOf(e)) === 'Étapes de cheminement');
  if (steps < 0) return null;
  let author: QcBillPage['author'] = null;
  let type: string | null = null;
  for (let i = 0; i < steps; i++) {
    const e = at(i);
    if (e.name !== 'h3') continue;
    const head = clean(textOf(e));
    const next = nodes.slice(i + 1, steps).find((n) => n.name === 'table' || n.name === 'p');
    if (head === 'Auteur' && next) {
      const row = findOne((n) => n.name === 'tr', [next]) ?? next;
      const link = findOne((n) => n.name === 'a' && /\/deputes\/[a-z0-9-]+-\d+\//.test(getAttributeValue(n, 'href') ?? ''), [row]);
      const id = link ? /-(\d+)\/index\.html/.exec(getAttributeValue(link, 'href') ?? '')?.[1] : null;
      if (link && id) {
        const cells = findAll((n) => n.name === 'td', [row]);
        author = { id, name: given(textOf(link)), role: cells[1] ? clean(textOf(cells[1])) || null : null };
      }
    }
    if (head === 'Type' && next?.name === 'p') type = clean(textOf(next)) || null;
  }
  const stages: QcBillStageEntry[] = [];
  let stage: string | null = null;
  for (let i = steps + 1; i < nodes.length; i++) {
    const e = at(i);
    const text = clean(textOf(e));
    if (e.name === 'h2' || (e.name === 'h3' && text === 'En complément') || /^En complément/.test(text)) break;
    if (e.name === 'h3') {
      stage = text;
      continue;
    }
    if (e.name !== 'li' || !stage) continue;
    const link = findOne((n) => n.name === 'a' && JOURNAL.test(getAttributeValue(n, 'href') ?? ''), [e]);
    const href = link ? (getAttributeValue(link, 'href') ?? '') : '';
    const d = JOURNAL.exec(href);
    const date = d ? `${d[1]}-${d[2]}-${d[3]}` : frenchDate(text);
    const note = /\(([^()]+)\)\s*$/.exec(text)?.[1]?.trim() ?? null;
    stages.push({ stage, date, note, journalUrl: href ? new URL(href, 'https://www.assnat.qc.ca/').href : null, text });
  }
  return { author, type, stages };
}
