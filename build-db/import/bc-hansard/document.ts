// One BC Hansard HTML file as a DOM (htmlparser2 + domutils), with the few helpers the other modules
// share. leg.bc.ca publishes two markups of the same Word export: the finals style (`Speaker-Name`,
// `Time-Stamp`) and the Blues style (`SpeakerName`, `TimeStamp`); `kindOf` folds both to one name.
import type { AnyNode, Document, Element } from 'domhandler';
import { isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { findAll, findOne, getAttributeValue } from 'domutils';

export type { Document, Element };

export function parseHansard(html: string): Document {
  // Forgiving HTML mode: the files mix XHTML with stray markup (e.g. paragraphs after </html>).
  return parseDocument(html, { decodeEntities: true });
}

/** Class names folded so both markups compare equal: "Speaker-Name" and "SpeakerName" → "speakername". */
export function kindOf(el: Element): string[] {
  return (getAttributeValue(el, 'class') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((c) => c.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

export const hasKind = (el: Element, kind: string) => kindOf(el).includes(kind);

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

export const byKind = (root: Document | Element, kind: string) => findAll((el) => hasKind(el, kind), [root]);
export const firstByKind = (root: Document | Element, kind: string) => findOne((el) => hasKind(el, kind), [root]);
export const firstTag = (root: Document | Element, name: string) => findOne((el) => el.name === name, [root]);
export const metaContent = (doc: Document, name: string) => {
  const el = findOne((e) => e.name === 'meta' && getAttributeValue(e, 'name') === name, doc.children);
  return el ? (getAttributeValue(el, 'content') ?? '').trim() : null;
};

/**
 * The transcript proper: `div#Transcript` (finals) or `div.transcript` (Blues). The title page and
 * the table of contents repeat speaker names, so they must stay out. A file with neither is read
 * whole (hand-made fragments) and the caller says so.
 */
export function transcriptRoot(doc: Document): { root: Document | Element; found: boolean } {
  const el = findOne((e) => e.name === 'div' && (getAttributeValue(e, 'id') === 'Transcript' || hasKind(e, 'transcript')), doc.children);
  return el ? { root: el, found: true } : { root: doc, found: false };
}

/** Paragraphs of the transcript in document order (the files do not nest them). */
export const paragraphs = (root: Document | Element): Element[] => findAll((el) => el.name === 'p', [root]);
