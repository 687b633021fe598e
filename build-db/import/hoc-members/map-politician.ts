// One JSON member (+ its XML row when joined, + its numbered riding and offices) → a politician record.
// The XML gives the official name and the seat's dates on the Ottawa clock; the JSON the rest.
import { parliamentOn } from '../../../src/core/domain/federal-parliaments.js';
import { caucusName } from '../people/federal-parties.js';
import type { Skip, SourceInput } from '../types.js';
import { addressText } from './address.js';
import type { Joined } from './join-xml.js';
import { legislatureTimestamp } from './local-time.js';
import type { MappedOffices } from './map-offices.js';
import { LEGISLATORS_FILE, type Legislator } from './read-legislators.js';
import { RIDING_SET } from './ridings.js';
import { specHonorific } from '../people/honorific.js';

export type Politician = SourceInput<'politicians'>;

export const politicianKey = (personId: string) => `ca-hoc/person/${personId}`;

/** The House's honorific in the API's list of recognised ones (spec: "Right Hon." is printed "Rt. Hon.");
 *  one outside that list is left out rather than passed on. */
export function honorific(raw: string | null): string | null {
  return specHonorific(raw);
}

const httpUrl = (u: string | null) => {
  if (!u || !URL.canParse(u)) return null;
  return /^https?:$/.test(new URL(u).protocol) ? u : null;
};

export interface MapInput {
  legislator: Legislator;
  joined: Joined | null;
  fed: string;
  offices: MappedOffices;
  /** When the upstream file was last updated (`YYYY-MM-DD`), as the politician's `updated_at`. */
  updatedOn: string | null;
}

export function mapPolitician({ legislator: l, joined, fed, offices, updatedOn }: MapInput): {
  politician: Politician | null;
  problems: Skip[];
} {
  const problems: Skip[] = [];
  const record = `member ${l.id} ${l.firstName} ${l.lastName}`;
  const xml = joined?.xml ?? null;
  // The XML's dates are Ottawa wall-clock date-times; the JSON's fromDate a plain date (same clock).
  const start =
    (xml?.from && legislatureTimestamp(xml.from, 'federal')) || (l.fromDate && legislatureTimestamp(`${l.fromDate}T00:00:00`, 'federal'));
  if (!start) {
    problems.push({
      file: LEGISLATORS_FILE,
      record,
      reason: 'member without a start date',
      detail: `XML ${xml?.from ?? 'none'}, JSON fromDate ${l.fromDate ?? 'none'}`,
    });
    return { politician: null, problems };
  }
  const end = xml?.to ? legislatureTimestamp(xml.to, 'federal') : null;
  const constituency_id = `${RIDING_SET}/${fed}`;
  const personal = httpUrl(l.websiteUrl);
  if (l.websiteUrl && !personal)
    problems.push({ file: LEGISLATORS_FILE, record, reason: 'website not an http(s) URL (left out)', detail: l.websiteUrl });
  const official = httpUrl(l.profileUrl);
  if (l.profileUrl && !official)
    problems.push({ file: LEGISLATORS_FILE, record, reason: 'profile not an http(s) URL (left out)', detail: l.profileUrl });
  const email = l.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(l.email) ? l.email : null;
  if (l.email && !email) problems.push({ file: LEGISLATORS_FILE, record, reason: 'email unreadable (left out)', detail: l.email });

  return {
    problems,
    politician: {
      key: politicianKey(l.id),
      // The official name keeps middle initials ("Harjit S. Sajjan"); first/last (from the JSON) do
      // not, so the identity rule indexes both spellings.
      name: xml ? `${xml.firstName} ${xml.lastName}` : `${l.firstName} ${l.lastName}`,
      first_name: l.firstName,
      last_name: l.lastName,
      honorific: honorific(l.honorific ?? xml?.honorific ?? null),
      party: caucusName(l.party),
      elected_office: 'MP',
      level: 'federal',
      constituency_id,
      constituency_name: l.riding,
      email,
      phone: offices.hill?.office.phone ?? null,
      fax: offices.hill?.office.fax ?? null,
      constituency_office_address: offices.main ? addressText(offices.main.address) : null,
      legislature_office_address: offices.hill ? addressText(offices.hill.address) : null,
      official_url: official,
      personal_url: personal,
      is_active: end === null,
      updated_at: updatedOn ? `${updatedOn}T00:00:00Z` : null,
      terms: [
        {
          start_at: start,
          end_at: end,
          elected_office: 'MP',
          constituency_id,
          constituency_name: l.riding,
          party: caucusName(xml?.caucus ?? l.party),
          parliament_number: parliamentOn(start.slice(0, 10))?.number ?? null,
        },
      ],
    },
  };
}
