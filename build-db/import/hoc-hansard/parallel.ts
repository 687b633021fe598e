// English/French pairs for the search encoder: the two editions of a sitting share their
// publication id and number their paragraphs alike (<ParaText id>), so paragraph n of the English
// edition is the translation of paragraph n of the French one.
import { getElementsByTagName, textContent } from 'domutils';
import type { Document } from 'domhandler';
import type { SourceInput } from '../types.js';

export type ParagraphsById = Map<string, string>;

export function paragraphsById(doc: Document): ParagraphsById {
  const out: ParagraphsById = new Map();
  for (const el of getElementsByTagName('ParaText', doc, true)) {
    const id = el.attribs.id;
    const text = textContent(el).replace(/\s+/g, ' ').trim();
    if (id && text) out.set(id, text);
  }
  return out;
}

/** Pairs of every publication read in both languages, paragraph by paragraph. */
export function parallelTexts(
  editions: Array<{ publicationId: string; language: 'en' | 'fr'; paragraphs: ParagraphsById }>,
): Array<SourceInput<'parallel_texts'>> {
  const out: Array<SourceInput<'parallel_texts'>> = [];
  for (const en of editions.filter((e) => e.language === 'en')) {
    const fr = editions.find((e) => e.language === 'fr' && e.publicationId === en.publicationId);
    if (!fr) continue;
    for (const [id, text] of en.paragraphs) {
      const other = fr.paragraphs.get(id);
      if (other) out.push({ en: text, fr: other, source_system: 'hoc-hansard' });
    }
  }
  return out;
}
