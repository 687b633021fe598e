// The Assemblée nationale's pages as indexes. The Journal des débats listing (assnat.qc.ca/fr/travaux-parlementaires/
// journaux-debats.html): each House sitting's page, /fr/travaux-parlementaires/assemblee-nationale/
// {leg}-{sess}/journal-debats/{YYYYMMDD}/{id}.html, stored as journal-debats-{leg}-{sess}-{YYYYMMDD}.html
// (the name the sample keeps); each committee meeting's Journal on the same page,
// /fr/travaux-parlementaires/commissions/{code}-{leg}-{sess}/journal-debats/{CODE}-{YYMMDD}.html, stored as
// journal-debats-commission-{CODE}-{YYMMDD}.html (the same page family, read by the same importer).
// The listing shows recent sittings only (older sessions need a postback, not sent): the nightly
// keeps each sitting it has fetched, so the cache grows a sitting at a time.
import type { ManifestFile } from './manifest-types.js';

const SITTING = /href="(\/fr\/travaux-parlementaires\/assemblee-nationale\/(\d+-\d+)\/journal-debats\/(\d{8})\/\d+\.html)"/g;
const MEETING = /href="(\/fr\/travaux-parlementaires\/commissions\/[a-z0-9-]+-\d+-\d+\/journal-debats\/([A-Z0-9-]+-\d{6})\.html)"/g;

// The shape of listers.ts's Lister, spelled here so that listers.ts may import this module without a cycle.
export function qcJournalSittings(
  index: string,
  _urlOf: (path: string) => string,
  indexUrl = 'https://www.assnat.qc.ca/',
): { files: ManifestFile[]; problems: string[] } {
  const bySitting = new Map<string, string>();
  for (const m of index.matchAll(SITTING)) {
    const path = `journal-debats-${m[2]}-${m[3]}.html`;
    if (!bySitting.has(path)) bySitting.set(path, new URL(m[1], indexUrl).href);
  }
  const house = bySitting.size;
  for (const m of index.matchAll(MEETING)) {
    const path = `journal-debats-commission-${m[2]}.html`;
    if (!bySitting.has(path)) bySitting.set(path, new URL(m[1], indexUrl).href);
  }
  const files = [...bySitting].sort(([a], [b]) => a.localeCompare(b)).map(([path, url]) => ({ path, url }));
  return { files, problems: house ? [] : ['the listing links no House sitting of the Journal des débats'] };
}

const MEMBER = /href="(?:https?:\/\/www\.assnat\.qc\.ca)?(\/fr\/deputes\/([a-z0-9-]+-\d+)\/index\.html)"/g;

/** The roster of sitting members → each member's page (its numeric id and elections won, which
 *  date the member's terms), stored as depute-{slug}-{id}.html. */
export function qcMemberPages(
  index: string,
  _urlOf: (path: string) => string,
  indexUrl = 'https://www.assnat.qc.ca/',
): { files: ManifestFile[]; problems: string[] } {
  const byMember = new Map<string, string>();
  // Only the roster table's links: the page's menus link other /fr/deputes/ pages, never one with an id.
  const table = /<table[^>]*id="ListeDeputes"[\s\S]*?<\/table>/.exec(index)?.[0] ?? '';
  for (const m of table.matchAll(MEMBER)) if (!byMember.has(m[2])) byMember.set(m[2], new URL(m[1], indexUrl).href);
  const files = [...byMember].sort(([a], [b]) => a.localeCompare(b)).map(([slug, url]) => ({ path: `depute-${slug}.html`, url }));
  return {
    files,
    problems: files.length ? [] : ['the roster links no member page (table#ListeDeputes, /fr/deputes/{slug}-{id}/index.html)'],
  };
}

const BILL = /href=['"]((?:https?:\/\/www\.assnat\.qc\.ca)?\/fr\/travaux-parlementaires\/projets-loi\/(projet-loi-\d+-\d+-\d+)\.html)['"]/g;

/** A session's list of bills (/fr/travaux-parlementaires/projets-loi/projets-loi-{leg}-{sess}.html) →
 *  each bill's own page as the list links it (a bill carried over keeps the page of the session it
 *  was presented in, projet-loi-94-43-1 in 43-2's list), stored as projet-loi-{n}-{leg}-{sess}.html. */
export function qcBillPages(
  index: string,
  _urlOf: (path: string) => string,
  indexUrl = 'https://www.assnat.qc.ca/',
): { files: ManifestFile[]; problems: string[] } {
  const byBill = new Map<string, string>();
  for (const m of index.matchAll(BILL)) if (!byBill.has(m[2])) byBill.set(m[2], new URL(m[1], indexUrl).href);
  const files = [...byBill].sort(([a], [b]) => a.localeCompare(b)).map(([name, url]) => ({ path: `${name}.html`, url }));
  return {
    files,
    problems: files.length ? [] : ['the list links no bill page (/fr/travaux-parlementaires/projets-loi/projet-loi-{n}-{leg}-{sess}.html)'],
  };
}
