// One sitting day's Votes and Proceedings (LIMS PDMS `/ldp/<43rd2nd>/votes/v<yymmdd>.htm`): each
// recorded division is a `table.division` whose `td.head` rows read "Yeas — 89" / "Nays — 48" (either
// first) and whose other cells list surnames separated by <br>, an initial where two members share
// one ("B. Anderson"). The question and result are the paragraphs just before the table ("On the
// motion for third reading of Bill (No. 14) the House divided." / "Motion agreed to … on the
// following division:"). Layout learned from real saved days (docs/importers.md, bc-lims).
import type { AnyNode, Element } from 'domhandler';
import { isTag, isText } from 'domhandler';
import { findAll, getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

export interface VpDivision {
  /** 1 for the day's first division. */
  index: number;
  yeas: string[];
  nays: string[];
  printed: { yeas: number | null; nays: number | null };
  question: string | null;
  resultLine: string | null;
  /** The bill's number as LIMS numbers it (a member's bill "M 213" is 213), when the question names one. */
  bill: string | null;
  /** Seconds after midnight of the sitting the division fell in ("One-thirty o’clock p.m."), when printed. */
  sittingStart: number | null;
}

const clean = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();
const classes = (e: Element) => (getAttributeValue(e, 'class') ?? '').split(/\s+/);

/** A cell's lines: text with <br> as the line break. */
function lines(node: AnyNode, out: string[] = ['']): string[] {
  if (isText(node)) out[out.length - 1] += node.data;
  else if (isTag(node)) {
    if (node.name === 'br') out.push('');
    else for (const c of node.children) lines(c, out);
  }
  return out;
}

const HOURS = ['twelve', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven'];
const MINUTES: Record<string, number> = { fifteen: 15, thirty: 30, 'forty-five': 45 };
/** "One-thirty o’clock p.m." → 13:30 in seconds; "Ten o’clock a.m." → 10:00. */
export function sittingTime(text: string): number | null {
  const m = /^([a-z]+)(?:-(fifteen|thirty|forty-five))?\s+o['’]clock\s+([ap])\.m\./i.exec(clean(text));
  const h = m ? HOURS.indexOf(m[1].toLowerCase()) : -1;
  if (!m || h < 0) return null;
  return ((h + (m[3].toLowerCase() === 'p' ? 12 : 0)) * 60 + (m[2] ? MINUTES[m[2].toLowerCase()] : 0)) * 60;
}

const BILL = /Bill \(No\.\s*(?:M\s*)?(\d+)\)/;

export function readVpDivisions(html: string): VpDivision[] {
  const doc = parseDocument(html, { decodeEntities: true });
  const blocks = findAll((e) => e.name === 'p' || (e.name === 'table' && classes(e).includes('division')), doc.children).filter(
    (e) => e.name === 'table' || !findAll((x) => x.name === 'table', e.children).length,
  );
  const out: VpDivision[] = [];
  let paragraphs: string[] = [];
  let time: number | null = null;
  for (const b of blocks) {
    if (b.name === 'p') {
      const t = clean(textContent(b));
      if (classes(b).includes('time')) time = sittingTime(t) ?? time;
      else if (t) paragraphs.push(t);
      continue;
    }
    const sides = { yeas: [] as string[], nays: [] as string[] };
    const printed = { yeas: null as number | null, nays: null as number | null };
    let side: 'yeas' | 'nays' | null = null;
    for (const td of findAll((e) => e.name === 'td', b.children)) {
      if (classes(td).includes('head')) {
        const h = /^(Yeas|Nays)\s*[—–-]+\s*(\d+)$/i.exec(clean(textContent(td)));
        side = h ? (h[1].toLowerCase() as 'yeas' | 'nays') : null;
        if (h) printed[side!] = Number(h[2]);
        continue;
      }
      if (side) sides[side].push(...lines(td).map(clean).filter(Boolean));
    }
    const resultAt = paragraphs.findLastIndex((p) => /division/i.test(p));
    const resultLine = resultAt >= 0 ? paragraphs[resultAt] : null;
    const before = resultAt > 0 ? paragraphs[resultAt - 1] : null;
    const question = before && /divided|question|motion|bill/i.test(before) ? before : resultLine;
    const bill =
      [resultLine, ...paragraphs.slice(Math.max(0, resultAt - 3), Math.max(0, resultAt)).reverse()]
        .map((p) => (p ? BILL.exec(p)?.[1] : undefined))
        .find(Boolean) ?? null;
    out.push({ index: out.length + 1, ...sides, printed, question, resultLine, bill, sittingStart: time });
    paragraphs = [];
  }
  return out;
}

/** The result the Votes print ("agreed to", "negatived"), else the count's. */
export function divisionResult(d: VpDivision): 'passed' | 'defeated' | 'tied' {
  if (/negatived|defeated/i.test(d.resultLine ?? '')) return 'defeated';
  if (/agreed to|carried|passed/i.test(d.resultLine ?? '')) return 'passed';
  return d.yeas.length > d.nays.length ? 'passed' : d.yeas.length < d.nays.length ? 'defeated' : 'tied';
}
