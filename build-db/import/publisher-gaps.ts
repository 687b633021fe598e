// What each legislature publishes that canpol does not hold yet, and what an importer would need,
// so a coverage row that says `none` also says why (../shared/notes/provinces.md, late 2026). A
// publisher that refuses automated access (a CAPTCHA, a bot challenge) is `blocked`: never worked around.
import type { CoverageClaim } from './types.js';

type Kind = 'bills' | 'hansard' | 'votes' | 'committees';
type Jurisdiction = CoverageClaim['jurisdiction'];

export type PublisherGap = { access: 'blocked'; reason: string } | ({ access: 'open' } & Record<Kind, string>);

export const PUBLISHER_GAPS: Partial<Record<Jurisdiction, PublisherGap>> = {
  AB: {
    access: 'open',
    bills:
      "a page per bill with every stage (ab-bills reads them; the nightly lists each session's bill pages); the Assembly Dashboard's layout is not known here",
    hansard: 'PDF transcripts per sitting (ab-hansard reads them through the PDF text path; the nightly lists the sitting PDFs)',
    votes: 'Votes and Proceedings as PDF (ab-votes reads them through the PDF text path; the nightly lists the sitting PDFs)',
    committees: 'PDF committee transcripts; needs a committee reader on the PDF text path',
  },
  BC: {
    access: 'open',
    bills: 'progress-of-bills JSON per session (LIMS); bc-lims reads it once the nightly has fetched it',
    hansard: 'HTML per sitting (LIMS HDMS); bc-hansard reads the sittings the nightly fetched',
    votes:
      "Votes and Proceedings HTML per day (table.division, surnames); bc-lims reads each division with every member's vote from the days the nightly fetched (the datasets hold the listing, not the days)",
    committees:
      'a REST listing of meetings (pcms) and HTML transcripts in the Hansard markup; bc-committees reads the transcripts the nightly fetched',
  },
  MB: {
    access: 'open',
    bills: 'HTML bill text, stages only in a PDF; needs the PDF text path',
    hansard: 'HTML (Word export, windows-1252) back to 1958; needs a Hansard reader (non-commercial terms)',
    votes: 'Votes and Proceedings as PDF; needs the PDF division reader',
    committees: 'committee transcripts in the Hansard family; needs a committees reader',
  },
  NB: {
    access: 'open',
    bills: 'HTML listing and bill pages with a dated timeline; needs a bills importer',
    hansard: 'bilingual PDF (crawl delay 10 s); needs the PDF text path with two languages',
    votes: 'Journals as PDF; needs the PDF division reader',
    committees: 'HTML committee pages; needs a committees importer',
  },
  NL: {
    access: 'open',
    bills: 'an HTML progress table without sponsors; needs a bills importer',
    hansard: 'HTML (Word export); needs a Hansard reader',
    votes: 'divisions inline in Hansard; needs the Hansard reader first',
    committees: 'HTML committee pages; needs a committees importer',
  },
  NS: {
    access: 'open',
    bills:
      'a Socrata JSON API (Open Government Licence – Nova Scotia); ns-bills reads it, and the introductions in Hansard, once the nightly has fetched them',
    hansard:
      'HTML per sitting since 1994 (crawl delay 10 s); ns-hansard reads the sittings the nightly fetched (the current session; older ones need a paced backfill)',
    votes: 'divisions inline in Hansard; ns-hansard reads them from the sittings the nightly fetched',
    committees: 'HTML committee pages; needs a committees importer',
  },
  NT: {
    access: 'open',
    bills: 'HTML bill pages (consensus government, no parties); needs a bills importer',
    hansard: 'HTML Hansard; needs a Hansard reader',
    votes: 'recorded votes inline in Hansard; needs the Hansard reader first',
    committees: 'HTML committee pages; needs a committees importer',
  },
  NU: {
    access: 'open',
    bills: 'an HTML table of bills (consensus government, no parties); needs a bills importer',
    hansard: 'PDF in English and Inuktitut; needs the PDF text path',
    votes: 'recorded votes in the PDF Hansard, members named by constituency; needs the PDF text path',
    committees: 'committee pages; needs a committees importer',
  },
  ON: {
    access: 'open',
    bills: 'HTML session listings and bill status pages; ontario-bills reads them once the nightly has fetched them (non-commercial terms)',
    hansard:
      'HTML per sitting; ontario-hansard reads it (non-commercial terms). make data-real leaves the 2014-2018 corpus out by default (LEAVE_OUT=ontario-hansard; LEAVE_OUT=none imports its 339 sittings): beside its ~130,000 chunks the federal search figures fall (eval/method.md)',
    votes: 'Votes and Proceedings HTML per sitting, and divisions inline in Hansard; needs a division reader',
    committees: 'HTML committee transcripts; ontario-committees reads them once the nightly has fetched them (non-commercial terms)',
  },
  PE: { access: 'blocked', reason: "the Legislative Assembly's pages sit behind a CAPTCHA, which refuses automated access" },
  QC: {
    access: 'open',
    bills:
      'an open-data CSV of bills (CC BY-NC 4.0) and bill pages with every stage; qc-bills reads them once the nightly has fetched them',
    hansard: 'HTML Journal des débats per sitting, French only (qc-hansard reads it; the nightly fetches the listed sittings)',
    votes:
      "the procès-verbal's PDF annex names each member's vote (its JSON register is disallowed by robots.txt; needs the PDF division reader); the Journal des débats prints each division's totals, which qc-votes reads from the sittings fetched",
    committees: 'HTML Journal des débats per committee; qc-hansard reads the meetings the nightly fetched from the listing',
  },
  SK: {
    access: 'open',
    bills: 'a PDF progress of bills; needs the PDF text path',
    hansard: 'HTML (Word export) and PDF; needs a Hansard reader',
    votes: 'HTML Minutes with full names; needs a division reader',
    committees: 'HTML committee pages; needs a committees importer',
  },
  YT: { access: 'blocked', reason: "the Assembly's pages sit behind a Cloudflare bot challenge, which refuses automated access" },
};

const KINDS: readonly Kind[] = ['bills', 'hansard', 'votes', 'committees'];

interface Row {
  jurisdiction: string;
  notes: string | null;
  [status: string]: unknown;
}

/**
 * A jurisdictions row after every claim: a blocked publisher's unclaimed kinds become `blocked`
 * with the reason, and an open publisher's unclaimed kinds get what it offers and what canpol needs.
 */
export function describeGaps<R extends Row>(row: R): R {
  const gap = PUBLISHER_GAPS[row.jurisdiction as Jurisdiction];
  if (!gap) return row;
  const missing = KINDS.filter((k) => row[`${k}_status`] === 'none');
  if (!missing.length) return row;
  const out: Row = { ...row };
  let text: string;
  if (gap.access === 'blocked') {
    for (const k of missing) out[`${k}_status`] = 'blocked';
    text = `Blocked: ${gap.reason}; canpol does not work around it.`;
  } else {
    text = `Not on file: ${missing.map((k) => `${k}: ${gap[k]}`).join('; ')}.`;
  }
  out.notes = row.notes ? `${row.notes} ${text}` : text;
  return out as R;
}
