// The BC Hansard's own markup on the DOM html-text.ts reads (parseHtml, textOf). leg.bc.ca publishes two markups of the same Word export: the finals style (`Speaker-Name`,
// `Time-Stamp`) and the Blues style (`SpeakerName`, `TimeStamp`); `kindOf` folds both to one name.
import type { Document, Element } from 'domhandler';
import { findAll, findOne, getAttributeValue } from 'domutils';

export type { Document, Element };

/** Class names folded so both markups compare equal: "Speaker-Name" and "SpeakerName" → "speakername". */
export function kindOf(el: Element): string[] {
  return (getAttributeValue(el, 'class') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((c) => c.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

export const hasKind = (el: Element, kind: string) => kindOf(el).includes(kind);

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
