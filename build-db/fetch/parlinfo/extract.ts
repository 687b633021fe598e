// From a ParlInfo person profile (GetPersonWebProfile: `{ Person: {...}, FederalExperience, CommitteeMembership,
// ProvincialExperience, ... }`) to one line of the pack the parlinfo-parliamentarians importer reads
// (../shared/datasets/parlinfo-parliamentarians/SOURCE.md): the person's identity fields, the federal
// roles and the election candidacies, field names and values as ParlInfo writes them. Committees,
// provincial, municipal, military and biographical sections are dropped. Checked against the 5,189
// files of lchski/lop-parliamentarians-data@217fd3c5: these rules give the datasets' 1,468 lines exactly.

/** The person's own fields kept, in the pack's order (`DateOfDeath` comes from `Person.Death`). */
const PERSON_FIELDS = [
  'PersonId',
  'HOCPersonId',
  'SenatePersonId',
  'UsedFirstName',
  'FormalFirstName',
  'MiddleName',
  'LastName',
  'Gender',
  'DateOfBirth',
  'DisplayName',
  'PartyEn',
  'ConstituencyEn',
  'ProvinceEn',
  'IsCurrentlyMP',
  'IsCurrentlySenator',
  'DiedInOffice',
  'LastModified',
] as const;
const ROLE_FIELDS = [
  'OrganizationTypeEn',
  'GroupingTitleEn',
  'OrganizationLongEn',
  'OrganizationLongFr',
  'OrganizationProvinceEn',
  'NameFr',
  'ToBeStyledAsEn',
  'PortFolioEn',
  'PortFolioFr',
  'StartDate',
  'EndDate',
  'EndReasonEn',
  'IsActing',
  'HasCrossedTheFloor',
  'IsSenatorialDivision',
] as const;
const ELECTION_FIELDS = [
  'ParliamentNumber',
  'ElectionDate',
  'IsGeneral',
  'ConstituencyEn',
  'ConstituencyFr',
  'ProvinceEn',
  'PartyNameEn',
  'PartyNameFr',
  'Votes',
  'ResultLongEn',
] as const;

/** The federal roles (`Person.Roles[].OrganizationTypeEn`); committees, provincial and municipal roles are not kept. */
const FEDERAL_ROLES = new Set(['Constituency', 'Senatorial Riding', 'Chamber of Parliament (Fed)', 'Party', 'Government', 'Portfolio']);
/** A seat: a riding, a senatorial division, or the House or Senate itself. */
const SEAT_ROLES = new Set(['Constituency', 'Senatorial Riding', 'Chamber of Parliament (Fed)']);
/** The 35th Parliament's general election: the pack holds everyone with a seat on or after it. */
export const FIRST_DAY = '1993-10-25';

type Row = Record<string, unknown>;
export type PackLine = Row & { PersonId: number; Roles: Row[]; Elections: Row[] };

const pick = (row: Row, fields: readonly string[]): Row => Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));
const rows = (value: unknown, where: string): Row[] => {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${where} is not a list`);
  return value.map((r, i) => {
    if (!r || typeof r !== 'object') throw new Error(`${where}[${i}] is not an object`);
    return r as Row;
  });
};

/** ParlInfo's error answer (`{ Message: "An error has occurred.", ExceptionMessage, ... }`), kept by a
 *  download as the person's file: the publisher had no profile to give (one such file upstream, 17085). */
export function parlinfoError(profile: unknown): string | null {
  const p = profile as Row | null;
  return p && typeof p === 'object' && !('Person' in p) && typeof p.Message === 'string'
    ? `${p.Message}${typeof p.ExceptionMessage === 'string' ? ` ${p.ExceptionMessage.replace(/\s+/g, ' ')}` : ''}`
    : null;
}

/** The pack line of a profile, null when the person never held a seat on or after FIRST_DAY. Throws
 *  naming the field when the profile is not shaped as ParlInfo writes it. */
export function extractPerson(profile: unknown): PackLine | null {
  const person = (profile as Row | null)?.Person as Row | undefined;
  if (!person || typeof person !== 'object') throw new Error('no Person object');
  if (!Number.isInteger(person.PersonId)) throw new Error(`Person.PersonId is not a number (${JSON.stringify(person.PersonId ?? null)})`);
  const roles = rows(person.Roles, 'Person.Roles');
  const held = roles.some((r) => {
    if (!SEAT_ROLES.has(r.OrganizationTypeEn as string)) return false;
    const end = r.EndDate;
    if (end !== null && end !== undefined && typeof end !== 'string')
      throw new Error(`Person.Roles: EndDate is not a date (${JSON.stringify(end)})`);
    return !end || end.slice(0, 10) >= FIRST_DAY;
  });
  if (!held) return null;
  const death = person.Death;
  if (death !== null && death !== undefined && typeof death !== 'object') throw new Error('Person.Death is not an object');
  return {
    ...pick(person, PERSON_FIELDS),
    DateOfDeath: (death as Row | null)?.DateOfDeath ?? null,
    Roles: roles.filter((r) => FEDERAL_ROLES.has(r.OrganizationTypeEn as string)).map((r) => pick(r, ROLE_FIELDS)),
    Elections: rows(person.ElectionCandidates, 'Person.ElectionCandidates').map((e) => pick(e, ELECTION_FIELDS)),
  } as unknown as PackLine;
}
