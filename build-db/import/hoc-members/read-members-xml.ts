// The House's member search export (`<ArrayOfMemberOfParliament>` of `<MemberOfParliament>`): the
// "current members" file hoc-members reads (parliament-members.xml, the 2023 copy: no PersonId, so it
// is used only for what federal-legislators.json lacks, the official name and the seat's dates, joined
// by name and riding) and the per-parliament exports hoc-members-by-parliament reads (members-<p>.xml).
// Later exports carry `<PersonId>` as the member's first child (OpenSanctions' ca/commons crawler reads
// it from the live export): read when present, and a value that is not a positive whole number is a
// problem named by field, never a guess.
import type { Element } from 'domhandler';
import { findAll, getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { Skip } from '../types.js';

export const MEMBERS_XML_FILE = 'parliament-members.xml';
export const MEMBERS_XML_ROOT = 'ArrayOfMemberOfParliament';

export interface XmlMember {
  /** House PersonId, when the export carries one. */
  personId: string | null;
  firstName: string;
  lastName: string;
  riding: string;
  /** `ConstituencyProvinceTerritoryName` as printed ("Ontario"). */
  province: string | null;
  caucus: string | null;
  honorific: string | null;
  /** Local date-times as written, e.g. "2021-09-20T00:00:00"; `to` is null while the member sits. */
  from: string | null;
  to: string | null;
  position: number;
}

export interface ReadMembers {
  members: XmlMember[];
  problems: Skip[];
  /** The document's root is the export's (`ArrayOfMemberOfParliament`). */
  hasRoot: boolean;
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

export interface ReadOptions {
  /** The export as stored, named in the problems (`members-45.xml`). */
  file?: string;
  /** Drop a row whose date is unreadable (a per-parliament row has nothing else to date the seat by);
   *  the 2023 roster keeps it, its JSON giving the seat's start. */
  strictDates?: boolean;
}

export function readMembersXml(text: string, { file = MEMBERS_XML_FILE, strictDates = false }: ReadOptions = {}): ReadMembers {
  const problems: Skip[] = [];
  const doc = parseDocument(text, { xmlMode: true, decodeEntities: true });
  const hasRoot = doc.children.some((c) => (c as Element).name === MEMBERS_XML_ROOT);
  const elements = findAll((e) => e.name === 'MemberOfParliament', doc.children);
  const members: XmlMember[] = [];
  elements.forEach((el, i) => {
    const field = (name: string): string | null => {
      const child = el.children.find((c): c is Element => (c as Element).name === name);
      if (!child || getAttributeValue(child, 'xsi:nil') === 'true') return null;
      const value = textContent(child).trim();
      return value || null;
    };
    const position = i + 1;
    const firstName = field('PersonOfficialFirstName');
    const lastName = field('PersonOfficialLastName');
    const riding = field('ConstituencyName');
    const record = `MemberOfParliament #${position}${firstName || lastName ? ` ${[firstName, lastName].filter(Boolean).join(' ')}` : ''}`;
    if (!firstName || !lastName || !riding) {
      const missing = [
        ['PersonOfficialFirstName', firstName],
        ['PersonOfficialLastName', lastName],
        ['ConstituencyName', riding],
      ]
        .filter(([, v]) => !v)
        .map(([n]) => n);
      problems.push({ file, record, reason: 'XML member without a name or riding', detail: `${missing.join(', ')} missing` });
      return;
    }
    const personId = field('PersonId');
    if (personId !== null && !/^[1-9]\d*$/.test(personId)) {
      problems.push({ file, record, reason: 'XML member PersonId unreadable', detail: `PersonId ${JSON.stringify(personId)}` });
      return;
    }
    let bad = false;
    const date = (name: string) => {
      const v = field(name);
      if (v !== null && !LOCAL_DATE_TIME.test(v)) {
        problems.push({ file, record, reason: 'XML member date unreadable', detail: `${name} ${JSON.stringify(v)}` });
        bad = true;
        return null;
      }
      return v;
    };
    const from = date('FromDateTime');
    const to = date('ToDateTime');
    if (bad && strictDates) return;
    members.push({
      personId,
      firstName,
      lastName,
      riding,
      position,
      province: field('ConstituencyProvinceTerritoryName'),
      caucus: field('CaucusShortName'),
      honorific: field('PersonShortHonorific'),
      from,
      to,
    });
  });
  return { members, problems, hasRoot };
}
