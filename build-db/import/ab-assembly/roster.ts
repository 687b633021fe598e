// The Legislative Assembly of Alberta's roster of one legislature
// (assembly.ab.ca/members/members-of-the-legislative-assembly?legl=N): one table row per member —
// photo, "Surname, [KC,] Title First names" linked to member-information?mid=NNNN&legl=N, the
// caucus as an abbreviation ("UC", "NDP"), the riding, or "Former Member" for one who left.
import { findAll, getAttributeValue } from 'domutils';
import type { Element } from 'domhandler';
import { parseHtml, textOf } from '../html-text.js';

export interface AbRosterRow {
  mid: string;
  legislature: number;
  last_name: string;
  first_name: string;
  /** The printed title ("Honourable", "Mr.", "Member"), null when none is printed. */
  title: string | null;
  /** As printed on the roster: an abbreviation ("UC", "NDP"), never expanded by guess. */
  caucus: string | null;
  riding: string | null;
  former: boolean;
  memberElect: boolean;
  row: number;
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const TITLES = ['Honourable', 'Member', 'Mr.', 'Mrs.', 'Ms.', 'Ms', 'Mr', 'Dr.', 'MLA'];

export function readAbRoster(html: string): Array<AbRosterRow | { row: number; problem: string }> {
  const doc = parseHtml(html);
  const rows = findAll((e) => e.name === 'tr', doc.children).filter(
    (tr) => findAll((a) => a.name === 'a' && /member-information\?mid=/.test(getAttributeValue(a, 'href') ?? ''), [tr]).length,
  );
  return rows.map((tr, i) => {
    const cells = tr.children.filter((c): c is Element => (c as Element).name === 'td');
    const link = findAll((a) => a.name === 'a' && /member-information\?mid=/.test(getAttributeValue(a, 'href') ?? ''), [tr])[0];
    const href = getAttributeValue(link, 'href') ?? '';
    const mid = /[?&]mid=(\d+)/.exec(href)?.[1];
    const legl = /[?&]legl=(\d+)/.exec(href)?.[1];
    const label = clean(textOf(link));
    const comma = /^([^,]+),\s*(.+)$/.exec(label);
    if (!mid || !legl || !comma || cells.length < 4)
      return { row: i + 1, problem: `row "${label}" has no mid, legislature or "Surname, First" (${cells.length} cells)` };
    // "KC, Honourable Brian M.", "ECA, The Honourable Rachel" → first names after post-nominals and the title.
    let rest = comma[2].replace(/^(?:(?:KC|ECA|QC|AOE),\s*)+/, '').replace(/^The (?=Honourable )/, '');
    const title = TITLES.find((t) => rest.startsWith(`${t} `)) ?? null;
    if (title) rest = rest.slice(title.length + 1);
    const caucus = clean(textOf(cells[2])) || null;
    const place = clean(textOf(cells[3]));
    const former = /Former Member$/.test(place);
    return {
      mid,
      legislature: Number(legl),
      last_name: comma[1].trim(),
      first_name: rest.trim(),
      title,
      caucus,
      riding: former ? null : place || null,
      former,
      memberElect: /Member-elect/i.test(textOf(cells[1])),
      row: i + 1,
    };
  });
}
