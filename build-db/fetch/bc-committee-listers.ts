// The BC Legislature's committee meetings feed (pcms, build-db/import/bc-committees/listing.ts for its
// layout) as an index: each page's transcripts of parliaments from `params.from_parliament` on, one per
// meeting half (the final where the page lists one, else the Blues), stored as
// `bc-committees/<43rd2nd>/<code>/<fileName>.gz`; and the next page (`&enCursor=<pageInfo.endCursor>`,
// `bc-committees/meetings-<n>.json`) until the feed ends or a page reaches an earlier parliament.
// The feed is newest first, so the first page's newest session is the one sitting: transcripts of
// earlier sessions, and the pages after one that holds nothing newer, are backfill, which a fetch
// deadline leaves for the next run (a first night would otherwise walk a whole Parliament, 2 s apart).
import { bestPerMeeting, readMeetingsPage } from '../import/bc-committees/listing.js';
import type { Lister, ManifestFile } from './manifest-types.js';
import { REVISION_AGES } from './recheck-schedule.js';

export const BC_COMMITTEE_MEETINGS = 'bc-committees-meetings';
/** A bound on the walk, should the feed never say it ends (its cursors are opaque to us). */
const MAX_PAGES = 200;

/** A session as one number that orders sessions: 43rd 2nd → 4302. */
const sessionOrder = (t: { parliament: number; session: number }) => t.parliament * 100 + t.session;

export const bcCommitteeMeetings: Lister = (index, _urlOf, indexUrl = '', params = {}) => {
  const page = Number(params.page ?? 1);
  const from = Number(params.from_parliament ?? 0);
  const read = readMeetingsPage(index);
  if (read.error)
    return { files: [], problems: [`meetings page ${page}: ${read.error.record}, field ${read.error.field}: ${read.error.message}`] };
  const problems = read.page.problems.map((p) => `meetings page ${page}: ${p.record}, field ${p.field}: ${p.message}`);
  const orders = read.page.transcripts.map(sessionOrder);
  const newestHere = orders.length ? Math.max(...orders) : 0;
  const sitting = Math.max(Number(params.sitting_session ?? 0), newestHere);
  const closed = (order: number) => sitting > 0 && order < sitting;
  // The HDMS file server ignores conditional requests: a transcript held is asked again only as it
  // passes each revision age from its meeting's day (a final is a new file name, listed when out).
  const files: ManifestFile[] = bestPerMeeting(read.page.transcripts.filter((t) => t.parliament >= from)).map((t) => ({
    path: `bc-committees/${t.folder}/${t.code}/${t.fileName}.gz`,
    url: t.url,
    format: 'html',
    check: { content_types: ['text/html', 'application/xhtml+xml'], min_bytes: 200 },
    dated: `${t.half.slice(0, 4)}-${t.half.slice(4, 6)}-${t.half.slice(6, 8)}`,
    recheck_ages: REVISION_AGES,
    ...(closed(sessionOrder(t)) ? { backfill: true } : {}),
  }));
  const url = new URL(indexUrl);
  const cursor = read.page.endCursor;
  const earlier = read.page.transcripts.some((t) => t.parliament < from);
  if (read.page.hasNextPage && cursor && !earlier) {
    if (cursor === url.searchParams.get('enCursor')) problems.push(`meetings page ${page}: the next page's cursor is this page's own`);
    else if (page >= MAX_PAGES) problems.push(`meetings page ${page}: more than ${MAX_PAGES} pages; the walk stops here`);
    else {
      url.searchParams.set('enCursor', cursor);
      files.push({
        path: `bc-committees/meetings-${page + 1}.json`,
        url: url.href,
        format: 'json',
        check: { content_types: ['application/json'], min_bytes: 2 },
        list_with: BC_COMMITTEE_MEETINGS,
        params: { ...params, page: page + 1, ...(sitting ? { sitting_session: sitting } : {}) },
        // Nothing newer than a closed session here: the pages after it are older still.
        ...(orders.length && closed(newestHere) ? { backfill: true } : {}),
      });
    }
  }
  return { files, problems };
};
