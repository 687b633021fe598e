// A minister before a committee is printed as a witness (Affiliation Type 28) under a bare label:
// linked to the member when exactly one member of that full name sat that day; a namesake pair, or a
// witness no member is named like, stays an unlinked witness. Hand-written Evidence, French edition.
import { afterAll, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import { importHocHansard } from '../../../build-db/import/hoc-hansard/index.js';
import type { ImportContext, ImportOutput, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const SESSIONS = [
  {
    key: 'ca/session/41-1',
    level: 'federal',
    parliament_number: 41,
    session_number: 1,
    name: '41st Parliament, 1st Session',
    start_date: '2011-06-02',
    end_date: '2013-09-13',
  },
] as Array<SourceInput<'sessions'>>;

const turn = (id: number, dbId: number, label: string, text: string) =>
  `<Intervention id="${id}"><PersonSpeaking><Affiliation DbId="${dbId}" Type="28">${label}</Affiliation>: </PersonSpeaking><Content><ParaText>${text}</ParaText></Content></Intervention>`;

const EVIDENCE = `<?xml version="1.0" encoding="UTF-8"?>
<Hansard xml:lang="FR" id="902">
  <DocumentTitle><DocumentName>TÉMOIGNAGES</DocumentName></DocumentTitle><ExtractedInformation><ExtractedItem Name="MetaDocumentCategory">Committee</ExtractedItem>
    <ExtractedItem Name="InstitutionDebateFr">Comité permanent de la citoyenneté et de l'immigration</ExtractedItem>
    <ExtractedItem Name="InstitutionDebateEn">Standing Committee on Citizenship and Immigration</ExtractedItem>
    <ExtractedItem Name="Acronyme">CIMM</ExtractedItem>
    <ExtractedItem Name="ParliamentNumber">41</ExtractedItem><ExtractedItem Name="SessionNumber">1</ExtractedItem>
    <ExtractedItem Name="MetaNumberNumber">20</ExtractedItem>
    <ExtractedItem Name="MetaDateNumYear">2012</ExtractedItem><ExtractedItem Name="MetaDateNumMonth">03</ExtractedItem><ExtractedItem Name="MetaDateNumDay">01</ExtractedItem></ExtractedInformation>
  <HansardBody><OrderOfBusiness><CatchLine /><SubjectOfBusiness><SubjectOfBusinessContent>
    <Timestamp Hr="15" Mn="30">(1530)</Timestamp>
    ${turn(3001, 71, 'L’hon. Jason Kenney (ministre de la Citoyenneté, de l’Immigration et du Multiculturalisme)', 'Merci, monsieur le président.')}
    ${turn(3002, 72, "L'hon. Pat Martin", 'Une question.')}
    ${turn(3003, 73, 'Mme Ada Witness (directrice, Traversiers inc.)', 'Je témoigne.')}
    ${turn(3004, 71, 'L’hon. Jason Kenney', 'Encore merci.')}
    ${turn(3005, 75, 'M. Jason Kenney (professeur, Université du Nord)', 'Un homonyme.')}
    ${turn(3006, 76, 'L’hon. Jason Kenney', 'Seul label, apostrophe typographique.')}
  </SubjectOfBusinessContent></SubjectOfBusiness></OrderOfBusiness></HansardBody>
</Hansard>`;

const member = (key: string, name: string, riding: string, start: string, end: string | null): Person => {
  const [first, ...rest] = name.split(' ');
  return {
    key,
    name,
    first_name: first,
    last_name: rest.join(' '),
    constituency_name: riding,
    party: 'Conservative',
    level: 'federal',
    terms: [{ start_at: `${start}T04:00:00Z`, end_at: end ? `${end}T04:00:00Z` : null, elected_office: 'MP' }],
  };
};

function run(people: Person[]) {
  const dir = tempDir('canpol-hoc-minister-');
  dirs.push(dir);
  writeFileSync(join(dir, 'CIMM-20-fr.xml'), EVIDENCE);
  const skips: Skip[] = [];
  const ctx: ImportContext = {
    identity: new Identity(people),
    existing: { sessions: SESSIONS },
    skip: (s) => skips.push(s),
    log: () => {},
  };
  const out = importHocHansard(dir, ctx) as ImportOutput;
  const byAnchor = new Map((out.records.speeches ?? []).map((s) => [s.source_anchor, s]));
  return { byAnchor, identity: ctx.identity };
}

test('a bare label of a minister at a committee is linked when one member of that name sat that day', () => {
  const { byAnchor } = run([
    member('ca-hoc/person/35897', 'Jason Kenney', 'Calgary Southeast', '2011-05-02', '2015-08-02'),
    member('p/pat-1', 'Pat Martin', 'Winnipeg Centre', '2011-05-02', '2015-08-02'),
    member('p/pat-2', 'Pat Martin', 'Elsewhere', '2011-05-02', '2015-08-02'),
  ]);
  // The first label names the ministry (no party: read as a witness's title), later turns are bare.
  expect(byAnchor.get('3001')).toMatchObject({ politician_key: 'ca-hoc/person/35897', speaker_kind: 'member' });
  expect(byAnchor.get('3004')).toMatchObject({
    speaker_name_raw: 'L’hon. Jason Kenney',
    politician_key: 'ca-hoc/person/35897',
    speaker_kind: 'member',
  });
  // A bare label with no fuller one in the document: "L’hon." folds like "L'hon.".
  expect(byAnchor.get('3006')).toMatchObject({ politician_key: 'ca-hoc/person/35897', speaker_kind: 'member' });
  // Two members of that name that day: left unlinked, never a guess.
  expect(byAnchor.get('3002')).toMatchObject({ politician_key: null });
  // Ordinary witnesses stay witnesses, even one named like a sitting member.
  expect(byAnchor.get('3003')).toMatchObject({ politician_key: null, speaker_kind: 'witness' });
  expect(byAnchor.get('3005')).toMatchObject({ politician_key: null, speaker_kind: 'witness' });
});

test('a member of that name who was not sitting that day does not make a witness a member', () => {
  const { byAnchor } = run([member('ca-hoc/person/35897', 'Jason Kenney', 'Calgary Southeast', '1997-06-02', '2011-03-26')]);
  expect(byAnchor.get('3001')).toMatchObject({ politician_key: null, speaker_kind: 'witness' });
  expect(byAnchor.get('3004')).toMatchObject({ politician_key: null, speaker_kind: 'witness' });
});
