// One Represent representative → a politician record and its offices (source format), before the
// history of terms is applied. Nothing is invented: a field Represent leaves empty stays null; the one
// default is the party of a member whose roster names none (non-partisan councils): "Independent".
import { PROVINCES, type Province } from '../../../src/core/domain/enums.js';
import { fold } from '../../../src/core/domain/text.js';
import type { SourceInput } from '../types.js';
import type { RepresentMember, RepresentOffice } from './read-pages.js';

type Politician = SourceInput<'politicians'>;
type Office = SourceInput<'offices'>;

/** Offices elected by the whole municipality; the mayor is the one the postcode answer returns. */
const AT_LARGE =
  /\b(mayor|maire|mairesse|reeve|warden|(regional )?chair|chairperson|at large|at-large|deputy mayor|president|presidente)\b/;

export const isAtLarge = (office: string) => AT_LARGE.test(fold(office));

const clean = (s: unknown): string | null => (typeof s === 'string' && s.trim() ? s.replace(/\s+/g, ' ').trim() : null);
const address = (s: unknown): string | null =>
  typeof s === 'string' && s.trim()
    ? s
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean)
        .join(', ')
    : null;

function httpUrl(s: unknown): string | null {
  const v = clean(s);
  if (!v) return null;
  try {
    return /^https?:$/.test(new URL(v).protocol) ? v : null;
  } catch {
    return null;
  }
}

const POSTAL = /\b([A-CEGHJ-NPR-TVXY]\d[A-CEGHJ-NPR-TV-Z]) ?(\d[A-CEGHJ-NPR-TV-Z]\d)\b/i;
const PROVINCE_BEFORE_POSTAL = new RegExp(`\\b(${PROVINCES.join('|')})\\b[\\s,]+${POSTAL.source.slice(2)}`, 'i');

/** The province an office address names just before its postal code ("Toronto ON  M7A 1A2"). */
export function provinceOfAddress(s: string | null): Province | null {
  const m = s ? PROVINCE_BEFORE_POSTAL.exec(s) : null;
  return m ? (m[1].toUpperCase() as Province) : null;
}

const KIND: Record<string, Office['kind']> = { legislature: 'legislature', constituency: 'constituency' };

export function mapOffices(key: string, offices: RepresentOffice[] | null | undefined, province: Province | null): Office[] {
  const out: Office[] = [];
  const seen = new Set<string>();
  for (const o of Array.isArray(offices) ? offices : []) {
    const addr = address(o?.postal);
    const phone = clean(o?.tel);
    const fax = clean(o?.fax);
    if (!addr && !phone && !fax) continue;
    const postal = addr ? POSTAL.exec(addr) : null;
    const office: Office = {
      politician_key: key,
      kind: KIND[clean(o?.type)?.toLowerCase() ?? ''] ?? 'other',
      address: addr,
      province_territory: provinceOfAddress(addr) ?? province,
      postal_code: postal ? `${postal[1]} ${postal[2]}`.toUpperCase() : null,
      phone,
      fax,
      source: 'represent',
    };
    const sig = JSON.stringify([office.kind, addr, phone, fax]);
    if (seen.has(sig)) continue;
    seen.add(sig);
    out.push(office);
  }
  return out;
}

export interface MemberPlace {
  level: Politician['level'];
  province: Province | null;
  constituencyId: string;
  constituencyName: string;
  seenAt: string;
}

export function mapMember(key: string, m: RepresentMember, office: string, place: MemberPlace, offices: Office[]): Politician {
  const party = clean(m.party_name) ?? 'Independent';
  const first = (kind: Office['kind']) => offices.find((o) => o.kind === kind);
  const phoneOffice = first('legislature')?.phone ? first('legislature') : offices.find((o) => o.phone);
  const faxOffice = first('legislature')?.fax ? first('legislature') : offices.find((o) => o.fax);
  return {
    key,
    name: clean(m.name)!,
    first_name: clean(m.first_name),
    last_name: clean(m.last_name),
    party,
    elected_office: office,
    level: place.level,
    province_territory: place.province,
    constituency_id: place.constituencyId,
    constituency_name: place.constituencyName,
    email: clean(m.email),
    phone: phoneOffice?.phone ?? null,
    fax: faxOffice?.fax ?? null,
    constituency_office_address: first('constituency')?.address ?? null,
    legislature_office_address: first('legislature')?.address ?? null,
    photo_url: httpUrl(m.photo_url),
    personal_url: httpUrl(m.personal_url),
    official_url: httpUrl(m.url) ?? httpUrl(m.source_url),
    is_active: true,
    updated_at: place.seenAt,
    terms: [{ start_at: place.seenAt, end_at: null, elected_office: office, constituency_id: place.constituencyId, party }],
  };
}
