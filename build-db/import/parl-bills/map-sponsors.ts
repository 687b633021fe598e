// LEGISinfo names one sponsor per bill (no co-sponsors in the record). The sponsor is resolved by
// the upstream person id first (`ca-hoc/person/<SponsorPersonId>`: LEGISinfo and ourcommons.ca share
// Parliament's person ids), then by name among people serving on the bill's introduction date.
// The last name is offered only with a riding: alone it could pick an MP namesake of a senator.
// Unresolved sponsors keep their raw name with a null politician_key.
import type { Identity } from '../identity.js';
import type { SourceInput } from '../types.js';
import type { RawSponsor } from './read-bill.js';

export type Sponsor = NonNullable<SourceInput<'bills'>['sponsors']>[number];

export const SPONSOR_SOURCE = 'legisinfo-bills';

export const personKey = (personId: string) => `ca-hoc/person/${personId}`;

/** The sponsor list (empty when the bill names no sponsor: most bills of 35-1 and 35-2). */
export function mapSponsors(s: RawSponsor, introducedDate: string | null, identity: Identity): Sponsor[] {
  const name = s.name ?? ([s.firstName, s.lastName].filter(Boolean).join(' ') || null);
  if (!name) return [];
  // Senators' records put "Senator" (or nothing) where an MP's riding goes.
  const riding = s.constituency && !/^senat/i.test(s.constituency) ? s.constituency : null;
  const hit = identity.resolve(SPONSOR_SOURCE, {
    key: s.personId && /^\d+$/.test(s.personId) ? personKey(s.personId) : null,
    name,
    lastName: riding ? s.lastName : null,
    constituency: riding,
    on: introducedDate,
  });
  return [{ politician_key: hit.key, sponsor_name_raw: name, role: 'sponsor', ordering: 0 }];
}
