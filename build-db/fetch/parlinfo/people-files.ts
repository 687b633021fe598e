// Where the ParlInfo person profiles come from and where they go in the fetch cache.
// lchski/lop-parliamentarians-data (commit 217fd3c5, 2020-10-01) holds ParlInfo's own answers, one per
// person, as its download.R fetched them: `data/out/parliamentarian-urls.csv` lists the request for
// each PersonId (`https://lop.parl.ca/ParlinfoWebApi/Person/GetPersonWebProfile/<id>?callback=1`) and
// `curl -O` saved each answer beside it as `data/source/lop/parliamentarians/<id>?callback=1`.
import type { ManifestFile } from '../manifest-types.js';

/** Cache path of a person's profile (gzipped: the profiles are 828 MB as JSON, 64 MB compressed). */
export const profilePath = (id: string) => `parliamentarians/${id}.jsonp.gz`;
export const PROFILE_PATH = /^parliamentarians\/(\d{1,9})\.jsonp\.gz$/;

/** The request lines of parliamentarian-urls.csv → each PersonId once, in the file's order. */
export function listedIds(csv: string): { ids: string[]; problems: string[] } {
  const ids: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  csv.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const id = /\/Person\/GetPersonWebProfile\/(\d{1,9})(?:\?|$)/i.exec(line.trim())?.[1];
    if (!id) {
      problems.push(`line ${i + 1} names no GetPersonWebProfile request: ${line.slice(0, 120)}`);
      return;
    }
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  });
  if (!ids.length) problems.push('the list names no person');
  return { ids, problems };
}

/** Each listed person's saved answer in the same repository and commit as the list. The saved name
 *  holds a `?`, which in a URL path must be written %3F (else it starts a query string). */
export function profileFile(id: string, listUrl: string): ManifestFile {
  return {
    path: profilePath(id),
    url: new URL(`../source/lop/parliamentarians/${id}%3Fcallback=1`, listUrl).href,
    format: 'jsonp',
    // A file at a commit never changes: once held it is not requested again.
    immutable: true,
    check: { content_types: ['text/plain', 'application/javascript', 'text/javascript', 'application/octet-stream'], min_bytes: 50 },
  };
}
