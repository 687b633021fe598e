// Joins the XML members (official names, seat dates, no PersonId) to the JSON members (PersonId) by
// full name + riding, then by last name + riding for the names the two files spell differently
// ("Harjit S. Sajjan" / "Harjit Sajjan"). One riding has one sitting member, so the riding carries
// the join; a name that differs is reported as a mismatch, never silently accepted or dropped.
import { personName, placeName } from '../identity.js';
import type { Legislator } from './read-legislators.js';
import type { XmlMember } from './read-members-xml.js';

export type JoinMethod = 'name+riding' | 'last_name+riding';

export interface Joined {
  xml: XmlMember;
  method: JoinMethod;
}

export interface Mismatch {
  id: string;
  field: string;
  json: string | null;
  xml: string | null;
}

export interface JoinResult {
  byId: Map<string, Joined>;
  /** XML rows no JSON member took. */
  unmatched: XmlMember[];
  mismatches: Mismatch[];
}

const key = (name: string, riding: string) => `${personName(name)}|${placeName(riding)}`;

export function joinXml(legislators: Legislator[], members: XmlMember[]): JoinResult {
  const index = (keyOf: (m: XmlMember) => string) => {
    const map = new Map<string, XmlMember[]>();
    for (const m of members) map.set(keyOf(m), [...(map.get(keyOf(m)) ?? []), m]);
    return map;
  };
  const byName = index((m) => key(`${m.firstName} ${m.lastName}`, m.riding));
  const byLast = index((m) => key(m.lastName, m.riding));
  const used = new Set<XmlMember>();
  const byId = new Map<string, Joined>();
  const mismatches: Mismatch[] = [];
  const pick = (cands: XmlMember[] | undefined) => {
    const free = (cands ?? []).filter((m) => !used.has(m));
    return free.length === 1 ? free[0] : null;
  };

  for (const l of legislators) {
    let xml = pick(byName.get(key(`${l.firstName} ${l.lastName}`, l.riding)));
    let method: JoinMethod = 'name+riding';
    if (!xml) {
      xml = pick(byLast.get(key(l.lastName, l.riding)));
      method = 'last_name+riding';
    }
    if (!xml) continue;
    used.add(xml);
    byId.set(l.id, { xml, method });
    const differs = (field: string, json: string | null, fromXml: string | null) => {
      if ((json ?? '') !== (fromXml ?? '')) mismatches.push({ id: l.id, field, json, xml: fromXml });
    };
    differs('name', `${l.firstName} ${l.lastName}`, `${xml.firstName} ${xml.lastName}`);
    differs('riding', l.riding, xml.riding);
    differs('party', l.party, xml.caucus);
    differs('honorific', l.honorific, xml.honorific);
    differs('start date', l.fromDate, xml.from?.slice(0, 10) ?? null);
  }
  return { byId, unmatched: members.filter((m) => !used.has(m)), mismatches };
}
