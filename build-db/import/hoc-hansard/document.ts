// One House of Commons publication XML file ("Alpheus" format, Debates or committee Evidence) as a
// DOM: htmlparser2 in XML mode (forgiving: it never throws on malformed markup, the walk reports
// what it cannot use) + domutils. The newer files start with a UTF-8 BOM; some declare the encoding
// as 'utf8', which strict parsers reject: the bytes are decoded as UTF-8 (../read-text.ts) whatever they declare.
import { isTag, isText, type AnyNode, type Document, type Element } from 'domhandler';
import { findOne, getAttributeValue } from 'domutils';
import { parseDocument } from 'htmlparser2';

export type { Document, Element };

export function parseXml(xml: string): Document {
  return parseDocument(xml.replace(/^\uFEFF/, ''), { xmlMode: true, decodeEntities: true });
}

/** Child elements (text, comments and processing instructions left out). */
export const elements = (el: Element | Document): Element[] => el.children.filter(isTag);

export const child = (el: Element | Document, name: string): Element | undefined => elements(el).find((c) => c.name === name);

export const childrenNamed = (el: Element, name: string): Element[] => elements(el).filter((c) => c.name === name);

export const attr = (el: Element, name: string): string | null => getAttributeValue(el, name) ?? null;

/** The first element of that name anywhere below `root`. */
export const first = (root: Element | Document, name: string): Element | null => findOne((e) => e.name === name, root.children);

/** All text below a node, whitespace collapsed (headings, labels, metadata values). */
export function flatText(node: AnyNode | undefined | null): string {
  if (!node) return '';
  const out: string[] = [];
  const walk = (n: AnyNode) => {
    if (isText(n)) out.push(n.data);
    else if (isTag(n)) n.children.forEach(walk);
  };
  walk(node);
  return out.join('').replace(/\s+/g, ' ').trim();
}
