// The Legislative Assembly of Alberta's listing pages as indexes. A session's bill list
// (bills-by-legislature?legl=&session=) links each bill page (bill?billinfoid=N), stored as
// bill-N.html for the ab-bills importer. The Votes and Proceedings listing and the Hansard transcripts
// listing link one PDF a sitting on docs.assembly.ab.ca, written with Windows backslashes
// ("LADDAR_files\docs\houserecords\vp\legislature_31\session_1\20241203_1200_01_vp.pdf"); each is
// fetched at that path with forward slashes and stored under its own file name. File names are never
// built from a date: the V&P's time token is always 1200, Hansard's the sitting's own.
import type { ManifestFile } from './manifest-types.js';

type Listing = { files: ManifestFile[]; problems: string[] };
const sorted = (byPath: Map<string, string>): ManifestFile[] =>
  [...byPath].sort(([a], [b]) => a.localeCompare(b)).map(([path, url]) => ({ path, url }));

const BILL = /href="([^"]*\/assembly-business\/bills\/bill\?billinfoid=(\d+)[^"]*)"/g;

export function abBillPages(index: string, _urlOf: (path: string) => string, indexUrl = 'https://www.assembly.ab.ca/'): Listing {
  const byBill = new Map<string, string>();
  for (const m of index.matchAll(BILL)) {
    const path = `bill-${m[2]}.html`;
    if (!byBill.has(path)) byBill.set(path, new URL(m[1].replace(/&amp;/g, '&'), indexUrl).href);
  }
  const files = sorted(byBill);
  return { files, problems: files.length ? [] : ['the bill list links no bill page (bill?billinfoid=N)'] };
}

const PDF = /href="([^"]*LADDAR_files[^"]*\.pdf)"/gi;

/** A listing's sitting PDFs under `folder` (`houserecords/vp`, `hansards/han`) on docs.assembly.ab.ca. */
function sittingPdfs(folder: string, what: string, index: string, indexUrl: string): Listing {
  const byFile = new Map<string, string>();
  const problems: string[] = [];
  for (const m of index.matchAll(PDF)) {
    const url = new URL(m[1].replace(/\\/g, '/'), indexUrl);
    if (!url.pathname.includes(`/LADDAR_files/docs/${folder}/`)) continue;
    const name = url.pathname.split('/').at(-1)!;
    if (!/^\d{8}_\d{4}_\d{2}_\w+\.pdf$/i.test(name)) {
      problems.push(`a ${what} link with an unexpected file name: ${name}`);
      continue;
    }
    if (!byFile.has(name)) byFile.set(name, url.href);
  }
  const files = sorted(byFile);
  if (!files.length) problems.push(`the listing links no ${what} PDF (LADDAR_files/docs/${folder}/…)`);
  return { files, problems };
}

export const abVpSittings = (index: string, _urlOf: (path: string) => string, indexUrl = 'https://www.assembly.ab.ca/'): Listing =>
  sittingPdfs('houserecords/vp', 'Votes and Proceedings', index, indexUrl);

export const abHansardSittings = (index: string, _urlOf: (path: string) => string, indexUrl = 'https://www.assembly.ab.ca/'): Listing =>
  sittingPdfs('hansards/han', 'Hansard', index, indexUrl);
