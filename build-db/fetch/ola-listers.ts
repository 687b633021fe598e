// ola.org's pages as indexes, every URL a plain path (its robots.txt disallows `/*?`, so neither the
// `?_format=json` nodes nor paged listings are asked for). Layouts learned from a public scraper's
// saved pages (trimmed House documents, session and bills pages) and its parsers:
//   House documents (/en/legislative-business/house-documents) → each session's page,
//     `/en/legislative-business/house-documents/parliament-{P}/session-{S}/`, labelled with its dates
//     ("2nd Session (September 12, 2016–March 15, 2018)"), from a first Parliament on (`from_parliament`);
//   a session's page → each sitting's Hansard, `/…/parliament-{P}/session-{S}/{YYYY-MM-DD}/hansard`,
//     stored as `html/{date}.html` (what the Hansard importer reads);
//   the same sessions → each session's bills listing, `/en/legislative-business/bills/parliament-{P}/session-{S}`
//     (no page links it: the path is built, as the Assembly's own links spell it) → each bill's status
//     page `…/bill-{N}/status` (its stages and dates; the listing gives number, title and sponsor).
// A closed session's pages (its label gives an end date) cannot change: held once, not requested again,
// and are backfill (past the fetch deadline, left for the next run).
import type { ManifestFile } from './manifest-types.js';

const SESSION = /href="(\/en\/legislative-business\/house-documents\/parliament-(\d+)\/session-(\d+)\/?)"[^>]*>([^<]*)</g;
const SITTING = /href="(\/en\/legislative-business\/house-documents\/parliament-(\d+)\/session-(\d+)\/(\d{4}-\d{2}-\d{2})\/hansard)"/g;
const BILL = /href="(\/en\/legislative-business\/bills\/parliament-(\d+)\/session-(\d+)\/bill-(pr\d+|\d+[a-z]?))"/gi;
const DATED = /\(\s*([A-Z][a-z]+ \d{1,2}, \d{4})\s*[–—-]\s*([A-Z][a-z]+ \d{1,2}, \d{4})?/;
const BASE = 'https://www.ola.org/';
// Index pages are short beside a sitting's Hansard (the source's own floor is for those).
export const INDEX_CHECK = { content_types: ['text/html'], min_bytes: 200 };

export interface OlaSession {
  parliament: number;
  session: number;
  path: string;
  closed: boolean;
}

/** The House documents page's sessions, in order, from `fromParliament` on. */
export function olaSessions(index: string, fromParliament = 1): OlaSession[] {
  const seen = new Map<string, OlaSession>();
  for (const m of index.matchAll(SESSION)) {
    const [parliament, session] = [Number(m[2]), Number(m[3])];
    if (parliament < fromParliament) continue;
    const label = m[4].replace(/&nbsp;/g, ' ');
    const dates = DATED.exec(label);
    seen.set(`${parliament}-${session}`, { parliament, session, path: m[1], closed: !!dates?.[2] });
  }
  return [...seen.values()].sort((a, b) => a.parliament - b.parliament || a.session - b.session);
}

const fromOf = (params?: Record<string, string | number>) => Number(params?.from_parliament ?? 1);
/** Whether an index file was listed from a closed period (`params.closed`, set with CLOSED_PERIOD's files). */
export const closed = (params?: Record<string, string | number>) => params?.closed === 1 || params?.closed === '1';

/** A closed period's page (a closed session, a dissolved Parliament) cannot change: held once, not
 *  requested again, and backfill (past the fetch deadline, left for the next run). */
export const CLOSED_PERIOD = { immutable: true, backfill: true } as const;

export type Listed = { files: ManifestFile[]; problems: string[] };

/** House documents → each session's page (of a closed session: held once), listed next with `next`. */
const sessionPages =
  (next: string) =>
  (index: string, _urlOf: (p: string) => string, indexUrl = BASE, params?: Record<string, string | number>): Listed => {
    const sessions = olaSessions(index, fromOf(params));
    return {
      files: sessions.map((s) => ({
        path: `sessions/parliament-${s.parliament}-session-${s.session}.html`,
        url: new URL(s.path, indexUrl).href,
        list_with: next,
        check: INDEX_CHECK,
        ...(s.closed ? { ...CLOSED_PERIOD, params: { closed: 1 } } : {}),
      })),
      problems: sessions.length
        ? []
        : ['the House documents page links no session page (/en/legislative-business/house-documents/parliament-{P}/session-{S}/)'],
    };
  };
export const olaSessionPages = sessionPages('ola-sittings');
export const olaMemberListSessions = sessionPages('ola-session-ends');

const sittingsOf = (index: string, indexUrl: string) => {
  const byDate = new Map<string, string>();
  for (const m of index.matchAll(SITTING)) if (!byDate.has(m[4])) byDate.set(m[4], new URL(m[1], indexUrl).href);
  return [...byDate].sort(([a], [b]) => a.localeCompare(b));
};

/** A session's page → its first and last sitting's Hansard page, whose PDF ends with the House's
 *  member list of that day (a member who left or arrived mid-session is on one of the two). */
export function olaSessionEnds(
  index: string,
  _urlOf: (p: string) => string,
  indexUrl = BASE,
  params?: Record<string, string | number>,
): Listed {
  const all = sittingsOf(index, indexUrl);
  const ends = all.length > 1 ? [all[0], all.at(-1)!] : all;
  return {
    files: ends.map(([date, url]) => ({
      path: `sittings/${date}.html`,
      url,
      list_with: 'ola-hansard-pdf',
      ...(closed(params) ? { ...CLOSED_PERIOD, params: { closed: 1 } } : {}),
    })),
    problems: all.length ? [] : ['the session page links no sitting (…/{YYYY-MM-DD}/hansard)'],
  };
}

const PDF = /href="((?:https:\/\/www\.ola\.org)?\/sites\/default\/files\/node-files\/hansard\/document\/pdf\/[^"?#]+\.pdf)"/i;
const PDF_CHECK = { content_types: ['application/pdf'], min_bytes: 10_000 };

/** A sitting's Hansard page → its PDF (the first volume's), stored as hansard-{date}.pdf for the
 *  members importer, which reads the member list at its end. */
export function olaHansardPdf(
  index: string,
  _urlOf: (p: string) => string,
  indexUrl = BASE,
  params?: Record<string, string | number>,
): Listed {
  const date = /\/(\d{4}-\d{2}-\d{2})\/hansard\/?$/.exec(new URL(indexUrl).pathname)?.[1];
  const link = PDF.exec(index)?.[1];
  if (!date || !link)
    return {
      files: [],
      problems: [`the sitting page ${date ?? indexUrl} links no Hansard PDF (/sites/default/files/node-files/hansard/document/pdf/…)`],
    };
  return {
    files: [
      {
        path: `hansard-${date}.pdf`,
        url: new URL(link, indexUrl).href,
        format: 'pdf',
        check: PDF_CHECK,
        ...(closed(params) ? CLOSED_PERIOD : {}),
      },
    ],
    problems: [],
  };
}

/** A session's page → each sitting's Hansard page, stored as html/{date}.html. */
export function olaSittings(
  index: string,
  _urlOf: (p: string) => string,
  indexUrl = BASE,
  params?: Record<string, string | number>,
): Listed {
  const files = sittingsOf(index, indexUrl).map(([date, url]) => ({
    path: `html/${date}.html`,
    url,
    ...(closed(params) ? CLOSED_PERIOD : {}),
  }));
  return { files, problems: files.length ? [] : ['the session page links no sitting (…/{YYYY-MM-DD}/hansard)'] };
}

/** House documents → each session's bills listing. */
export function olaBillListings(
  index: string,
  _urlOf: (p: string) => string,
  indexUrl = BASE,
  params?: Record<string, string | number>,
): Listed {
  const sessions = olaSessions(index, fromOf(params));
  return {
    files: sessions.map((s) => ({
      path: `bills/parliament-${s.parliament}-session-${s.session}.html`,
      url: new URL(`/en/legislative-business/bills/parliament-${s.parliament}/session-${s.session}`, indexUrl).href,
      list_with: 'ola-bill-status',
      check: INDEX_CHECK,
      ...(s.closed ? { ...CLOSED_PERIOD, params: { closed: 1 } } : {}),
    })),
    problems: sessions.length ? [] : ['the House documents page links no session page'],
  };
}

/** A session's bills listing → each bill's status page, stored as bills/{P}-{S}/bill-{N}-status.html. */
export function olaBillStatus(
  index: string,
  _urlOf: (p: string) => string,
  indexUrl = BASE,
  params?: Record<string, string | number>,
): Listed {
  const byBill = new Map<string, ManifestFile>();
  for (const m of index.matchAll(BILL)) {
    const path = `bills/${m[2]}-${m[3]}/bill-${m[4].toLowerCase()}-status.html`;
    if (!byBill.has(path))
      byBill.set(path, {
        path,
        url: new URL(`${m[1]}/status`, indexUrl).href,
        ...(closed(params) ? CLOSED_PERIOD : {}),
      });
  }
  const files = [...byBill.values()].sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
  return {
    files,
    problems: files.length ? [] : ['the bills listing links no bill (/en/legislative-business/bills/parliament-{P}/session-{S}/bill-{N})'],
  };
}
