// The hoc-hansard importer: hand-written XML for the format's quirks and for malformed input, then
// the 14 real publications in /work/shared/datasets/hoc-hansard-xml-samples (skipped when absent),
// then import → build → API. Expected values on real files were read off the XML by hand
// (zcat FILE.xml.gz | grep …); each says where it comes from.
import { importBuildServe } from '../../helpers/import-app.js';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import { ottawaTimestamp, parseMetAt } from '../../../build-db/import/hoc-hansard/clock.js';
import { hocHansardImporter, importHocHansard } from '../../../build-db/import/hoc-hansard/index.js';
import { parsePrintedDate } from '../../../build-db/import/hoc-hansard/metadata.js';
import { readSpeakerLabel } from '../../../build-db/import/hoc-hansard/speaker.js';
import type { ImportContext, ImportedRecords, ImportOutput, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const HOC = join(DATASETS, 'hoc-hansard-xml-samples');

const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-hoc-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Speech = SourceInput<'speeches'>;
type Vote = SourceInput<'votes'>;

// Sessions as another importer would have put them in the bundle (the XML states no session dates):
// 44-1 opened on 2021-11-22, 41-2 on 2013-10-16 (Parliament of Canada, ParlInfo).
const SESSIONS = [
  {
    key: 'ca/session/44-1',
    level: 'federal',
    parliament_number: 44,
    session_number: 1,
    name: '44th Parliament, 1st Session',
    start_date: '2021-11-22',
    end_date: '2025-01-06',
  },
  {
    key: 'ca/session/41-2',
    level: 'federal',
    parliament_number: 41,
    session_number: 2,
    name: '41st Parliament, 2nd Session',
    start_date: '2013-10-16',
    end_date: '2015-08-02',
  },
] as Array<SourceInput<'sessions'>>;

function run(from: string, people: Person[] = [], existing: ImportedRecords = { sessions: SESSIONS }) {
  const skips: Skip[] = [];
  const logs: string[] = [];
  const identity = new Identity(people);
  const ctx: ImportContext = { identity, existing, skip: (s) => skips.push(s), log: (m) => logs.push(m) };
  const out = importHocHansard(from, ctx) as ImportOutput;
  return { out, skips, logs, identity, speeches: (out.records.speeches ?? []) as Speech[], votes: (out.records.votes ?? []) as Vote[] };
}

const person = (key: string, name: string, constituency: string, party: string): Person => {
  const [first, ...rest] = name.split(' ');
  return {
    key,
    name,
    first_name: first,
    last_name: rest.join(' '),
    constituency_name: constituency,
    party,
    terms: [{ start_at: '2021-09-20T00:00:00Z', end_at: null }],
  };
};

// --- Hand-written publications ------------------------------------------------------------------

// House Debates: BOM, the 'utf8' declaration strict parsers reject, printed date only (no Meta date
// items), the clock from "The House met at", a bad clock stamp, an empty turn, a bare later label,
// a running head after Question Period, a sitting past midnight, a division with a wrong printed
// total and a nameless member.
const DEBATES = `\uFEFF<?xml version='1.0' encoding='utf8'?>
<Hansard xml:lang="EN" id="900">
  <DocumentTitle><DocumentName>OFFICIAL REPORT (HANSARD)</DocumentName></DocumentTitle><ExtractedInformation><ExtractedItem Name="MetaDocumentCategory">DEBATES</ExtractedItem><ExtractedItem Name="Parliament">44th PARLIAMENT</ExtractedItem><ExtractedItem Name="Session">1st SESSION</ExtractedItem>
    <ExtractedItem Name="Number">No. 007</ExtractedItem>
    <ExtractedItem Name="Date">Monday, March 11, 2024</ExtractedItem></ExtractedInformation>
  <HansardBody>
    <Intro><ParaText id="1">The House met at 11 a.m.</ParaText><Prayer>Prayer</Prayer></Intro>
    <OrderOfBusiness id="10" Rubric="OralQuestionPeriod">
      <OrderOfBusinessTitle>ORAL QUESTIONS</OrderOfBusinessTitle><CatchLine>Oral Questions</CatchLine>
      <SubjectOfBusiness id="11"><FloorLanguage language="FR">[<I>Translation</I>]</FloorLanguage><SubjectOfBusinessTitle>Ferries</SubjectOfBusinessTitle><SubjectOfBusinessContent>
          <Intervention Type="Question" id="1001"><PersonSpeaking><Affiliation DbId="11" Type="2">Ms. Ann Lee (Ottawa Centre, Lib.)</Affiliation>: </PersonSpeaking>
            <Content><ParaText id="2">Mr. Speaker, the <I>ferry</I> &amp; the “bridge”
              are late.</ParaText><ProceduralText TocType="TPC" id="1">Ferries</ProceduralText>
              <ParaText id="3"><Quote><QuotePara>That the House</QuotePara><QuotePara>do now adjourn.</QuotePara></Quote></ParaText>
              <ParaText id="4"><Poetry><Verse><Line>Row, row</Line><Line>your boat</Line></Verse></Poetry></ParaText></Content></Intervention>
          <Timestamp Hr="xx" Mn="">(11h)</Timestamp>
          <Intervention Type="Debate" id="1002"><PersonSpeaking><Affiliation DbId="15" Type="15">The Speaker</Affiliation>: </PersonSpeaking><Content><ParaText id="5">Order.</ParaText></Content></Intervention>
          <Intervention Type="Question" id="1003"><PersonSpeaking><Affiliation DbId="11" Type="2">Ms. Ann Lee</Affiliation>: </PersonSpeaking><Content><ParaText id="6">   </ParaText></Content></Intervention><Timestamp Hr="11" Mn="10">(1110)</Timestamp>
          <Intervention Type="Question" id="1004"><PersonSpeaking><Affiliation DbId="11" Type="2">Ms. Ann Lee</Affiliation>: </PersonSpeaking><Content><ParaText id="7">Bare label.</ParaText></Content></Intervention>
          <Intervention Type="Answer" id="1005"><PersonSpeaking><Affiliation DbId="12" Type="4">Hon. Bo Chen (Minister of Transport, CPC)</Affiliation>: </PersonSpeaking><Content><ParaText id="8">An answer.</ParaText></Content></Intervention></SubjectOfBusinessContent></SubjectOfBusiness>
      <SubjectOfBusiness id="12"><Timestamp Hr="11" Mn="15"/><SubjectOfBusinessTitle>Points of Order</SubjectOfBusinessTitle><SubjectOfBusinessQualifier>Oral Questions</SubjectOfBusinessQualifier><CatchLine>Points of Order</CatchLine><SubjectOfBusinessContent>
          <Intervention Type="Debate" id="1006"><PersonSpeaking><Affiliation DbId="13" Type="2">Mr. Cy Dunn (Halifax, NDP)</Affiliation>: </PersonSpeaking><Content><ParaText id="9">On a point of order.</ParaText></Content></Intervention>
          <Intervention Type="Debate" id="1007"><PersonSpeaking><Affiliation DbId="16" Type="92">The Acting Speaker (Mrs. Di Eve)</Affiliation>: </PersonSpeaking><Content><ParaText id="10">Noted.</ParaText></Content></Intervention></SubjectOfBusinessContent></SubjectOfBusiness>
    </OrderOfBusiness>
    <OrderOfBusiness id="20" Rubric="Other"><OrderOfBusinessTitle>GOVERNMENT ORDERS</OrderOfBusinessTitle><CatchLine>Business of Supply</CatchLine>
      <SubjectOfBusiness id="21"><Timestamp Hr="24" Mn="05">(2405)</Timestamp><SubjectOfBusinessTitle>Ferry Act</SubjectOfBusinessTitle><SubjectOfBusinessContent>
          <ParaText id="11">The House resumed consideration of the motion that Bill C-99, An Act respecting ferries, be read the second time.</ParaText>
          <ProceduralText TocType="TPC" id="2">Bill C-99. Second reading</ProceduralText>
          <Intervention Type="Debate" id="1008"><PersonSpeaking><Affiliation DbId="13" Type="2">Mr. Cy Dunn</Affiliation>: </PersonSpeaking><Content><ParaText id="12">Late night.</ParaText></Content></Intervention>
          <ParaText id="13">(The House divided on the motion, which was agreed to on the following division:)</ParaText>
          <Division id="30" DivisionNumber="17"><DivisionNumber>(Division No. 17)</DivisionNumber>
            <DivisionType vote-type="Yeas"><Type>YEAS</Type><Title>Members</Title><Affiliation DbId="11">Lee</Affiliation><Affiliation DbId="13">Dunn</Affiliation><Total> -- 3</Total></DivisionType>
            <DivisionType vote-type="Nays"><Type>NAYS</Type><Title>Members</Title><Affiliation DbId="12">Chen</Affiliation><Affiliation DbId="99"></Affiliation><Total> -- 2</Total></DivisionType>
            <DivisionType vote-type="Paired"><Type>PAIRED</Type><Nil>Nil</Nil></DivisionType>
          </Division></SubjectOfBusinessContent></SubjectOfBusiness>
    </OrderOfBusiness>
  </HansardBody>
</Hansard>`;

// Committee Evidence, French edition, January (EST): a turn before any clock stamp, a chair named
// only in the first label, a witness who shares an MP's name.
const EVIDENCE = `<?xml version="1.0" encoding="UTF-8"?>
<Hansard xml:lang="FR" id="901">
  <DocumentTitle><DocumentName>TÉMOIGNAGES</DocumentName></DocumentTitle><ExtractedInformation><ExtractedItem Name="MetaDocumentCategory">Committee</ExtractedItem>
    <ExtractedItem Name="InstitutionDebateFr">Comité permanent des traversiers</ExtractedItem>
    <ExtractedItem Name="InstitutionDebateEn">Standing Committee on Ferries</ExtractedItem>
    <ExtractedItem Name="Acronyme">ABCD</ExtractedItem>
    <ExtractedItem Name="ParliamentNumber">44</ExtractedItem><ExtractedItem Name="SessionNumber">1</ExtractedItem>
    <ExtractedItem Name="MetaNumberNumber">05</ExtractedItem>
    <ExtractedItem Name="MetaDateNumYear">2023</ExtractedItem><ExtractedItem Name="MetaDateNumMonth">01</ExtractedItem><ExtractedItem Name="MetaDateNumDay">17</ExtractedItem></ExtractedInformation>
  <HansardBody><OrderOfBusiness><CatchLine /><SubjectOfBusiness><SubjectOfBusinessContent>
    <Intervention id="2001"><PersonSpeaking><Affiliation DbId="21" Type="35">Le président (M. Guy Roy (Laval, PCC))</Affiliation>: </PersonSpeaking><Content><ParaText>Bonjour.</ParaText></Content></Intervention>
    <Timestamp Hr="9" Mn="00">(0900)</Timestamp>
    <Intervention id="2002"><PersonSpeaking><Affiliation DbId="21" Type="35">Le président</Affiliation>: </PersonSpeaking><Content><ParaText>La séance est ouverte.</ParaText></Content></Intervention>
    <Intervention id="2003"><PersonSpeaking><Affiliation DbId="22" Type="28">Mme Eva Gold (directrice, Traversiers inc.)</Affiliation>: </PersonSpeaking><Content><ParaText>Merci.</ParaText></Content></Intervention>
    <Intervention id="2004"><PersonSpeaking><Affiliation DbId="22" Type="28">Mme Eva Gold</Affiliation>: </PersonSpeaking><Content><ParaText>Encore.</ParaText></Content></Intervention>
  </SubjectOfBusinessContent></SubjectOfBusiness></OrderOfBusiness></HansardBody>
</Hansard>`;

const PEOPLE = [
  person('p/lee', 'Ann Lee', 'Ottawa Centre', 'Liberal'),
  person('p/chen', 'Bo Chen', 'Kelowna', 'Conservative'),
  person('p/cy-dunn', 'Cy Dunn', 'Halifax', 'NDP'),
  person('p/al-dunn', 'Al Dunn', 'Toronto Centre', 'Liberal'),
  person('p/eve', 'Di Eve', 'Nickel Belt', 'NDP'),
  person('p/roy', 'Guy Roy', 'Laval', 'Conservative'),
  person('p/gold', 'Eva Gold', 'Calgary Centre', 'Conservative'),
];

function writeFixtureFiles(): string {
  const dir = temp();
  writeFileSync(join(dir, '44-1-7-en.xml'), DEBATES);
  writeFileSync(join(dir, 'ABCD-5-fr.xml.gz'), gzipSync(EVIDENCE));
  writeFileSync(join(dir, 'copy-of-44-1-7-en.xml'), DEBATES);
  writeFileSync(join(dir, 'broken.xml'), '<notHansard><x></notHansard>');
  writeFileSync(join(dir, 'truncated.xml'), DEBATES.slice(0, 400));
  writeFileSync(join(dir, 'notes.txt'), 'not a publication');
  return dir;
}

describe('hoc-hansard on hand-written publications', () => {
  const { out, skips, logs, identity, speeches, votes } = run(writeFixtureFiles(), PEOPLE);
  const byAnchor = (id: string) => speeches.find((s) => s.source_anchor === id)!;

  test('BOM, a "utf8" declaration and a printed date are read; the clock starts at "The House met at"', () => {
    expect(byAnchor('1001')).toMatchObject({
      key: 'ca-hoc/speech/900-en/1',
      sequence: 1,
      session_key: 'ca/session/44-1',
      language: 'en',
      level: 'federal',
      // 2024-03-11 is the day after DST began: EDT.
      spoken_at: '2024-03-11T11:00:00-04:00',
      speaker_name_raw: 'Ms. Ann Lee (Ottawa Centre, Lib.)',
      party_at_time: 'Liberal',
      speaker_role: null,
      speech_type: 'question_period',
      is_presiding: false,
      order_of_business: 'Oral Questions',
      subject: 'Ferries',
      source_url: 'https://www.ourcommons.ca/DocumentViewer/en/44-1/house/sitting-7/hansard',
      source_system: 'hoc-hansard',
      meeting_url: null,
      committee_name: null,
      politician_key: 'p/lee',
    });
  });

  test('paragraphs become blank-line breaks, quotes their own paragraphs, verse lines their own lines; captions are not text', () => {
    expect(byAnchor('1001').text).toBe(
      'Mr. Speaker, the ferry & the “bridge” are late.\n\nThat the House\n\ndo now adjourn.\n\nRow, row\nyour boat',
    );
  });

  test('an unparsable clock stamp is reported and the previous time stays in force', () => {
    expect(byAnchor('1002')).toMatchObject({
      spoken_at: '2024-03-11T11:00:00-04:00',
      speech_type: 'presiding',
      is_presiding: true,
      speaker_role: 'The Speaker',
      politician_key: null,
    });
    expect(skips).toContainEqual(
      expect.objectContaining({ file: '44-1-7-en.xml', reason: 'unparsable clock stamp', record: 'Timestamp (11h)' }),
    );
  });

  test('an intervention with no text is skipped with its id and label', () => {
    expect(skips).toContainEqual({ file: '44-1-7-en.xml', record: 'Intervention 1003 (Ms. Ann Lee)', reason: 'intervention with no text' });
    expect(speeches.map((s) => s.source_anchor)).toEqual(['1001', '1002', '1004', '1005', '1006', '1007', '1008', '2002', '2003', '2004']);
    expect(speeches.filter((s) => s.key.startsWith('ca-hoc/speech/900-en/')).map((s) => s.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test('a bare later label takes party and riding from the label printed for the same DbId', () => {
    expect(byAnchor('1004')).toMatchObject({
      speaker_name_raw: 'Ms. Ann Lee',
      party_at_time: 'Liberal',
      spoken_at: '2024-03-11T11:10:00-04:00',
      politician_key: 'p/lee',
    });
    expect(byAnchor('1005')).toMatchObject({
      speaker_role: 'Minister of Transport',
      party_at_time: 'Conservative',
      speech_type: 'question_period',
      politician_key: 'p/chen',
    });
  });

  test('a running head after Oral Questions ends question period; an acting Speaker named in the label is resolved', () => {
    expect(byAnchor('1006')).toMatchObject({
      speech_type: 'floor',
      order_of_business: 'Oral Questions',
      subject: 'Points of Order — Oral Questions',
      politician_key: 'p/cy-dunn',
    });
    expect(byAnchor('1007')).toMatchObject({
      speech_type: 'presiding',
      is_presiding: true,
      speaker_role: 'The Acting Speaker',
      politician_key: 'p/eve',
    });
  });

  test('a clock past 24 h is the next morning; capitalised order-of-business titles are title-cased', () => {
    expect(byAnchor('1008')).toMatchObject({
      spoken_at: '2024-03-12T00:05:00-04:00',
      order_of_business: 'Government Orders',
      subject: 'Ferry Act',
    });
  });

  test('a division: positions, listed counts (printed total mismatch logged), result, motion and bill', () => {
    expect(votes).toHaveLength(1);
    expect(votes[0]).toMatchObject({
      key: 'ca-hoc/vote/44-1/17',
      session_key: 'ca/session/44-1',
      vote_type: 'division',
      result: 'passed',
      ayes: 2,
      nays: 2,
      occurred_at: '2024-03-12T00:05:00-04:00',
      bill_number: 'C-99',
      source_system: 'hoc-hansard',
      motion_text:
        'The House resumed consideration of the motion that Bill C-99, An Act respecting ferries, be read the second time.\n\n(The House divided on the motion, which was agreed to on the following division:)',
    });
    // "Dunn" is two people; the seat DbId 13 carries "Mr. Cy Dunn (Halifax, NDP)" from his label.
    expect(votes[0].positions).toEqual([
      {
        politician_key: 'p/lee',
        politician_name_raw: 'Lee',
        party_at_time: 'Liberal',
        constituency_at_time: 'Ottawa Centre',
        position: 'yea',
      },
      { politician_key: 'p/cy-dunn', politician_name_raw: 'Dunn', party_at_time: 'NDP', constituency_at_time: 'Halifax', position: 'yea' },
      // His labels print a ministry, not a riding: the riding is that of his seat on the day.
      {
        politician_key: 'p/chen',
        politician_name_raw: 'Chen',
        party_at_time: 'Conservative',
        constituency_at_time: 'Kelowna',
        position: 'nay',
      },
    ]);
    expect(skips).toContainEqual({
      file: '44-1-7-en.xml',
      record: 'Division 17',
      reason: 'division member without a name',
      detail: 'nay, DbId 99',
    });
    expect(logs).toContainEqual(expect.stringContaining('yea printed total 3, 2 members listed'));
    expect(out.stats).toMatchObject({ divisions_printed_total_differs: 1 });
  });

  test('narrative between interventions is reported, not made a speech', () => {
    const narrative = skips.filter((s) => s.reason.startsWith('narrative outside any intervention'));
    expect(narrative.map((s) => s.record)).toEqual(['ParaText 11', 'ParaText 13']);
  });

  test('committee Evidence: committee type, chair presiding and named from its first label, meeting URL in English', () => {
    const chair = byAnchor('2002');
    expect(chair).toMatchObject({
      key: 'ca-hoc/speech/901-fr/1',
      language: 'fr',
      speech_type: 'committee',
      is_presiding: true,
      speaker_role: 'Le président',
      party_at_time: 'Conservative',
      politician_key: 'p/roy',
      spoken_at: '2023-01-17T09:00:00-05:00',
      committee_name: 'Comité permanent des traversiers',
      order_of_business: null,
      subject: null,
      meeting_url: 'https://www.ourcommons.ca/DocumentViewer/en/44-1/ABCD/meeting-5/evidence',
      source_url: 'https://www.noscommunes.ca/DocumentViewer/fr/44-1/ABCD/reunion-5/temoignages',
    });
  });

  test('a turn before any clock stamp is skipped, not given an invented time', () => {
    expect(skips).toContainEqual(
      expect.objectContaining({
        file: 'ABCD-5-fr.xml.gz',
        record: 'Intervention 2001 (Le président (M. Guy Roy (Laval, PCC)))',
        reason: 'intervention before any clock stamp',
      }),
    );
  });

  test("witnesses are never matched to politicians, even under an MP's name", () => {
    expect(byAnchor('2003')).toMatchObject({ speaker_role: 'directrice, Traversiers inc.', politician_key: null, is_presiding: false });
    expect(byAnchor('2004')).toMatchObject({ speaker_name_raw: 'Mme Eva Gold', politician_key: null });
  });

  test('malformed and duplicate files are skipped whole, with a reason', () => {
    const whole = Object.fromEntries(skips.filter((s) => s.record === 'whole file').map((s) => [s.file, s.reason]));
    expect(whole).toEqual({
      'broken.xml': 'not a House publication XML',
      'truncated.xml': 'document metadata incomplete',
      // Sorted by name, "44-1-7-en.xml" is read first; the copy names the same publication and edition.
      'copy-of-44-1-7-en.xml': 'second file for the same document',
    });
    expect(skips.find((s) => s.file === 'notes.txt')).toBeUndefined();
  });

  test('attribution is tallied per source; sessions come only from the bundle here', () => {
    // The six named House turns and the committee chair linked; the Speaker, whom the header does not
    // name, counted as a member's turn left unlinked; the witness not counted at all.
    expect(identity.tallies.get('hoc-hansard speakers')).toMatchObject({ resolved: 7, total: 8, unmatched: 1 });
    expect(skips.filter((s) => s.reason === 'speaker unlinked: presiding officer not named in the document').map((s) => s.record)).toEqual([
      'Intervention 1002 (The Speaker)',
    ]);
    expect(identity.tallies.get('hoc-hansard voters')).toMatchObject({ resolved: 3, total: 3 });
    expect(out.records.sessions).toBeUndefined();
    expect(out.coverage).toEqual([
      expect.objectContaining({ jurisdiction: 'federal', hansard: 'partial', votes: 'partial', committees: 'partial' }),
    ]);
  });

  test('without a session record: speeches keep session_key null, divisions are skipped, the session is reported once', () => {
    const bare = run(writeFixtureFiles(), [], {});
    expect(bare.speeches.every((s) => s.session_key === null)).toBe(true);
    expect(bare.votes).toEqual([]);
    expect(bare.skips.filter((s) => s.reason === 'session without a known start date').map((s) => s.record)).toEqual([
      'session 44-1 (first seen in 44-1-7-en.xml)',
    ]);
    expect(bare.skips).toContainEqual(
      expect.objectContaining({ reason: 'division in a session with no session record', record: 'Division 17' }),
    );
  });
});

describe('hoc-hansard labels, dates and clock', () => {
  test('speaker labels: member, office, presiding with nested label, official, witness, collective', () => {
    expect(readSpeakerLabel('Ms. Laurel Collins (Victoria, NDP) :')).toMatchObject({
      name: 'Ms. Laurel Collins',
      constituency: 'Victoria',
      party: 'NDP',
      role: null,
      kind: 'member',
    });
    expect(readSpeakerLabel('Le très hon. Justin Trudeau (premier ministre, Lib.)')).toMatchObject({
      name: 'Le très hon. Justin Trudeau',
      role: 'premier ministre',
      constituency: null,
      party: 'Liberal',
    });
    expect(readSpeakerLabel('The Chair (Mr. Lloyd Longfield (Guelph, Lib.))')).toMatchObject({
      kind: 'presiding',
      role: 'The Chair',
      name: 'Mr. Lloyd Longfield',
      constituency: 'Guelph',
      party: 'Liberal',
    });
    expect(readSpeakerLabel('The Assistant Deputy Speaker (Mrs. Carol Hughes)')).toMatchObject({
      kind: 'presiding',
      name: 'Mrs. Carol Hughes',
      role: 'The Assistant Deputy Speaker',
    });
    expect(readSpeakerLabel('Le Président')).toMatchObject({ kind: 'presiding', name: null });
    expect(readSpeakerLabel('The Clerk of the Committee (Mr. Georges Etoka)')).toMatchObject({
      kind: 'official',
      name: 'Mr. Georges Etoka',
    });
    expect(
      readSpeakerLabel('Mr. Benjamin Fung (Canada Research Chair and Professor, McGill University, Alliance Canada Hong Kong)'),
    ).toMatchObject({ kind: 'witness', party: null, constituency: null });
    expect(readSpeakerLabel('Some hon. members')).toMatchObject({ kind: 'collective', name: null });
    expect(readSpeakerLabel('   ')).toBeNull();
  });

  test('printed dates in both languages; the House met at, in both languages', () => {
    expect(parsePrintedDate('Thursday, May 18, 2023')).toBe('2023-05-18');
    expect(parsePrintedDate('Le mardi 9 août 2022')).toBe('2022-08-09');
    expect(parsePrintedDate('Le vendredi 1er avril 2016')).toBe('2016-04-01');
    expect(parsePrintedDate('Friday, February 30, 2024')).toBeNull();
    expect(parseMetAt('The House met at 2:30 p.m.')).toBe(14 * 60 + 30);
    expect(parseMetAt('The House met at 12 p.m.')).toBe(12 * 60);
    expect(parseMetAt('La séance est ouverte à 14 h 30.')).toBe(14 * 60 + 30);
    expect(parseMetAt('La séance est ouverte à 10 heures.')).toBe(10 * 60);
  });

  test('Ottawa offsets on both sides of the 2023 DST changes (March 12, November 5)', () => {
    expect(ottawaTimestamp('2023-03-11', 600)).toBe('2023-03-11T10:00:00-05:00');
    expect(ottawaTimestamp('2023-03-13', 600)).toBe('2023-03-13T10:00:00-04:00');
    expect(ottawaTimestamp('2023-11-03', 600)).toBe('2023-11-03T10:00:00-04:00');
    expect(ottawaTimestamp('2023-11-06', 600)).toBe('2023-11-06T10:00:00-05:00');
  });
});

// --- The real publications ----------------------------------------------------------------------

describe.skipIf(!existsSync(HOC))('hoc-hansard on the real files', () => {
  // Politicians for the 44-1 checks, as hoc-members would give them (names and ridings from the XML labels).
  const people = [
    person('p/romanado', 'Sherry Romanado', 'Longueuil—Charles-LeMoyne', 'Liberal'),
    person('p/falk-p', 'Ted Falk', 'Provencher', 'Conservative'),
    person('p/falk-b', 'Rosemarie Falk', 'Battlefords—Lloydminster', 'Conservative'),
    person('p/poilievre', 'Pierre Poilievre', 'Carleton', 'Conservative'),
  ];
  let cache: ReturnType<typeof run> | null = null;
  const real = () => (cache ??= run(HOC, people));
  // Reading the 14 real documents takes ~2 s alone and over 5 s on a loaded machine: done once here,
  // under its own time limit, so that no test's default 5 s pays for it.
  beforeAll(() => {
    real();
  }, 60_000);
  const doc = (docId: string) => real().speeches.filter((s) => s.key.startsWith(`ca-hoc/speech/${docId}/`));
  const anchor = (docId: string, id: string) => doc(docId).find((s) => s.source_anchor === id)!;
  const vote = (n: number) => real().votes.find((v) => v.key.endsWith(`/${n}`))!;

  test('the two editions of 42-1-2 give English/French paragraph pairs for the encoder', () => {
    // `zcat 42-1-2-{en,fr}.xml.gz | grep -c '<ParaText'` both give the same ids; the first pair is the
    // opening line of each edition.
    const pairs = real().out.records.parallel_texts ?? [];
    expect(pairs).toHaveLength(272);
    expect(pairs[0]).toEqual({ en: 'The House met at 2:30 p.m.', fr: 'La séance est ouverte à 14 h 30.', source_system: 'hoc-hansard' });
  });

  test('one speech per intervention: the counts SOURCE.md gives, document by document', () => {
    // SOURCE.md's table (upstream's intervention counts) = `zcat F | grep -c '<Intervention '` for each file.
    // Every intervention has text; 41-1-260's one empty label (Intervention 8049889, DbId 170382) takes
    // "Ms. Peggy Nash (Parkdale—High Park, NDP)", printed for that DbId earlier in the sitting.
    const expected: Record<string, number> = {
      '44-1-303-en': 194,
      '44-1-200-en': 321,
      '44-1-5-en': 216,
      '43-1-44-en': 368,
      '42-1-2-en': 42,
      '42-1-2-fr': 42,
      '41-2-38-en': 299,
      'HAN102-E': 413,
      'HAN086-E': 479,
      '41-1-260-en': 195,
      '41-1-54-fr': 181,
      '12324877-en': 160,
      '11796678-fr': 226,
      '6265357-en': 20,
    };
    const got = Object.fromEntries(Object.keys(expected).map((f) => [f, real().out.stats?.[`speeches:${f}`]]));
    expect(got).toEqual(expected);
    expect(real().speeches).toHaveLength(3156);
    expect(anchor('8049843-en', '8049889')).toMatchObject({
      speaker_name_raw: 'Ms. Peggy Nash (Parkdale—High Park, NDP)',
      party_at_time: 'NDP',
    });
  });

  test('division No. 332: 110 yeas, 209 nays, 4 paired, and members read off the list', () => {
    const v = vote(332);
    // <Total> -- 110 / -- 209 / -- 4 in 44-1-200-en; "(The House divided on the amendment, which was negatived…)" under <Timestamp Hr="15" Mn="25">.
    expect(v).toMatchObject({
      key: 'ca-hoc/vote/44-1/332',
      ayes: 110,
      nays: 209,
      result: 'defeated',
      occurred_at: '2023-05-18T15:25:00-04:00',
      bill_number: 'C-21',
    });
    const count = (p: string) => v.positions!.filter((x) => x.position === p).length;
    expect([count('yea'), count('nay'), count('paired')]).toEqual([110, 209, 4]);
    const pos = (raw: string) => v.positions!.find((x) => x.politician_name_raw === raw);
    // Yeas: Aboultaif, Duncan (Stormont—Dundas—South Glengarry), Falk (Provencher); Nays: Aldag, Romanado; Paired: Joly, Généreux.
    expect(pos('Aboultaif')?.position).toBe('yea');
    expect(pos('Duncan (Stormont—Dundas—South Glengarry)')).toMatchObject({
      position: 'yea',
      constituency_at_time: 'Stormont—Dundas—South Glengarry',
    });
    expect(pos('Falk (Provencher)')).toMatchObject({ position: 'yea', politician_key: 'p/falk-p' });
    expect(pos('Falk (Battlefords—Lloydminster)')).toMatchObject({ position: 'yea', politician_key: 'p/falk-b' });
    expect(pos('Aldag')?.position).toBe('nay');
    // Her seat DbId 278753 is printed "Mrs. Sherry Romanado (Longueuil—Charles-LeMoyne, Lib.)" in a turn of the same sitting.
    expect(pos('Romanado')).toMatchObject({
      position: 'nay',
      politician_key: 'p/romanado',
      constituency_at_time: 'Longueuil—Charles-LeMoyne',
      party_at_time: 'Liberal',
    });
    expect(pos('Joly')?.position).toBe('paired');
    expect(pos('Généreux')?.position).toBe('paired');
    expect(v.motion_text).toContain('consideration of the motion that Bill C-21');
    // No. 333 (the main motion, agreed to): Aldag and Romanado now yea, Aboultaif nay.
    const w = vote(333);
    expect(w).toMatchObject({ result: 'passed', ayes: 207, nays: 113 });
    expect(w.positions!.find((x) => x.politician_name_raw === 'Romanado')?.position).toBe('yea');
    expect(w.positions!.find((x) => x.politician_name_raw === 'Aboultaif')?.position).toBe('nay');
  });

  test('all 10 divisions, with printed totals matching the lists', () => {
    expect(
      real()
        .votes.map((v) => v.key)
        .sort(),
    ).toEqual([
      'ca-hoc/vote/41-2/140',
      'ca-hoc/vote/41-2/141',
      'ca-hoc/vote/41-2/142',
      'ca-hoc/vote/41-2/204',
      'ca-hoc/vote/41-2/205',
      'ca-hoc/vote/41-2/206',
      'ca-hoc/vote/41-2/207',
      'ca-hoc/vote/41-2/208',
      'ca-hoc/vote/44-1/332',
      'ca-hoc/vote/44-1/333',
    ]);
    expect(real().out.stats?.divisions_printed_total_differs).toBeUndefined();
    // HAN102-E No. 204: "<Total> -- 217" yeas, "-- 1" nay (May), paired Nil.
    expect(vote(204)).toMatchObject({ ayes: 217, nays: 1, result: 'passed' });
    expect(
      vote(204)
        .positions!.filter((p) => p.position === 'nay')
        .map((p) => p.politician_name_raw),
    ).toEqual(['May']);
  });

  test('the French sitting 41-1-54-fr is French, and its question period is typed', () => {
    const fr = doc('4957864-fr');
    expect(fr).toHaveLength(181);
    expect(fr.every((s) => s.language === 'fr')).toBe(true);
    // zcat 41-1-54-fr.xml.gz | grep "la cassette des conservateurs": ParaText 2600208 in Intervention 4959688 (M. Lapointe), after (1145).
    expect(anchor('4957864-fr', '4959688')).toMatchObject({
      speech_type: 'question_period',
      order_of_business: 'Questions orales',
      subject: "L'amiante",
      party_at_time: 'NDP',
      spoken_at: '2011-11-25T11:45:00-05:00',
      session_key: null,
      source_url: 'https://www.noscommunes.ca/DocumentViewer/fr/41-1/chambre/seance-54/debats',
    });
    expect(anchor('4957864-fr', '4959688').text).toContain('la cassette des conservateurs ne créera aucun emploi demain matin');
  });

  test('question period, the Speaker presiding, and EDT/EST offsets', () => {
    // 44-1-200-en: Intervention 12228325 (Hon. Pierre Poilievre, Leader of the Opposition) opens ORAL QUESTIONS after (1415).
    expect(anchor('12226682-en', '12228325')).toMatchObject({
      speech_type: 'question_period',
      speaker_role: 'Leader of the Opposition',
      party_at_time: 'Conservative',
      spoken_at: '2023-05-18T14:15:00-04:00',
      politician_key: 'p/poilievre',
      subject: 'Carbon Pricing',
    });
    // Intervention 12228650: "The Speaker" (Type 15), "I will look at Hansard…"; no name printed, so no politician.
    expect(anchor('12226682-en', '12228650')).toMatchObject({
      speaker_name_raw: 'The Speaker',
      speech_type: 'presiding',
      is_presiding: true,
      politician_key: null,
    });
    // 44-1-5-en (Friday, November 26, 2021): Intervention 11434189, The Deputy Speaker, after (1005): EST.
    expect(anchor('11434182-en', '11434189')).toMatchObject({ spoken_at: '2021-11-26T10:05:00-05:00', is_presiding: true });
    // HAN102-E: <Timestamp Hr="24" Mn="00"> before Intervention 8420967 (Ms. Kirsty Duncan): just after midnight, June 13.
    expect(anchor('8418213-en', '8420967').spoken_at).toBe('2014-06-13T00:00:00-04:00');
  });

  test('the English and French editions of 42-1-2 give the same interventions, in the same order', () => {
    const en = doc('8759785-en'),
      fr = doc('8759785-fr');
    expect(en).toHaveLength(42);
    expect(fr.map((s) => s.source_anchor)).toEqual(en.map((s) => s.source_anchor));
    expect(fr.map((s) => s.speech_type)).toEqual(en.map((s) => s.speech_type));
    expect(fr.every((s) => s.language === 'fr') && en.every((s) => s.language === 'en')).toBe(true);
  });

  test('each committee document is one meeting with its own URL', () => {
    const meetings = new Map<string, number>();
    for (const s of real().speeches.filter((x) => x.speech_type === 'committee'))
      meetings.set(s.meeting_url!, (meetings.get(s.meeting_url!) ?? 0) + 1);
    // Acronyme + MetaNumberNumber: SRSR 53 (12324877-en), ETHI 33 (11796678-fr), ACVA 1 (6265357-en).
    expect(Object.fromEntries(meetings)).toEqual({
      'https://www.ourcommons.ca/DocumentViewer/en/44-1/SRSR/meeting-53/evidence': 160,
      'https://www.ourcommons.ca/DocumentViewer/en/44-1/ETHI/meeting-33/evidence': 226,
      'https://www.ourcommons.ca/DocumentViewer/en/41-2/ACVA/meeting-1/evidence': 20,
    });
  });
});

describe.skipIf(!existsSync(HOC))('hoc-hansard: import, build, serve', () => {
  test('a bundle of three sittings and meetings builds; votes, positions and meetings are served', async () => {
    // A subset keeps the build fast: the sitting with divisions 332/333 and the three committee meetings.
    const from = temp();
    for (const f of ['44-1-200-en.xml.gz', '12324877-en.xml.gz', '11796678-fr.xml.gz', '6265357-en.xml.gz'])
      symlinkSync(join(HOC, f), join(from, f));
    // The sessions another importer would have written.
    const served = await importBuildServe(
      [hocHansardImporter],
      () => from,
      (into) => writeFileSync(join(into, 'sessions.test-sessions.jsonl'), `${SESSIONS.map((s) => JSON.stringify(s)).join('\n')}\n`),
    );
    try {
      const written = served.report.importers[0].written;
      expect({ speeches: written.speeches, votes: written.votes }).toEqual({ speeches: 321 + 160 + 226 + 20, votes: 2 });
      const get = served.get;
      // No roster in this bundle: the members the labels name with a riding are written from them
      // ("Ms. Laurel Collins (Victoria, NDP)", 44-1-200), each with an observed term of the sitting.
      expect(written.politicians).toBeGreaterThan(0);
      const collins = await get('/politicians?status=all&q=laurel%20collins');
      expect(collins.items).toEqual([
        expect.objectContaining({ full_name: 'Laurel Collins', constituency_name: 'Victoria', party: 'NDP' }),
      ]);
      const votes = await get('/votes?occurred_from=2023-05-18&occurred_to=2023-05-18');
      expect(votes.items.map((v: { ayes: number; nays: number }) => [v.ayes, v.nays]).sort()).toEqual([
        [110, 209],
        [207, 113],
      ]);
      const v332 = votes.items.find((v: { ayes: number }) => v.ayes === 110);
      expect(v332).toMatchObject({
        result: 'defeated',
        occurred_at: '2023-05-18T19:25:00Z',
        source_system: 'hoc-hansard',
        positions_count: 323,
      });
      const positions = await get(`/votes/${v332.id}/positions`);
      expect(positions.positions).toHaveLength(323);
      expect(positions.positions.find((p: { politician_name_raw: string }) => p.politician_name_raw === 'Joly')).toMatchObject({
        position: 'paired',
      });
      const meetings = await get('/committees/meetings');
      expect(
        meetings.items.map((m: { meeting_url: string; date: string; speech_count: number }) => [m.date, m.speech_count, m.meeting_url]),
      ).toEqual([
        ['2023-09-20', 160, 'https://www.ourcommons.ca/DocumentViewer/en/44-1/SRSR/meeting-53/evidence'],
        ['2022-08-09', 226, 'https://www.ourcommons.ca/DocumentViewer/en/44-1/ETHI/meeting-33/evidence'],
        ['2013-10-24', 20, 'https://www.ourcommons.ca/DocumentViewer/en/41-2/ACVA/meeting-1/evidence'],
      ]);
      const coverage = await get('/coverage');
      expect(coverage.jurisdictions.find((j: { jurisdiction: string }) => j.jurisdiction === 'federal')).toMatchObject({
        hansard_status: 'partial',
        votes_status: 'partial',
        committees_status: 'partial',
      });
    } finally {
      served.close();
    }
  }, 30_000);
});
