// One page of the Legislature's committee meetings feed (pcms, GET
// https://api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous, newest first, the next page
// at `&enCursor=<pageInfo.endCursor>`): `meetings[]` (`id`, `startTime` as local time without an
// offset, `committeePeriodByCommitteePeriodId.name`) and, beside them, `hansardTranscripts[]`
// (`filePath` "/Committees/43rd2nd/fgs", `fileName`, `committeeTranscriptAttributeByFileId.committeeMeetingId`),
// a transcript being served at https://lims.leg.bc.ca/hdms/file<filePath>/<fileName>. Layout learned
// from adminatthebunker/CanadianPoliticalData (services/scanner/src/legislative/bc_committees.py,
// docs/research/british-columbia.md § Committee Activity); not seen live from here. Shared by the
// nightly's lister and the importer, so both read the same fields the same way.

export const MEETINGS_URL = 'https://api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous';
export const HDMS_FILE = 'https://lims.leg.bc.ca/hdms/file';

export interface ListedTranscript {
  /** Where the Legislature serves it. */
  url: string;
  /** "43rd2nd": the session's folder, and its numbers. */
  folder: string;
  parliament: number;
  session: number;
  /** The committee's code in the path ("fgs"), lower case. */
  code: string;
  fileName: string;
  /** "20260225am": the meeting half the file name gives. */
  half: string;
  draft: boolean;
  meetingId: number | null;
  /** The committee's name for that period (`committeePeriodByCommitteePeriodId.name`), when the page names it. */
  committeeName: string | null;
  /** The meeting's start, "2026-02-25T09:00:00" (local, no offset), when the page gives it. */
  startTime: string | null;
}

/** A field of the page that could not be read: the record (`hansardTranscripts[3]`) and the field. */
export interface ListingProblem {
  record: string;
  field: string;
  message: string;
}

export interface MeetingsPage {
  transcripts: ListedTranscript[];
  /** Entries of the page that could not be read (a field missing or malformed). */
  problems: ListingProblem[];
  /** Entries that are not a session committee's transcript by their own names: minutes ("-MIN.htm"),
   *  the Management Committee's folder outside the grammar ("/Committees/43rd-LAMC"). Left out. */
  excluded: ListingProblem[];
  meetings: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

const ORD = '(?:st|nd|rd|th)';
// "/Committees/43rd2nd/fgs". LAMC lives at "/Committees/43rd-LAMC", outside this grammar: reported, not read.
const FOLDER = new RegExp(`^/Committees/((\\d+)${ORD}(\\d+)${ORD})/([A-Za-z0-9_-]+)/?$`);
// "20260225am-Finance-Victoria-Blues.htm", "20251119pm-ChildrenYouth-Victoria-n12.html"; "-MIN.htm" are minutes.
const TRANSCRIPT = /^(\d{8}(?:am|pm))-.+\.html?$/i;
const MINUTES = /-MIN\.html?$/i;

/** "20260225" is a day of the calendar ("20261399" is not). */
const realDay = (d: string) => {
  const iso = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(iso);
};
const str = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim() : null);

/** The page, or the field that makes it unreadable as a whole. */
export function readMeetingsPage(text: string): { page: MeetingsPage; error: null } | { page: null; error: ListingProblem } {
  let doc: {
    meetings?: unknown;
    hansardTranscripts?: unknown;
    pageInfo?: { hasNextPage?: unknown; endCursor?: unknown } | null;
  };
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { page: null, error: { record: 'whole file', field: '(JSON)', message: `not JSON: ${(e as Error).message}` } };
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    return { page: null, error: { record: 'whole file', field: '(root)', message: 'not a JSON object' } };
  if (!Array.isArray(doc.meetings)) return { page: null, error: { record: 'whole file', field: 'meetings', message: 'not an array' } };
  if (!Array.isArray(doc.hansardTranscripts))
    return { page: null, error: { record: 'whole file', field: 'hansardTranscripts', message: 'not an array' } };

  const problems: ListingProblem[] = [];
  const excluded: ListingProblem[] = [];
  // The transcript → meeting join is within the page (the feed lists them side by side).
  const meetings = new Map<number, { name: string | null; startTime: string | null }>();
  doc.meetings.forEach((m: { id?: unknown; startTime?: unknown; committeePeriodByCommitteePeriodId?: { name?: unknown } | null }, i) => {
    if (!Number.isInteger(m?.id)) {
      problems.push({ record: `meetings[${i}]`, field: 'id', message: `not an integer: ${JSON.stringify(m?.id ?? null)}` });
      return;
    }
    const start = str(m.startTime);
    meetings.set(m.id as number, {
      name: str(m.committeePeriodByCommitteePeriodId?.name),
      startTime: start && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(start) ? start : null,
    });
  });

  const transcripts: ListedTranscript[] = [];
  doc.hansardTranscripts.forEach(
    (t: { filePath?: unknown; fileName?: unknown; committeeTranscriptAttributeByFileId?: { committeeMeetingId?: unknown } | null }, i) => {
      const record = `hansardTranscripts[${i}]`;
      const path = str(t?.filePath);
      const name = str(t?.fileName);
      if (!path) return problems.push({ record, field: 'filePath', message: 'missing' });
      if (!name) return problems.push({ record, field: 'fileName', message: 'missing' });
      const folder = FOLDER.exec(path);
      if (!folder) return excluded.push({ record, field: 'filePath', message: `not a session's committee folder: ${path}` });
      if (MINUTES.test(name)) return excluded.push({ record, field: 'fileName', message: `minutes, not a transcript: ${name}` });
      const file = TRANSCRIPT.exec(name);
      if (!file) return problems.push({ record, field: 'fileName', message: `not a transcript's name (YYYYMMDDam|pm-…htm): ${name}` });
      if (!realDay(file[1].slice(0, 8))) return problems.push({ record, field: 'fileName', message: `no such day: ${name}` });
      const id = t.committeeTranscriptAttributeByFileId?.committeeMeetingId;
      const meetingId = Number.isInteger(id) ? (id as number) : null;
      const meeting = meetingId === null ? undefined : meetings.get(meetingId);
      if (!meeting)
        problems.push({
          record,
          field: 'committeeTranscriptAttributeByFileId.committeeMeetingId',
          message: `no meeting ${JSON.stringify(id ?? null)} on the page: committee name and start time unknown`,
        });
      transcripts.push({
        url: `${HDMS_FILE}/Committees/${folder[1]}/${encodeURIComponent(folder[4])}/${encodeURIComponent(name)}`,
        folder: folder[1],
        parliament: Number(folder[2]),
        session: Number(folder[3]),
        code: folder[4].toLowerCase(),
        fileName: name,
        half: file[1].toLowerCase(),
        draft: /blues/i.test(name),
        meetingId,
        committeeName: meeting?.name ?? null,
        startTime: meeting?.startTime ?? null,
      });
    },
  );
  const info = doc.pageInfo ?? {};
  return {
    page: {
      transcripts,
      problems,
      excluded,
      meetings: doc.meetings.length,
      hasNextPage: info.hasNextPage === true,
      endCursor: str(info.endCursor),
    },
    error: null,
  };
}

/** One transcript per meeting half: the final where the page lists one, else the Blues (draft). */
export function bestPerMeeting(transcripts: ListedTranscript[]): ListedTranscript[] {
  const best = new Map<string, ListedTranscript>();
  for (const t of transcripts) {
    const k = `${t.folder}/${t.code}/${t.half}`;
    const had = best.get(k);
    if (!had || (had.draft && !t.draft)) best.set(k, t);
  }
  return [...best.values()];
}
