// parliament-members.xml: the House's "current members" export. This copy has no PersonId, so it is
// used only for what federal-legislators.json lacks: the official name (with middle initials) and the
// start/end date-times of each member's seat, joined to the JSON by name and riding.
import type { Element } from 'domhandler';
import { findAll, getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { Skip } from '../types.js';

export const MEMBERS_XML_FILE = 'parliament-members.xml';

export interface XmlMember {
  firstName: string;
  lastName: string;
  riding: string;
  caucus: string | null;
  honorific: string | null;
  /** Local date-times as written, e.g. "2021-09-20T00:00:00"; `to` is null while the member sits. */
  from: string | null;
  to: string | null;
  position: number;
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

export function readMembersXml(text: string): { members: XmlMember[]; problems: Skip[] } {
  const problems: Skip[] = [];
  const doc = parseDocument(text, { xmlMode: true, decodeEntities: true });
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
      problems.push({ file: MEMBERS_XML_FILE, record, reason: 'XML member without a name or riding' });
      return;
    }
    const date = (name: string) => {
      const v = field(name);
      if (v !== null && !LOCAL_DATE_TIME.test(v)) {
        problems.push({ file: MEMBERS_XML_FILE, record, reason: 'XML member date unreadable', detail: `${name} ${JSON.stringify(v)}` });
        return null;
      }
      return v;
    };
    members.push({
      firstName, lastName, riding, position,
      caucus: field('CaucusShortName'),
      honorific: field('PersonShortHonorific'),
      from: date('FromDateTime'),
      to: date('ToDateTime'),
    });
  });
  return { members, problems };
}
