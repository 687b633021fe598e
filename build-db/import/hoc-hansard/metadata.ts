// What a publication is, from its <ExtractedInformation> block: House Debates or committee Evidence,
// edition language, parliament, session, sitting or meeting number, date, committee, and the
// ourcommons.ca addresses built from them. The numeric `Meta*` items are read first (the same in
// both editions); the printed titles ("44th PARLIAMENT", "Le mardi 9 août 2022") are the fallback.
import { attr, child, childrenNamed, elements, first, flatText, type Document, type Element } from './document.js';
import { calendarDate, monthNumber } from '../printed-date.js';

export type Edition = 'en' | 'fr';

export interface DocMeta {
  /** The publication id (<Hansard id>): both language editions of a sitting share it. */
  publicationId: string;
  language: Edition;
  kind: 'debates' | 'committee';
  parliament: number;
  session: number;
  /** Sitting number (Debates) or meeting number (Evidence). */
  number: number;
  /** The number as the House names the sitting in its addresses: `128` or, for a sitting outside the
   *  numbering (No. 128-B), `128b` (the DocumentViewer's `sitting-128b`). */
  numberLabel: string;
  date: string;
  committeeAcronym: string | null;
  committeeName: string | null;
  /** `<publication id>-<language>`: the document's id in speech keys (editions share the publication id). */
  docId: string;
  /** The edition's own page (ourcommons.ca in English, noscommunes.ca in French). */
  sourceUrl: string;
  /** Committee meetings only: the English evidence page, so both editions of a meeting make one meeting. */
  meetingUrl: string | null;
  /** Who presides, as the document's header says: the Speaker of the House ("Speaker: The Honourable
   *  Andrew Scheer", "Présidence de l'honorable Geoff Regan"), a committee's chair ("Mr. Lloyd
   *  Longfield" under SpeakerTitle "Chair"). Null when the header names nobody. */
  presiding: string | null;
}

export type MetaResult = { meta: DocMeta } | { problem: { reason: string; detail: string } };

/** "Thursday, May 18, 2023" or "Le mardi 9 août 2022" / "Le vendredi 1er avril 2016" → YYYY-MM-DD. */
export function parsePrintedDate(text: string): string | null {
  const t = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const en = /([a-z]+)\s+(\d{1,2}),\s*(\d{4})/.exec(t);
  const enMonth = en ? monthNumber(en[1]) : null;
  if (en && enMonth) return calendarDate(Number(en[3]), enMonth, Number(en[2]));
  const fr = /(\d{1,2})(?:er)?\s+([a-z]+)\s+(\d{4})/.exec(t);
  const frMonth = fr ? monthNumber(fr[2]) : null;
  if (fr && frMonth) return calendarDate(Number(fr[3]), frMonth, Number(fr[1]));
  return null;
}

const int = (s: string | undefined | null) => {
  const m = /\d+/.exec(s ?? '');
  return m ? Number(m[0]) : null;
};

/** "128B", "NUMBER 128-B" → `128b`; "NUMBER 260" → `260`; null without a number. */
export function numberLabel(s: string | undefined | null): string | null {
  const m = /(\d+)(?:-?([a-z])(?![a-z]))?/i.exec(s ?? '');
  return m ? `${Number(m[1])}${m[2]?.toLowerCase() ?? ''}` : null;
}

export function extractedItems(hansard: Element): Map<string, string> {
  const info = child(hansard, 'ExtractedInformation');
  const items = new Map<string, string>();
  for (const item of info ? childrenNamed(info, 'ExtractedItem') : []) {
    const name = attr(item, 'Name');
    if (name && !items.has(name)) items.set(name, flatText(item));
  }
  return items;
}

export function readMeta(doc: Document, fileName: string): MetaResult {
  const hansard = elements(doc).find((e) => e.name === 'Hansard') ?? first(doc, 'Hansard');
  if (!hansard) return { problem: { reason: 'not a House publication XML', detail: 'no <Hansard> element' } };
  const items = extractedItems(hansard);
  const publicationId = attr(hansard, 'id')?.trim() || null;
  const lang =
    (attr(hansard, 'xml:lang') ?? '').toLowerCase() ||
    (/[-_](fr|f)\.xml/i.test(fileName) ? 'fr' : /[-_](en|e)\.xml/i.test(fileName) ? 'en' : '');
  const language: Edition | null = lang.startsWith('fr') ? 'fr' : lang.startsWith('en') ? 'en' : null;
  const category = (items.get('MetaDocumentCategory') ?? flatText(first(hansard, 'DocumentName'))).toLowerCase();
  const kind = /committee|evidence|t[ée]moignages/.test(category)
    ? 'committee'
    : /debates|hansard|d[ée]bats/.test(category)
      ? 'debates'
      : null;
  const parliament = int(items.get('ParliamentNumber')) ?? int(items.get('Parliament'));
  const session = int(items.get('SessionNumber')) ?? int(items.get('Session'));
  const number = int(items.get('MetaNumberNumber')) ?? int(items.get('Number'));
  // A lettered sitting keeps its letter in its addresses (sitting-128b is not sitting 128).
  const label = numberLabel(items.get('MetaNumberNumber')) ?? numberLabel(items.get('Number'));
  const y = int(items.get('MetaDateNumYear')),
    m = int(items.get('MetaDateNumMonth')),
    d = int(items.get('MetaDateNumDay'));
  const date = (y && m && d ? calendarDate(y, m, d) : null) ?? parsePrintedDate(items.get('Date') ?? '');
  const missing = Object.entries({
    'publication id': publicationId,
    language,
    'document category': kind,
    parliament,
    session,
    number,
    date,
  })
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length) return { problem: { reason: 'document metadata incomplete', detail: `no ${missing.join(', ')}` } };

  const acronym = items.get('Acronyme')?.trim().toUpperCase() || null;
  const committeeName =
    kind === 'committee'
      ? items.get(language === 'fr' ? 'InstitutionDebateFr' : 'InstitutionDebateEn') || items.get('InstitutionDebate') || null
      : null;
  if (kind === 'committee' && !acronym)
    return {
      problem: { reason: 'committee evidence without a committee acronym', detail: 'no Acronyme item: no meeting URL can be built' },
    };

  const ps = `${parliament}-${session}`;
  const en = 'https://www.ourcommons.ca/DocumentViewer/en';
  const fr = 'https://www.noscommunes.ca/DocumentViewer/fr';
  const meetingUrl = kind === 'committee' ? `${en}/${ps}/${acronym}/meeting-${number}/evidence` : null;
  const sourceUrl =
    kind === 'committee'
      ? language === 'fr'
        ? `${fr}/${ps}/${acronym}/reunion-${number}/temoignages`
        : meetingUrl!
      : language === 'fr'
        ? `${fr}/${ps}/chambre/seance-${label}/debats`
        : `${en}/${ps}/house/sitting-${label}/hansard`;
  // "Speaker: The Honourable Andrew Scheer" / "Présidence de l'honorable Andrew Scheer" / "Mr. Lloyd Longfield".
  const speaker =
    items
      .get('SpeakerName')
      ?.replace(/^(?:speaker\s*:|pr[ée]sidence\s+de)\s*/i, '')
      .replace(/^(?:the\s+honourable|l['’]honorable)\s+/i, '')
      .trim() || null;
  const presiding = kind === 'committee' && !/^(?:chair|pr[ée]sidente?)$/i.test(items.get('SpeakerTitle')?.trim() ?? '') ? null : speaker;
  return {
    meta: {
      publicationId: publicationId!,
      language: language!,
      kind: kind!,
      parliament: parliament!,
      session: session!,
      number: number!,
      numberLabel: label!,
      date: date!,
      committeeAcronym: acronym,
      committeeName,
      docId: `${publicationId}-${language}`,
      sourceUrl,
      meetingUrl,
      presiding,
    },
  };
}
