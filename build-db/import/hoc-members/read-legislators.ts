// federal-legislators.json: one object per sitting MP, scraped from ourcommons.ca. `id` is the House
// PersonId (the key every federal importer joins on). Rows that cannot become a politician are
// returned as problems, never thrown.
import type { Skip } from '../types.js';

export const LEGISLATORS_FILE = 'federal-legislators.json';

export interface RawOffice {
  /** `central` (the Hill office), `main-local` (main constituency office) or `local`. */
  type: string;
  physical: string;
  phone: string | null;
  fax: string | null;
}

export interface Legislator {
  /** House of Commons PersonId. */
  id: string;
  firstName: string;
  lastName: string;
  honorific: string | null;
  party: string;
  email: string | null;
  fromDate: string | null;
  riding: string;
  offices: RawOffice[];
  profileUrl: string | null;
  websiteUrl: string | null;
  /** Position in the file, from 1 (how problems name the record). */
  position: number;
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

function office(raw: unknown): RawOffice | null {
  const o = obj(raw);
  const type = str(o.type);
  const physical = typeof o.physical === 'string' ? o.physical : null;
  if (!type || physical === null) return null;
  return { type, physical, phone: str(o.phone), fax: str(o.fax) };
}

export function readLegislators(text: string): { legislators: Legislator[]; problems: Skip[] } {
  const problems: Skip[] = [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { legislators: [], problems: [{ file: LEGISLATORS_FILE, record: 'whole file', reason: 'unreadable JSON', detail: String(e) }] };
  }
  if (!Array.isArray(data))
    return { legislators: [], problems: [{ file: LEGISLATORS_FILE, record: 'whole file', reason: 'not a JSON array of members' }] };

  const legislators: Legislator[] = [];
  data.forEach((raw, i) => {
    const o = obj(raw);
    const position = i + 1;
    const who = [str(o.firstName), str(o.lastName)].filter(Boolean).join(' ');
    const record = `member #${position}${o.id ? ` (id ${String(o.id)})` : ''}${who ? ` ${who}` : ''}`;
    const fail = (reason: string, detail?: string) =>
      problems.push({ file: LEGISLATORS_FILE, record, reason, ...(detail ? { detail } : {}) });
    const id = str(o.id);
    const firstName = str(o.firstName);
    const lastName = str(o.lastName);
    const riding = str(obj(o.constituency).name);
    const party = str(o.party);
    if (!id || !/^\d+$/.test(id)) return fail('member without a PersonId', id ?? undefined);
    if (!firstName || !lastName)
      return fail(
        'member without a name',
        `firstName ${JSON.stringify(o.firstName ?? null)}, lastName ${JSON.stringify(o.lastName ?? null)}`,
      );
    if (!riding) return fail('member without a riding');
    if (!party) return fail('member without a party');
    const rawOffices = Array.isArray(o.addresses) ? o.addresses : [];
    const offices: RawOffice[] = [];
    rawOffices.forEach((a, j) => {
      const parsed = office(a);
      if (parsed) offices.push(parsed);
      else fail('office without a type or address', `addresses[${j}]`);
    });
    const urls = obj(o.urls);
    legislators.push({
      id,
      firstName,
      lastName,
      riding,
      party,
      offices,
      position,
      honorific: str(o.honorific),
      email: str(o.email),
      fromDate: str(o.fromDate),
      profileUrl: str(urls.contact),
      websiteUrl: str(urls.website),
    });
  });
  return { legislators, problems };
}
