// HTML pages as publishers print them (htmlparser2 + domutils): the document and its text as a
// reader sees it, for every importer that reads a legislature's HTML (Hansards, rosters, bill pages).
import type { AnyNode, Document } from 'domhandler';
import { isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';

export function parseHtml(html: string): Document {
  // Forgiving HTML mode: the files mix XHTML with stray markup (e.g. paragraphs after </html>).
  return parseDocument(html, { decodeEntities: true });
}

/** Text as read: <br> is a space, whitespace collapsed (the files wrap lines inside paragraphs). */
export function textOf(nodes: AnyNode | AnyNode[]): string {
  return rawTextOf(nodes).replace(/\s+/g, ' ').trim();
}

// Blocks are separated by a space even when the markup has none between them
// (`<div>…Parliament</div><div>Monday…` must not read "ParliamentMonday").
const BLOCK = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'td',
  'th',
  'tr',
  'header',
  'footer',
  'section',
  'address',
  'title',
]);

/** Text with its whitespace kept, for joining pieces split across spans ("Hon. " + "Ravi Parmar"). */
export function rawTextOf(nodes: AnyNode | AnyNode[]): string {
  const out: string[] = [];
  const walk = (n: AnyNode) => {
    if (isText(n)) out.push(n.data);
    else if (isTag(n)) {
      if (n.name === 'br') out.push(' ');
      else if (n.name !== 'script' && n.name !== 'style') {
        const block = BLOCK.has(n.name);
        if (block) out.push(' ');
        n.children.forEach(walk);
        if (block) out.push(' ');
      }
    }
  };
  (Array.isArray(nodes) ? nodes : [nodes]).forEach(walk);
  return out.join('');
}
