// ParlInfo person profiles (GetPersonWebProfile answers, JSONP) made from the datasets' ParlInfo pack,
// with the sections the pack's extraction drops put back in the places ParlInfo has them (committee
// and provincial roles, biographical fields, the profile's other sections, per-role and per-candidacy
// fields the pack does not keep), and people the pack leaves out (no seat since 1993-10-25, ParlInfo's
// error answer). Assembling these must give the datasets pack again, byte for byte.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const PACK = 'parlinfo-people-1993-2020.jsonl.gz';
type Row = Record<string, unknown>;

const jsonp = (value: unknown) => Buffer.from(`/**/ typeof 1 === 'function' && 1(${JSON.stringify(value)});`);

/** A pack line back into a profile, with what the extraction drops added around it. */
export function profileOf(line: Row): Row {
  const { Roles, Elections, DateOfDeath, ...fields } = line as Row & { Roles: Row[]; Elections: Row[] };
  const roleExtras = (r: Row, i: number) => ({
    PersonRoleId: 900_000 + i,
    ...r,
    OrganizationTypeFr: 'Type',
    EndReasonFr: null,
    Committee: null,
    Classes: ['x'],
  });
  return {
    Person: {
      MaidenName: null,
      Education: [{ DegreeEn: 'B.A.' }],
      ...fields,
      IsDraftProfile: false,
      Death: DateOfDeath ? { DateOfDeath, DeceasedOnDuty: false } : null,
      Roles: [
        {
          OrganizationTypeEn: 'Committee',
          OrganizationLongEn: 'Standing Committee on Finance',
          StartDate: '2016-01-01T00:00:00Z',
          EndDate: null,
        },
        ...Roles.map(roleExtras),
        // Provincial seats are not federal seats: never kept, never a reason to keep the person.
        {
          OrganizationTypeEn: 'Provincial Constituency',
          OrganizationLongEn: 'Somewhere',
          StartDate: '2001-01-01T00:00:00Z',
          EndDate: null,
        },
      ],
      ElectionCandidates: Elections.map((e, i) => ({ ElectionCandidateId: i + 1, ...e, OccupationEn: 'Lawyer', ResultLongFr: 'Élu' })),
      YearsOfServiceSegments: [{ Days: 10 }],
    },
    FederalExperience: [{ NameEn: 'Member', OrganizationTypeEn: 'Constituency' }],
    CommitteeMembership: [{ NameEn: 'Member', OrganizationLongEn: 'Standing Committee on Finance' }],
    ProvincialExperience: null,
    MilitaryExperience: null,
    MunicipalExperience: null,
    Family: [],
    PictureId: 1,
    ProfessionsEn: 'lawyer',
  };
}

/** People ParlInfo lists whom the pack leaves out: seats that ended before 1993-10-25, only a provincial seat. */
const OUTSIDE: Row[] = [
  {
    PersonId: 99990001,
    HOCPersonId: 0,
    SenatePersonId: 0,
    UsedFirstName: 'Early',
    LastName: 'Member',
    DisplayName: 'Member, Early',
    Roles: [
      {
        OrganizationTypeEn: 'Constituency',
        OrganizationLongEn: 'Old Riding',
        StartDate: '1979-05-22T00:00:00Z',
        EndDate: '1984-07-09T00:00:00Z',
      },
      {
        OrganizationTypeEn: 'Chamber of Parliament (Fed)',
        OrganizationLongEn: 'House of Commons',
        StartDate: '1979-05-22T00:00:00Z',
        EndDate: '1993-10-24T00:00:00Z',
      },
      { OrganizationTypeEn: 'Party', OrganizationLongEn: 'Liberal Party of Canada', StartDate: '1979-05-22T00:00:00Z', EndDate: null },
    ],
    Elections: [],
  },
  {
    PersonId: 99990002,
    HOCPersonId: 0,
    SenatePersonId: 0,
    UsedFirstName: 'Provincial',
    LastName: 'Only',
    DisplayName: 'Only, Provincial',
    Roles: [],
    Elections: [],
  },
];
/** ParlInfo's error answer, saved as a person's file upstream (person 17085 in the 2020 download). */
export const ERROR_ID = '99990003';
const ERROR_ANSWER = {
  Message: 'An error has occurred.',
  ExceptionMessage: 'Value cannot be null.\r\nParameter name: source',
  ExceptionType: 'System.ArgumentNullException',
};

export interface Profiles {
  ids: string[];
  csv: Buffer;
  body(id: string): Buffer | null;
}

/** The datasets pack as its publisher's files: the request list (parliamentarian-urls.csv) and one saved answer per person. */
export function profilesFromDatasets(dir: string): Profiles | null {
  if (!existsSync(join(dir, PACK))) return null;
  const lines = gunzipSync(readFileSync(join(dir, PACK)))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);
  const bodies = new Map<string, () => Buffer>();
  for (const line of [...lines, ...OUTSIDE]) bodies.set(String(line.PersonId), () => jsonp(profileOf(line)));
  bodies.set(ERROR_ID, () => jsonp(ERROR_ANSWER));
  // Not the pack's order (the assembler sorts): highest id first.
  const ids = [...bodies.keys()].sort((a, b) => Number(b) - Number(a));
  const csv = Buffer.from(ids.map((id) => `https://lop.parl.ca/ParlinfoWebApi/Person/GetPersonWebProfile/${id}?callback=1\n`).join(''));
  return { ids, csv, body: (id) => bodies.get(id)?.() ?? null };
}
