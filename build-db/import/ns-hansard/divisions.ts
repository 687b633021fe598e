// Recorded divisions in a Nova Scotia Hansard sitting (nslegislature.ca, one HTML page a sitting):
// the Speaker puts the question ("The motion is for third reading of Bill No. 6."), the roll is a
// YEAS/NAYS table — continued in further tables after a page break, whose cells may not be closed —
// then THE CLERK gives the count ("For, 39. Against, 11.") and the Speaker the result ("The motion
// is carried."). Clock lines ("[5:34 p.m.]") date the roll. A roll whose names do not add up to the
// Clerk's count is refused: reported with both figures, never stored.
import { findAll } from 'domutils';
import type { Element } from 'domhandler';
import { parseClock } from '../printed-clock.js';
import { parseHtml, textOf } from '../html-text.js';

export interface NsDivision {
  question: string | null;
  bill: string | null;
  minutes: number | null;
  yeas: string[];
  nays: string[];
  result: 'passed' | 'defeated' | null;
  printed: { for: number; against: number };
}
export interface NsRefused {
  question: string | null;
  reason: string;
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const cellsOf = (tr: Element) => tr.children.filter((c): c is Element => (c as Element).name === 'td' || (c as Element).name === 'th');

/** Rows of a roll table as [yea, nay] texts; the header row (YEAS / NAYS) is skipped and flagged. */
function rollRows(table: Element): { header: boolean; rows: Array<[string, string]> } {
  let header = false;
  const rows: Array<[string, string]> = [];
  for (const tr of findAll((e) => e.name === 'tr', [table])) {
    // An unclosed cell holds the next one inside it: read the cells of the row, then any nested cell.
    const cells = cellsOf(tr).flatMap((td) => [td, ...findAll((e) => e.name === 'td', td.children)]);
    const texts = cells.map((c) => clean(textOf(c.children.filter((k) => (k as Element).name !== 'td'))));
    if (/^YEAS$/i.test(texts[0] ?? '') && /^NAYS$/i.test(texts[1] ?? '')) {
      header = true;
      continue;
    }
    rows.push([texts[0] ?? '', texts[1] ?? '']);
  }
  return { header, rows };
}

// The Clerk's count as printed over the years: "For, 39. Against, 11.", "For, 28, Against 12." (2010),
// "For, 23. Against. 23. (Applause)" (2013), "Those in favour of the motion, 31; those against, 17."
// (2014-2017), "Yays, 47. Nays, 0." (2023): the forms a public scraper of the same pages lists
// (parl-monitor's prov_ns.py). A count with abstentions ("…Nay, 17. Abstentions, 1.") is not read:
// its roll has a third column this reader does not take, so the division is refused, not mis-stored.
const COUNT =
  /^(?:For|Yeas?|Yays|(?:Those )?in favour(?: of [^,;]*?)?)\s*[.,]?\s*(\d+)\s*[.,;:]?\s*(?:those\s+)?(?:Against|Nays?)\s*[.,]?\s*(\d+)\s*[.,;]?\s*(?:\([^)]*\)\s*\.?)?$/i;
export const clerkCount = (text: string): [string, string] | null => {
  const m = COUNT.exec(text.trim());
  return m ? [m[1], m[2]] : null;
};

export function readNsDivisions(html: string): { divisions: NsDivision[]; refused: NsRefused[] } {
  const doc = parseHtml(html);
  // Paragraphs and tables in document order, not those inside a table.
  const inTable = (e: Element) => {
    for (let p = e.parent as Element | null; p; p = p.parent as Element | null) if (p.name === 'table') return true;
    return false;
  };
  const blocks = findAll((e) => (e.name === 'p' || e.name === 'table') && !inTable(e), doc.children);
  const divisions: NsDivision[] = [];
  const refused: NsRefused[] = [];
  let clock: number | null = null;
  let question: string | null = null;
  let open: (Omit<NsDivision, 'printed' | 'result'> & { counted: boolean }) | null = null;
  let pending: NsDivision | null = null;
  for (const b of blocks) {
    if (b.name === 'table') {
      const { header, rows } = rollRows(b);
      if (header)
        open = { question, bill: /Bill No\. (\d+)/.exec(question ?? '')?.[1] ?? null, minutes: clock, yeas: [], nays: [], counted: false };
      if (!open) continue;
      for (const [y, n] of rows) {
        if (y) open.yeas.push(y);
        if (n) open.nays.push(n);
      }
      continue;
    }
    const text = clean(textOf(b));
    if (!text) continue;
    const time = /^\[(.+)\]$/.exec(text);
    if (time && parseClock(time[1]) !== null) {
      clock = parseClock(time[1]);
      continue;
    }
    if (/^\[Page \d+\]$/.test(text)) continue;
    const label = /^(THE SPEAKER|THE CLERK|[A-Z][A-Z .'-]+?)\s*(?:«\s*»\s*)?:\s*(.*)$/.exec(text);
    if (open && label?.[1] === 'THE CLERK') {
      const count = clerkCount(label[2]);
      if (!count) {
        refused.push({
          question: open.question,
          reason: `the Clerk's count is not read as for and against (a count with abstentions is not read): ${label[2]}`,
        });
        open = null;
        continue;
      }
      const printed = { for: Number(count[0]), against: Number(count[1]) };
      const { counted: _c, ...rest } = open;
      open = null;
      if (rest.yeas.length !== printed.for || rest.nays.length !== printed.against) {
        refused.push({
          question: rest.question,
          reason: `${rest.yeas.length} yeas and ${rest.nays.length} nays listed, the Clerk counted ${printed.for} for and ${printed.against} against`,
        });
        continue;
      }
      pending = { ...rest, printed, result: null };
      divisions.push(pending);
      continue;
    }
    if (label?.[1] === 'THE SPEAKER') {
      if (pending) {
        pending.result = /\bis carried\b/i.test(label[2]) ? 'passed' : /\bis defeated\b/i.test(label[2]) ? 'defeated' : pending.result;
        pending = null;
      }
      const q = /^(The motion is (?!carried|defeated).+)$/.exec(label[2]);
      if (q) question = q[1];
    }
    if (open && !label) continue;
    if (open && label) {
      refused.push({ question: open.question, reason: 'a roll with no count from the Clerk after it' });
      open = null;
    }
  }
  if (open) refused.push({ question: open.question, reason: 'a roll with no count from the Clerk after it' });
  return { divisions, refused };
}
