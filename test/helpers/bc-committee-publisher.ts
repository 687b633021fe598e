// BC committee documents WRITTEN BY HAND for the tests, in the publisher's layouts as far as they are
// known here (no real committee transcript or pcms answer is in ../shared/datasets or in a reachable
// public fixture):
//   - the pcms meetings feed page and the membership answer: the fields
//     adminatthebunker/CanadianPoliticalData's bc_committees.py reads (meetings[].id/startTime/
//     committeePeriodByCommitteePeriodId.name, hansardTranscripts[].filePath/fileName/
//     committeeTranscriptAttributeByFileId.committeeMeetingId, pageInfo.hasNextPage/endCursor;
//     currentParliament, standing[].committeeByCommitteeId.name, committeeChair/committeeDeputyChair
//     .memberByMemberId{id, firstName, lastName}), nothing else;
//   - a transcript: the floor Blues' own markup (the real pages in ../shared/datasets/bc-hansard-html-samples:
//     header, div.transcript, TimeLine, TimeStamp, SpeakerBegins with SpeakerName and Bold spans,
//     EditorialComment chair markers), which committee transcripts share (that project's research notes);
//     the header's committee line is a guess the importer does not read.
// Every name, meeting and word below is invented; the member ids are the test roster's.

export const FGS = 'Select Standing Committee on Finance and Government Services';
export const CAY = 'Select Standing Committee on Children and Youth';

export interface PageTranscript {
  filePath: string;
  fileName: string;
  meetingId: number | null;
}

/** A page of `GET /pcms/committees/meetings?filter=previous`. */
export function meetingsPage(
  meetings: Array<{ id: number; startTime: string; name: string }>,
  transcripts: PageTranscript[],
  next: string | null = null,
): string {
  return JSON.stringify({
    meetings: meetings.map((m) => ({ id: m.id, startTime: m.startTime, committeePeriodByCommitteePeriodId: { name: m.name } })),
    hansardTranscripts: transcripts.map((t) => ({
      filePath: t.filePath,
      fileName: t.fileName,
      committeeTranscriptAttributeByFileId: t.meetingId === null ? null : { committeeMeetingId: t.meetingId },
    })),
    pageInfo: { hasNextPage: next !== null, endCursor: next },
  });
}

const slot = (id: number, first: string, last: string) => ({ memberByMemberId: { id, firstName: first, lastName: last } });

/** `GET /pcms/committees/membership` for 43-2 (or the session given): FGS chaired by member 72, deputy 300. */
export function membership(parliament = 43, session = 2): string {
  return JSON.stringify({
    currentParliament: { parliamentNumber: parliament, sessionNumber: session },
    standing: [
      {
        committeeByCommitteeId: { name: FGS },
        committeeChair: slot(72, 'Niki', 'Sharma'),
        committeeDeputyChair: slot(300, 'Lorne', 'Doerkson'),
      },
    ],
    special: [],
    statutory: [],
  });
}

const p = (cls: string, body: string) => `            <p class="${cls}">${body}</p>`;
const turn = (name: string, words: string) =>
  p('SpeakerBegins', `<span class="SpeakerName">${name}</span><span class="Bold">:</span> ${words}`);

/** A committee transcript in the Blues markup; `final` gives it the finals' revised status (no draft words). */
export function transcript(opts: { date: string; half: 'Morning' | 'Afternoon'; body: string[]; final?: boolean }): string {
  return `<!DOCTYPE html><html>
   <head>
      <meta charset="utf-8"/>
      <title>${opts.final ? 'Hansard' : 'Hansard Blues'}</title>
   </head>
   <body class="revised">
      <main>
         <header>
            <div class="headtop">
               <div class="right">
                  ${opts.final ? '' : '<h2 class="blues">Hansard Blues</h2>'}
                  <h1 class="name">${FGS}</h1>
                  ${opts.final ? '' : '<h2 class="draft">Draft Report of Debates</h2>'}
               </div>
            </div>
            <div class="headmid">
               <div class="left">2nd Session, 43rd Parliament</div>
               <div class="middle">${opts.date}</div>
               <div class="right">${opts.half} Sitting</div>
            </div>
         </header>
         <div class="transcript">
${opts.body.join('\n')}
         </div>
      </main>
   </body>
</html>
`;
}

/** The FGS meeting of Wednesday, February 25, 2026, morning: the chair, a witness, members, a deputy. */
export function fgsMeeting(final = false): string {
  return transcript({
    date: 'Wednesday, February 25, 2026',
    half: 'Morning',
    final,
    body: [
      p('TimeLine', 'The committee met at 9:02 a.m.'),
      p('ProceedingsHeading', 'Budget 2027 Consultations'),
      turn('The Chair', `Good morning, everyone. ${final ? 'Welcome' : 'Welcome (draft)'} to the committee's hearing in Victoria.`),
      p('SpeakerContinues', 'Our first presenter today is from the Example Society.'),
      turn('Jane Witness (Chief Executive Officer, Example Society)', 'Thank you for having us. We ask for stable funding.'),
      p('TimeStamp', '[9:10 a.m.]'),
      turn('Brenda Bailey', 'Thank you for the presentation. How many families do you serve?'),
      turn('Jane Witness (Chief Executive Officer, Example Society)', 'About four thousand a year.'),
      p('ChairChange', '[L. Doerkson in the chair.]'),
      turn('Deputy Chair', 'Thank you. We will now hear from the next presenter.'),
    ],
  });
}

/** The CAY meeting of Tuesday, November 18, 2025, afternoon: no time printed (the listing gives the start). */
export function cayMeeting(): string {
  return transcript({
    date: 'Tuesday, November 18, 2025',
    half: 'Afternoon',
    body: [p('ProceedingsHeading', 'Child Care'), turn('Brenda Bailey', 'I call the meeting to order.')],
  }).replace('2nd Session', '1st Session');
}
