// The House's member search export (`<ArrayOfMemberOfParliament>`), hand-written in the export's element
// order: as ../shared/datasets/hoc-members-2023/parliament-members.xml, with `<PersonId>` first as
// OpenSanctions' ca/commons crawler reads it from the live export (docs/nightly.md).
import { MEMBERS_XML_ROOT } from '../../build-db/import/hoc-members/read-members-xml.js';

export interface MemberRow {
  id?: string;
  honorific?: string;
  first: string;
  last: string;
  riding: string;
  province: string;
  caucus: string;
  from: string;
  to?: string;
}

/** One export in the House's element order; a nil ToDateTime while the member sits. */
export function memberExport(rows: MemberRow[]): string {
  const member = (r: MemberRow) => `  <MemberOfParliament>
${r.id !== undefined ? `    <PersonId>${r.id}</PersonId>\n` : ''}    ${r.honorific ? `<PersonShortHonorific>${r.honorific}</PersonShortHonorific>` : '<PersonShortHonorific />'}
    <PersonOfficialFirstName>${r.first}</PersonOfficialFirstName>
    <PersonOfficialLastName>${r.last}</PersonOfficialLastName>
    <ConstituencyName>${r.riding}</ConstituencyName>
    <ConstituencyProvinceTerritoryName>${r.province}</ConstituencyProvinceTerritoryName>
    <CaucusShortName>${r.caucus}</CaucusShortName>
    <FromDateTime>${r.from}</FromDateTime>
    ${r.to ? `<ToDateTime>${r.to}</ToDateTime>` : '<ToDateTime xsi:nil="true" />'}
  </MemberOfParliament>`;
  return `<?xml version="1.0" encoding="utf-8"?>
<${MEMBERS_XML_ROOT} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
${rows.map(member).join('\n')}
</${MEMBERS_XML_ROOT}>
`;
}

// Three 45th-Parliament members: Jane Doe (no PersonId) is ParlInfo's Jane Doe of Ottawa Centre;
// Sam Newman is new in 2025; Lee Gone sat in the 44th and left the 45th in August 2025.
export const MEMBERS_45: MemberRow[] = [
  { first: 'Jane', last: 'Doe', riding: 'Ottawa Centre', province: 'Ontario', caucus: 'Liberal', from: '2025-04-28T00:00:00' },
  {
    id: '123456',
    honorific: 'Hon.',
    first: 'Sam',
    last: 'Newman',
    riding: 'Oakville East',
    province: 'Ontario',
    caucus: 'Conservative',
    from: '2025-04-28T00:00:00',
  },
  {
    id: '25000',
    first: 'Lee',
    last: 'Gone',
    riding: 'Avalon',
    province: 'Newfoundland and Labrador',
    caucus: 'Liberal',
    from: '2025-04-28T00:00:00',
    to: '2025-08-11T00:00:00',
  },
];
