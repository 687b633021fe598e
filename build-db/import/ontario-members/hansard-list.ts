// The list of members printed at the back of each Ontario Hansard PDF: under the header "Member and
// Party / Constituency / Other responsibilities", one row per seat — "Albanese, Hon. / L’hon. Laura
// (LIB)", the riding in English then French ("York South–Weston / York-Sud–Weston"), the offices held —
// wrapped onto following lines where a cell is long; a seat without a member reads "Vacant". Layout
// learned from a real list (Hansard of 2017-09-21) saved by a public scraper's tests.
import { linesFromRuns, type PdfLine, type PdfTextRun } from '../pdf/pdf-lines.js';

export interface ListedMember {
  last: string;
  first: string;
  honorific: string | null;
  party: string;
  /** The riding's English name (the part before " / "). */
  riding: string;
  /** The offices column as printed, its wrapped lines joined (each office is "English / French"). */
  offices: string;
  page: number;
}
export interface MemberList {
  members: ListedMember[];
  vacant: string[];
  problems: Array<{ page: number; detail: string }>;
}

const PARTIES: Record<string, string> = {
  LIB: 'Ontario Liberal Party',
  PC: 'Progressive Conservative Party of Ontario',
  NDP: 'New Democratic Party of Ontario',
  GRN: 'Green Party of Ontario',
  IND: 'Independent',
};
// "Last, [Hon. / L’hon.] First [Middle] (PARTY)" then, when the name ran into it, the riding's start.
const NAME_CELL = /^(.+?),\s*(?:(Hon\.)\s*\/\s*L['’]hon\.\s*)?(.+?)\s*\(([A-Z]{2,4})\)\s*(.*)$/;
const HEADER = /^Member and Party\b/;

const joinWrapped = (a: string, b: string) => (!a ? b : /[-–]$/.test(a) ? `${a}${b}` : `${a} ${b}`);
const englishPart = (riding: string) => riding.split(' / ')[0].replace(/\s+/g, ' ').trim();

/** Where the offices column starts: the commonest left edge right of half-way between the riding's
 *  and the offices' headers (centred over their columns), so a riding that runs close to it stays whole. */
function officesEdge(lines: PdfLine[], runs: PdfTextRun[]): number | null {
  const header = lines.find((l) => HEADER.test(l.text));
  const riding = header?.cells.find((c) => /^Constituency\b/.test(c.text));
  const offices = header?.cells.find((c) => /^Other responsibilities\b/.test(c.text));
  if (!riding || !offices) return null;
  const mid = (riding.x + offices.x) / 2;
  const counts = new Map<number, number>();
  for (const r of runs) if (r.x >= mid && r.x < offices.x) counts.set(Math.round(r.x), (counts.get(Math.round(r.x)) ?? 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] - 2 : mid;
}

export function readMemberList(runs: PdfTextRun[]): MemberList {
  const edge = officesEdge(linesFromRuns(runs), runs);
  const lines = linesFromRuns(runs, edge === null ? [] : [edge]);
  const members: ListedMember[] = [];
  const vacant: string[] = [];
  const problems: MemberList['problems'] = [];
  let officesFrom: number | null = null;
  let open: { member: ListedMember | null; riding: string; offices: string; page: number } | null = null;
  const close = () => {
    if (!open) return;
    if (open.member) members.push({ ...open.member, riding: englishPart(open.riding), offices: open.offices.trim() });
    else vacant.push(englishPart(open.riding));
    open = null;
  };
  for (const line of lines) {
    if (HEADER.test(line.text)) {
      close();
      officesFrom = edge;
      continue;
    }
    if (/^Député\(e\) et parti\b/.test(line.text)) continue; // the header's French line
    if (officesFrom === null) continue; // before the table: the Assembly's officers
    const [first, ...rest] = line.cells;
    const name = NAME_CELL.exec(first.text);
    const startsRow = !!name || /^Vacant\b/.test(first.text);
    let ridingText = '';
    let officeText = '';
    const place = (text: string, x: number) => {
      if (x >= officesFrom!) officeText = joinWrapped(officeText, text);
      else ridingText = joinWrapped(ridingText, text);
    };
    if (startsRow) {
      close();
      if (name && !PARTIES[name[4]]) problems.push({ page: line.page, detail: `unknown party "${name[4]}" for ${name[1]}` });
      open = {
        member: name
          ? {
              last: name[1].trim(),
              first: name[3].trim(),
              honorific: name[2] ?? null,
              party: PARTIES[name[4]] ?? name[4],
              riding: '',
              offices: '',
              page: line.page,
            }
          : null,
        riding: '',
        offices: '',
        page: line.page,
      };
      const after = name ? name[5] : first.text.replace(/^Vacant\s*/, '');
      if (after) ridingText = after;
    } else if (open) place(first.text, first.x);
    else {
      problems.push({ page: line.page, detail: `a line outside any row: ${line.text}` });
      continue;
    }
    for (const c of rest) place(c.text, c.x);
    const o = open as { riding: string; offices: string } | null;
    if (!o) continue;
    if (ridingText) o.riding = joinWrapped(o.riding, ridingText);
    if (officeText) o.offices = joinWrapped(o.offices, officeText);
  }
  close();
  return { members, vacant, problems };
}
