// A member's addresses → office records: the Hill office (`central`) is the legislature office, the
// main and other local offices are constituency offices, main office first (the build keeps the first
// of two offices sharing a phone, and falls back to the first constituency phone for the member's).
// Exact duplicates are dropped here and counted; an unreadable phone or fax is left out and reported.
import type { OfficeKind } from '../../../src/core/domain/enums.js';
import type { Skip, SourceInput } from '../types.js';
import { parseAddress, type ParsedAddress } from './address.js';
import { normalizePhone } from './phone.js';
import { LEGISLATORS_FILE, type Legislator, type RawOffice } from './read-legislators.js';

export type Office = SourceInput<'offices'>;

export interface MappedOffices {
  offices: Office[];
  /** Parsed addresses by office, for the member's own address and phone fields. */
  hill: { office: Office; address: ParsedAddress } | null;
  main: { office: Office; address: ParsedAddress } | null;
  problems: Skip[];
  counts: { duplicates: number; sharedPhone: number; withoutCity: number; otherKind: number };
}

const KINDS: Record<string, OfficeKind> = { central: 'legislature', 'main-local': 'constituency', local: 'constituency' };
export const OFFICE_SOURCE = 'ourcommons.ca';

export function mapOffices(l: Legislator, politicianKey: string): MappedOffices {
  const problems: Skip[] = [];
  const counts = { duplicates: 0, sharedPhone: 0, withoutCity: 0, otherKind: 0 };
  const record = `member ${l.id} ${l.firstName} ${l.lastName}`;
  // Main office first, then the others in file order (sort is stable).
  const rank = (o: RawOffice) => (o.type === 'central' ? 0 : o.type === 'main-local' || /\(main office\)/i.test(o.physical) ? 1 : 2);
  const ordered = [...l.offices].sort((a, b) => rank(a) - rank(b));

  const offices: Office[] = [];
  const seen = new Set<string>();
  const phones = new Set<string>();
  let hill: MappedOffices['hill'] = null;
  let main: MappedOffices['main'] = null;
  for (const raw of ordered) {
    const kind = KINDS[raw.type] ?? 'other';
    if (kind === 'other') counts.otherKind++;
    const address = parseAddress(raw.physical);
    const number = (field: 'phone' | 'fax') => {
      const r = normalizePhone(raw[field]);
      if (r.phone === null && r.bad !== null)
        problems.push({
          file: LEGISLATORS_FILE,
          record,
          reason: `office ${field} unreadable (office kept without it)`,
          detail: `${raw.type}: ${JSON.stringify(r.bad)}`,
        });
      return r.phone;
    };
    const office: Office = {
      politician_key: politicianKey,
      kind,
      address: address.street.length ? address.street.join(', ') : null,
      city: address.city,
      province_territory: address.province,
      postal_code: address.postalCode,
      phone: number('phone'),
      fax: number('fax'),
      // The member's parl.gc.ca mailbox is the Hill office's; constituency offices list none.
      email: kind === 'legislature' ? l.email : null,
      source: OFFICE_SOURCE,
    };
    const same = JSON.stringify([office.kind, office.address, office.city, office.postal_code, office.phone, office.fax]);
    if (seen.has(same)) {
      counts.duplicates++;
      continue;
    }
    seen.add(same);
    if (office.phone) {
      const k = `${kind} ${office.phone}`;
      if (phones.has(k)) counts.sharedPhone++;
      phones.add(k);
    }
    if (!office.city) counts.withoutCity++;
    offices.push(office);
    if (kind === 'legislature' && !hill) hill = { office, address };
    if (kind === 'constituency' && !main) main = { office, address };
  }
  return { offices, hill, main, problems, counts };
}
