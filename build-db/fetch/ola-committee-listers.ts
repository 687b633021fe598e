// ola.org's committee transcripts, every URL a plain path (robots.txt disallows `/*?`: no
// `?_format=json`). Layout learned from a public scraper of the pages (adminatthebunker/
// CanadianPoliticalData `on_committees.py`), not seen live from here:
//   the committees index (/en/legislative-business/committees) → each committee it links, for each
//     Parliament in scope (`from_parliament`..`to_parliament`), its transcripts listing
//     `/en/legislative-business/committees/{slug}/parliament-{P}/transcripts` (built: one page per
//     committee and Parliament; a committee that did not sit in that Parliament answers 404, which is
//     not an error);
//   a listing → each transcript it links, `…/transcripts/committee-transcript-{yyyy}-{month}-{d}`,
//     stored as `transcripts/{slug}/parliament-{P}/{that name}.html` (what ontario-committees reads).
// A Parliament before the last in scope is dissolved: its listings and transcripts are held once, and
// are backfill (past the fetch deadline, left for the next run).
import { committeeLinks, listingPath, OLA, transcriptLinks } from '../import/ontario-committees/pages.js';
import type { ManifestFile } from './manifest-types.js';
import { CLOSED_PERIOD, closed, INDEX_CHECK, type Listed } from './ola-listers.js';

/** The committees index → each committee's transcripts listing of each Parliament in scope. */
export function olaCommitteeListings(
  index: string,
  _urlOf: (p: string) => string,
  indexUrl = OLA,
  params?: Record<string, string | number>,
): Listed {
  const from = Number(params?.from_parliament);
  const to = Number(params?.to_parliament ?? params?.from_parliament);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from)
    return { files: [], problems: ['the committees index needs from_parliament (and to_parliament) among its params'] };
  const slugs = [...committeeLinks(index).keys()].sort();
  const files: ManifestFile[] = [];
  for (const slug of slugs)
    for (let p = from; p <= to; p++)
      files.push({
        path: `listings/${slug}-parliament-${p}.html`,
        url: new URL(listingPath(slug, p), indexUrl).href,
        list_with: 'ola-committee-transcripts',
        optional: true,
        check: INDEX_CHECK,
        ...(p < to ? { ...CLOSED_PERIOD, params: { closed: 1 } } : {}),
      });
  return {
    files,
    problems: slugs.length
      ? []
      : ['the committees index links no committee (/en/legislative-business/committees/{slug}, "… Committee on …")'],
  };
}

/** A committee's listing → each transcript page it links. A committee that has not met yet lists none. */
export function olaCommitteeTranscripts(
  index: string,
  _urlOf: (p: string) => string,
  indexUrl = OLA,
  params?: Record<string, string | number>,
): Listed {
  const files = transcriptLinks(index)
    .map((t) => ({
      path: `transcripts/${t.slug}/parliament-${t.parliament}/${t.name}.html`,
      url: new URL(t.path, indexUrl).href,
      ...(closed(params) ? CLOSED_PERIOD : {}),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return { files, problems: [] };
}
