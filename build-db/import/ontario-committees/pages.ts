// ola.org's committee pages as addresses and names: the committees index (each committee's page,
// `/en/legislative-business/committees/{slug}`, linked under its name), a committee's transcripts
// listing for a Parliament (`…/{slug}/parliament-{P}/transcripts`) and each transcript it links
// (`…/transcripts/committee-transcript-{yyyy}-{month}-{d}`, the month's name in lower case, short or
// long). Shared by the nightly's listers and the importer, so both read one spelling of the paths.
import { findAll, getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

export const OLA = 'https://www.ola.org';
export const COMMITTEES_PATH = '/en/legislative-business/committees';

const COMMITTEE_HREF = /^(?:https:\/\/www\.ola\.org)?\/en\/legislative-business\/committees\/([a-z0-9-]+)\/?$/;
const TRANSCRIPT_HREF =
  /^(?:https:\/\/www\.ola\.org)?(\/en\/legislative-business\/committees\/([a-z0-9-]+)\/parliament-(\d+)\/transcripts\/(committee-transcript-[a-z0-9-]+))\/?$/;
/** `committee-transcript-2025-dec-01`, and a second page of a day as Drupal names it (`…-01-0`). */
const TRANSCRIPT_NAME = /^committee-transcript-(\d{4})-([a-z]+)-(\d{1,2})(?:-(\d+))?$/;

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

const collapse = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();

/** The committees the index links, by slug, with the name the link reads ("Standing Committee on
 *  Public Accounts", "Select Committee on …"). Other links under the path ("Committee documents")
 *  name no committee. */
export function committeeLinks(html: string): Map<string, string> {
  const doc = parseDocument(html, { decodeEntities: true });
  const out = new Map<string, string>();
  for (const a of findAll((e) => e.name === 'a', doc.children)) {
    const slug = COMMITTEE_HREF.exec(getAttributeValue(a, 'href') ?? '')?.[1];
    const name = collapse(textContent(a));
    if (slug && /\bcommittee on\b/i.test(name) && !out.has(slug)) out.set(slug, name);
  }
  return out;
}

export const listingPath = (slug: string, parliament: number) => `${COMMITTEES_PATH}/${slug}/parliament-${parliament}/transcripts`;

export interface TranscriptLink {
  /** The page's path on ola.org. */
  path: string;
  slug: string;
  parliament: number;
  /** `committee-transcript-2025-dec-01`: the page's own name, kept as the stored file's name. */
  name: string;
}

/** The transcripts a listing links, once each, in the order printed. */
export function transcriptLinks(html: string): TranscriptLink[] {
  const out = new Map<string, TranscriptLink>();
  for (const m of html.matchAll(/href="([^"?#]+)"/g)) {
    const t = TRANSCRIPT_HREF.exec(m[1]);
    if (t && !out.has(t[1])) out.set(t[1], { path: t[1], slug: t[2], parliament: Number(t[3]), name: t[4] });
  }
  return [...out.values()];
}

/** A transcript's name → its date (ISO) and its rank that day (0 for the day's first page), or why not. */
export function transcriptDate(name: string): { date: string; rank: number } | { problem: string } {
  const m = TRANSCRIPT_NAME.exec(name);
  if (!m) return { problem: `not a transcript's name (committee-transcript-{yyyy}-{month}-{d}): ${name}` };
  const month = MONTHS[m[2]];
  if (!month) return { problem: `no month named "${m[2]}"` };
  const [y, d] = [Number(m[1]), Number(m[3])];
  const date = `${m[1]}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  // 2025-feb-30 is no day: the round trip through a date says so.
  if (new Date(Date.UTC(y, month - 1, d)).getUTCMonth() !== month - 1 || d < 1) return { problem: `no such day: ${m[1]}-${m[2]}-${m[3]}` };
  return { date, rank: m[4] === undefined ? 0 : Number(m[4]) + 1 };
}

export const transcriptUrl = (slug: string, parliament: number, name: string) => `${OLA}${listingPath(slug, parliament)}/${name}`;
