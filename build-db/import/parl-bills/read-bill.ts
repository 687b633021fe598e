// One LEGISinfo <Bills><Bill> record → plain typed fields. Values stay as upstream wrote them
// (whitespace collapsed, blanks as null, date-times as raw strings); the map-* modules interpret
// them and report what they cannot use.
import { child, children, flag, parseXml, text, type Element } from './xml.js';

export type Chamber = 'House' | 'Senate';

export interface RawEvent {
  name: string | null;
  at: string | null;
  completes: boolean;
  defeated: boolean;
}
export interface RawSitting {
  name: string | null;
  date: string | null;
}
export interface RawMeeting {
  committee: string | null;
  number: string | null;
  date: string | null;
}

/** One element under <BillStages>: a chamber's stage, royal assent, or "additional information". */
export interface RawStage {
  element: string;
  chamber: Chamber | null;
  name: string | null;
  committee: string | null;
  events: RawEvent[];
  sittings: RawSitting[];
  meetings: RawMeeting[];
}

export interface RawDivision {
  number: string | null;
  subject: string | null;
  yeas: string | null;
  nays: string | null;
  paired: string | null;
  resultName: string | null;
  at: string | null;
  agreed: boolean;
  negatived: boolean;
  tied: boolean;
}

export interface RawSponsor {
  personId: string | null;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  usualFirstName: string | null;
  honorific: string | null;
  constituency: string | null;
  title: string | null;
  /** "Member of Parliament", "Minister", "Senator", "Leader of the Government in the Senate", … */
  role: string | null;
  /** The Senate's affiliation id, "0" for members of the House. */
  senateAffiliation: string | null;
}

/** The bill-level "passed" date-times, the only stage dates of sessions 35-1 to 36-2. */
export const SUMMARY_FIELDS = [
  ['PassedHouseFirstReadingDateTime', 'House', 'first_reading', 'First reading'],
  ['PassedHouseSecondReadingDateTime', 'House', 'second_reading', 'Second reading'],
  ['PassedHouseThirdReadingDateTime', 'House', 'third_reading', 'Third reading'],
  ['PassedSenateFirstReadingDateTime', 'Senate', 'first_reading', 'First reading'],
  ['PassedSenateSecondReadingDateTime', 'Senate', 'second_reading', 'Second reading'],
  ['PassedSenateThirdReadingDateTime', 'Senate', 'third_reading', 'Third reading'],
  ['ReceivedRoyalAssentDateTime', null, 'royal_assent', 'Royal assent'],
] as const;

export interface RawBill {
  id: string | null;
  number: string | null;
  parliament: string | null;
  session: string | null;
  longTitle: string | null;
  longTitleFr: string | null;
  shortTitle: string | null;
  shortTitleFr: string | null;
  type: string | null;
  status: string | null;
  statusAt: string | null;
  originatingChamber: Chamber | null;
  sessionOngoing: boolean;
  sponsor: RawSponsor;
  summary: Record<(typeof SUMMARY_FIELDS)[number][0], string | null>;
  stages: RawStage[];
  preStudyCommittee: string | null;
  interChamberMessages: number;
  divisions: RawDivision[];
}

const chamberOf = (element: string): Chamber | null =>
  element.startsWith('House') ? 'House' : element.startsWith('Senate') ? 'Senate' : null;

function readStage(el: Element): RawStage {
  return {
    element: el.name,
    chamber: chamberOf(el.name),
    name: text(el, 'BillStageNameEn'),
    committee: text(child(el, 'Committee'), 'CommitteeNameEn'),
    events: children(el, 'SignificantEvents').map((e) => ({
      name: text(e, 'EventNameEn'),
      at: text(e, 'EventDateTime'),
      completes: flag(e, 'IsCompletionOfBillStage'),
      defeated: flag(e, 'IsDefeatedEvent'),
    })),
    sittings: children(el, 'Sittings').map((s) => ({ name: text(s, 'NameEn'), date: text(s, 'Date') })),
    meetings: children(el, 'CommitteeMeetings').map((m) => ({
      committee: text(m, 'CommitteeNameEn'),
      number: text(m, 'Number'),
      date: text(m, 'Date'),
    })),
  };
}

function readDivision(el: Element): RawDivision {
  return {
    number: text(el, 'DivisionNumber'),
    subject: text(el, 'DivisionSubjectEn'),
    yeas: text(el, 'DivisionVotesYeas'),
    nays: text(el, 'DivisionVotesNays'),
    paired: text(el, 'DivisionVotePaired'),
    resultName: text(el, 'DecisionResultNameEn'),
    at: text(el, 'DecisionDateTime'),
    agreed: flag(el, 'IsAgreedTo'),
    negatived: flag(el, 'IsNegatived'),
    tied: flag(el, 'IsTied'),
  };
}

/** The bill of one metadata.xml, or null when the XML has no <Bills><Bill>. */
export function readBill(xml: string): RawBill | null {
  const root = parseXml(xml).find((e) => e.name === 'Bills');
  const b = child(root, 'Bill');
  if (!b) return null;
  const origin = text(b, 'OriginatingChamberNameEn');
  const stageRoot = child(b, 'BillStages');
  const stageEls = stageRoot
    ? stageRoot.children.filter((c): c is Element => c.type === 'tag' && c.name !== 'BillId' && c.name !== 'InterChamberMessages')
    : [];
  return {
    id: text(b, 'Id'),
    number: text(b, 'NumberCode'),
    parliament: text(b, 'ParliamentNumber'),
    session: text(b, 'SessionNumber'),
    longTitle: text(b, 'LongTitleEn'),
    longTitleFr: text(b, 'LongTitleFr'),
    shortTitle: text(b, 'ShortTitleEn'),
    shortTitleFr: text(b, 'ShortTitleFr'),
    type: text(b, 'BillDocumentTypeNameEn'),
    status: text(b, 'StatusNameEn'),
    statusAt: text(b, 'LatestCompletedBillStageDateTime'),
    originatingChamber: origin === 'House of Commons' ? 'House' : origin === 'Senate' ? 'Senate' : null,
    sessionOngoing: flag(b, 'IsSessionOngoing'),
    sponsor: {
      personId: text(b, 'SponsorPersonId'),
      name: text(b, 'SponsorPersonName'),
      firstName: text(b, 'SponsorPersonOfficialFirstName'),
      lastName: text(b, 'SponsorPersonOfficialLastName'),
      usualFirstName: text(b, 'SponsorPersonUsualFirstName'),
      honorific: text(b, 'SponsorPersonShortHonorificEn'),
      constituency: text(b, 'SponsorConstituencyNameEn'),
      title: text(b, 'SponsorAffiliationTitleEn'),
      role: text(b, 'SponsorAffiliationRoleNameEn'),
      senateAffiliation: text(b, 'SponsorSenateSystemAffiliationId'),
    },
    summary: Object.fromEntries(SUMMARY_FIELDS.map(([f]) => [f, text(b, f)])) as RawBill['summary'],
    stages: stageEls.map(readStage),
    preStudyCommittee: text(child(b, 'SenatePreStudyCommitteeDetails'), 'CommitteeNameEn'),
    interChamberMessages: children(stageRoot, 'InterChamberMessages').length,
    // An empty <HouseVoteDetails /> (bills without a division) is no division.
    divisions: children(b, 'HouseVoteDetails')
      .filter((d) => d.children.some((c) => c.type === 'tag'))
      .map(readDivision),
  };
}
