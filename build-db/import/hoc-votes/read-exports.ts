// The House's vote exports as the nightly stores them (hoc-votes/<p>-<s>/votes.xml and <n>.xml):
// the vote list (`<Vote>`: number, date-time, subject, result, totals, bill) and each division's
// detail (`<VoteParticipant>`: PersonId, official names, constituency, caucus, yea/nay/paired),
// with the element names openparliament's vote importer reads.
import { getElementsByTagName, textContent } from 'domutils';
import type { Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';

export interface ListedDivision {
  number: number;
  at: string;
  subject: string | null;
  result: string | null;
  yeas: number | null;
  nays: number | null;
  paired: number | null;
  bill: string | null;
}

export interface Participant {
  personId: string | null;
  name: string;
  constituency: string | null;
  caucus: string | null;
  position: 'yea' | 'nay' | 'paired' | null;
}

const field = (el: Element, name: string): string | null => {
  const f = getElementsByTagName(name, el.children, false)[0];
  const t = f ? textContent(f).trim() : '';
  return t || null;
};
const count = (s: string | null) => (s !== null && /^\d+$/.test(s) ? Number(s) : null);

export function readVoteList(xml: string): {
  divisions: ListedDivision[];
  problems: Array<{ record: string; reason: string; detail?: string }>;
} {
  const divisions: ListedDivision[] = [];
  const problems: Array<{ record: string; reason: string; detail?: string }> = [];
  getElementsByTagName('Vote', parseDocument(xml, { xmlMode: true }).children, true).forEach((v, i) => {
    const number = count(field(v, 'DecisionDivisionNumber'));
    const at = field(v, 'DecisionEventDateTime');
    const record = `Vote #${i + 1}${number ? ` (division ${number})` : ''}`;
    if (!number) {
      problems.push({ record, reason: 'vote without a division number', detail: field(v, 'DecisionDivisionNumber') ?? '(empty)' });
      return;
    }
    if (!at || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?/.test(at)) {
      problems.push({ record, reason: 'vote without a readable date-time', detail: at ?? '(empty)' });
      return;
    }
    divisions.push({
      number,
      at,
      subject: field(v, 'DecisionDivisionSubject'),
      result: field(v, 'DecisionResultName'),
      yeas: count(field(v, 'DecisionDivisionNumberOfYeas')),
      nays: count(field(v, 'DecisionDivisionNumberOfNays')),
      paired: count(field(v, 'DecisionDivisionNumberOfPaired')),
      bill: field(v, 'BillNumberCode'),
    });
  });
  return { divisions, problems };
}

export function readParticipants(xml: string): Participant[] {
  return getElementsByTagName('VoteParticipant', parseDocument(xml, { xmlMode: true }).children, true).map((p) => {
    const yes = (name: string) => field(p, name)?.toLowerCase() === 'true';
    return {
      personId: field(p, 'PersonId'),
      name: [field(p, 'PersonOfficialFirstName'), field(p, 'PersonOfficialLastName')].filter(Boolean).join(' '),
      constituency: field(p, 'ConstituencyName'),
      caucus: field(p, 'CaucusShortName'),
      position: yes('IsVoteYea') ? 'yea' : yes('IsVoteNay') ? 'nay' : yes('IsVotePaired') ? 'paired' : null,
    };
  });
}
