// Resolution of a parsed postcode to a point (decisions 7): the code's own row (`nar` address
// points or a `cache` override), else its FSA's point (`fsa_derived`, approximate), else nothing.
import type { FsaRow, PostcodeRow } from '../db/postcodes.js';
import { invalidParameters } from '../../core/errors.js';
import { parsePostcode, provinceOfPostcode, type ParsedPostcode } from '../../core/domain/postcode.js';

export type PostcodeSource = 'nar' | 'cache' | 'fsa_derived';

export interface Resolution {
  postcode: string;
  is_fsa: boolean;
  latlng: { lat: number; lng: number };
  city: string | null;
  province: string | null;
  source: PostcodeSource;
  fetched_at: string;
  address_points: number | null;
  approximate: boolean;
}

export interface PostcodeLookup {
  code(code: string): PostcodeRow | null;
  fsa(fsa: string): FsaRow | null;
}

type Valid = Extract<ParsedPostcode, { ok: true }>;

export function resolvePostcode(p: Valid, lookup: PostcodeLookup): Resolution | null {
  const own = p.isFsa ? null : lookup.code(p.code);
  if (own) {
    return {
      postcode: p.display,
      is_fsa: false,
      latlng: { lat: own.lat, lng: own.lng },
      city: own.city,
      province: own.province_territory ?? provinceOfPostcode(p.code),
      source: own.source,
      fetched_at: own.fetched_at,
      address_points: own.source === 'nar' ? own.address_points : null,
      approximate: false,
    };
  }
  const area = lookup.fsa(p.fsa);
  if (!area) return null;
  return {
    postcode: p.display,
    is_fsa: p.isFsa,
    latlng: { lat: area.lat, lng: area.lng },
    city: area.city,
    province: area.province_territory ?? provinceOfPostcode(p.fsa),
    source: 'fsa_derived',
    fetched_at: area.fetched_at,
    // The number of address points averaged; none were when the point comes from the FSA file.
    address_points: area.address_points,
    approximate: true,
  };
}

/** A path or query postcode → its parse, or the 400 of decisions 7 naming `param`. */
export function parsedOr400(raw: string, param = 'postcode'): Valid {
  const p = parsePostcode(raw);
  if (!p.ok) throw invalidParameters([{ param, message: p.message }]);
  return p;
}

/** For /boundaries/lookup?postcode=: the point of a postcode, 400 when malformed, null when unknown. */
export const createPostcodeLocator = (lookup: PostcodeLookup) => (raw: string) => resolvePostcode(parsedOr400(raw), lookup)?.latlng ?? null;
