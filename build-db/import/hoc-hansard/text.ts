// Spoken text of an intervention: one paragraph per <ParaText>, paragraphs separated by a blank line.
// Markup is dropped but inline text kept (<I>, <B>, <Sup>, bill <Document> titles, riding
// <Affiliation> names, <Quote>s); a quoted paragraph (<QuotePara>) is a paragraph of its own and a
// verse <Line> its own line. What is printed but not spoken stays out: the language markers
// ("[English]", "[Translation]"), clock stamps "(1525)" and the procedural captions (<ProceduralText>:
// table-of-contents lines and "(Motion agreed to)" notes), which the vote reader uses instead.
import { isTag, isText, type AnyNode } from 'domhandler';
import { elements, type Element } from './document.js';

const NOT_SPOKEN = new Set(['FloorLanguage', 'Timestamp', 'ProceduralText', 'Pause', 'StartPause', 'EndPause']);
const OWN_PARAGRAPH = new Set(['QuotePara', 'Verse', 'Poetry']);
const OWN_LINE = new Set(['Line']);

const PARA = '\u0000P';
const LINE = '\u0000L';

function collect(node: AnyNode, out: string[]): void {
  if (isText(node)) {
    out.push(node.data);
    return;
  }
  if (!isTag(node) || NOT_SPOKEN.has(node.name)) return;
  const mark = OWN_PARAGRAPH.has(node.name) ? PARA : OWN_LINE.has(node.name) ? LINE : '';
  out.push(mark);
  node.children.forEach((c) => collect(c, out));
  out.push(mark);
}

/** The paragraphs of one element (a <ParaText>, or any block), whitespace tidied, empties dropped. */
export function paragraphsOf(el: Element): string[] {
  const out: string[] = [];
  collect(el, out);
  return out
    .join('')
    .split(PARA)
    .map((p) =>
      p
        .split(LINE)
        .map((l) => l.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean);
}

/** An intervention's <Content> → its paragraphs in order (only <ParaText> carries speech). */
export function interventionParagraphs(content: Element | undefined): string[] {
  if (!content) return [];
  const paras: string[] = [];
  for (const el of elements(content)) if (el.name === 'ParaText') paras.push(...paragraphsOf(el));
  return paras;
}
