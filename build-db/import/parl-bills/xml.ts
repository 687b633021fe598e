// The few XML helpers the LEGISinfo record needs. Children are looked up one level at a time,
// never by searching the subtree: a bill's <SimilarBills> repeats every bill field (NumberCode,
// LongTitleEn, SponsorPersonId…) for another bill, and a deep search would read those.
import type { Element } from 'domhandler';
import { isTag } from 'domhandler';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

export type { Element };

/** The document's root elements (xmlMode: tag case kept, XML entities decoded). */
export function parseXml(xml: string): Element[] {
  return parseDocument(xml, { xmlMode: true, decodeEntities: true }).children.filter(isTag);
}

export const children = (el: Element | null | undefined, name: string): Element[] =>
  el ? el.children.filter((c): c is Element => isTag(c) && c.name === name) : [];

export const child = (el: Element | null | undefined, name: string): Element | null =>
  (el?.children.find((c) => isTag(c) && c.name === name) as Element | undefined) ?? null;

/** A child's text with whitespace collapsed; null when absent or blank (upstream writes empty
 *  fields as `<X />` or as an element holding only a line break and indentation). */
export function text(el: Element | null | undefined, name: string): string | null {
  const c = child(el, name);
  if (!c) return null;
  const s = textContent(c).replace(/\s+/g, ' ').trim();
  return s || null;
}

export const flag = (el: Element | null | undefined, name: string): boolean => text(el, name) === 'true';
