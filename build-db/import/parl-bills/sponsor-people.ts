// LEGISinfo names each bill's sponsor with Parliament's PersonId, so every sponsor with one links
// (docs/importers.md): a PersonId the bundle knows links at once; one it does not is a person this
// file is the only source for — a senator ParlInfo knows only by its own ids, an MP elected in 2025 —
// and gets a politician record here:
//   - when the identity rule finds the person by name among those serving that day (a ParlInfo
//     senator), the record carries the PersonId with the known key in `same_as`, and the build keys
//     the merged person by the PersonId;
//   - otherwise a new politician: the name, honorific and office LEGISinfo prints, the riding for an
//     MP, no party (the file gives none), and one observed term per Parliament: from the first to
//     the last bill sponsored — open while the session is ongoing; an MP's ends with the dissolution.
// A sponsor without a PersonId is resolved by name (the surname only with the riding).
import { federalParliament } from '../../../src/core/domain/federal-parliaments.js';
import { ottawaDay } from '../../sources/merge-politicians.js';
import { placeName, type Identity } from '../identity.js';
import type { FederalRidings } from '../people/federal-ridings.js';
import { specHonorific } from '../people/honorific.js';
import type { SourceInput } from '../types.js';
import type { RawSponsor } from './read-bill.js';

export type Sponsor = NonNullable<SourceInput<'bills'>['sponsors']>[number];
type Politician = SourceInput<'politicians'>;
type Term = Politician['terms'][number];

export const SPONSOR_SOURCE = 'legisinfo-bills';
export const personKey = (personId: string) => `ca-hoc/person/${personId}`;

interface Sighting {
  sponsor: RawSponsor;
  date: string | null;
  parliament: number;
  ongoing: boolean;
  office: 'MP' | 'Senator';
}

const isSenator = (s: RawSponsor) =>
  /^senat/i.test(s.constituency ?? '') || /senat/i.test(s.role ?? '') || /^[1-9]\d*$/.test(s.senateAffiliation ?? '');
const nameOf = (s: RawSponsor) => s.name ?? ([s.usualFirstName ?? s.firstName, s.lastName].filter(Boolean).join(' ') || null);

export interface SponsorPeopleOutput {
  politicians: Politician[];
  /** PersonIds whose sponsors link elsewhere than `ca-hoc/person/<id>`: to the roster's key of the same
   *  person, or nowhere (null: no dated bill to write a politician from), with the reason. */
  relinked: Map<string, { key: string | null; reason: string; detail: string }>;
  stats: Record<string, number>;
}

export class SponsorPeople {
  private seen = new Map<string, Sighting[]>();

  constructor(
    private identity: Identity,
    private ridings: FederalRidings,
  ) {}

  /** The sponsor list of a bill (empty when it names no sponsor: most bills of 35-1 and 35-2). */
  sponsors(s: RawSponsor, date: string | null, parliament: number, ongoing: boolean): Sponsor[] {
    const name = nameOf(s);
    if (!name) return [];
    const office = isSenator(s) ? 'Senator' : 'MP';
    const riding = office === 'MP' && s.constituency ? this.ridings.englishName(s.constituency) : null;
    const id = s.personId && /^\d+$/.test(s.personId) ? s.personId : null;
    if (id) {
      this.seen.set(id, [...(this.seen.get(id) ?? []), { sponsor: s, date, parliament, ongoing, office }]);
      const known = this.identity.canonical(personKey(id));
      const t = this.identity.tallies.get(SPONSOR_SOURCE) ?? { total: 0, resolved: 0, byMethod: {}, ambiguous: 0, unmatched: 0 };
      t.total++;
      t.resolved++;
      const method = known ? 'id' : 'source_record';
      t.byMethod[method] = (t.byMethod[method] ?? 0) + 1;
      this.identity.tallies.set(SPONSOR_SOURCE, t);
      return [{ politician_key: personKey(id), sponsor_name_raw: name, role: 'sponsor', ordering: 0 }];
    }
    const hit = this.identity.resolve(SPONSOR_SOURCE, {
      name,
      lastName: riding ? s.lastName : null,
      constituency: riding,
      on: date,
      level: 'federal',
      office,
    });
    return [{ politician_key: hit.key, sponsor_name_raw: name, role: 'sponsor', ordering: 0 }];
  }

  /** Politician records for the PersonIds the bundle did not know, or knew without a seat that day. */
  people(): SponsorPeopleOutput {
    const politicians: Politician[] = [];
    const relinked: SponsorPeopleOutput['relinked'] = new Map();
    const stats: Record<string, number> = {};
    const add = (k: string) => {
      stats[k] = (stats[k] ?? 0) + 1;
    };
    for (const [id, sightings] of this.seen) {
      const key = personKey(id);
      const dated = sightings.filter((x) => x.date !== null).sort((a, b) => a.date!.localeCompare(b.date!));
      const known = this.identity.canonical(key);
      let alias: string | null = null;
      if (!known) {
        // A person the bundle knows under other keys: the same name serving that day in that office.
        let roster: { key: string; name: string } | null = null;
        for (const x of dated) {
          const riding = x.office === 'MP' && x.sponsor.constituency ? this.ridings.englishName(x.sponsor.constituency) : null;
          // The surname only with the riding: alone it could pick an MP namesake of a senator.
          const r = this.identity.lookup({
            name: nameOf(x.sponsor),
            lastName: riding ? x.sponsor.lastName : null,
            on: x.date,
            level: 'federal',
            office: x.office,
            constituency: riding,
          });
          if (r.key === null) continue;
          // Known by another PersonId (LEGISinfo numbers some 35th-Parliament members apart: Nick
          // Discepola is 38707 there, 490 in ParlInfo): the same person when the full name matched and
          // the riding, if printed, agrees.
          const seat = this.identity.termOn(r.key, x.date!, x.office);
          if (/^ca-hoc\/person\/\d+$/.test(r.key)) {
            if (r.method === 'name' && (!riding || (seat?.constituency_name && placeName(seat.constituency_name) === placeName(riding))))
              roster = { key: r.key, name: this.identity.person(r.key)!.name };
          } else alias = r.key;
          break;
        }
        if (roster) {
          relinked.set(id, {
            key: roster.key,
            reason: "sponsor PersonId differs from the roster's for the same person: linked to the roster's",
            detail: `${key} → ${roster.key} (${roster.name}, same name, riding and date)`,
          });
          add('sponsors_linked_to_another_personid');
          continue;
        }
      }
      // One observed term per Parliament and office where the known person holds no seat that day.
      const groups = new Map<string, Sighting[]>();
      for (const x of dated) {
        if (known && this.identity.termOn(known, x.date!, x.office)) continue;
        // A House seat is one Parliament's; a Senate seat outlasts Parliaments.
        const g = x.office === 'MP' ? `${x.parliament} MP` : 'Senator';
        groups.set(g, [...(groups.get(g) ?? []), x]);
      }
      if (known && !groups.size) {
        add('sponsors_known_with_a_seat');
        continue;
      }
      if (!groups.size && !alias) {
        relinked.set(id, {
          key: null,
          reason: 'sponsor unlinked: PersonId of no politician, and no dated bill to write one from',
          detail: `${key} ${nameOf(sightings[0].sponsor)}`,
        });
        add('sponsors_unwritable');
        continue;
      }
      const terms: Term[] = [];
      for (const xs of groups.size ? groups.values() : [dated]) {
        const first = xs[0],
          last = xs.at(-1)!;
        const p = federalParliament(first.parliament);
        const open = xs.some((x) => x.ongoing);
        const end = open ? null : first.office === 'MP' && p?.dissolved ? p.dissolved : last.date!;
        const riding =
          first.office === 'MP' && last.sponsor.constituency ? this.ridings.riding(last.sponsor.constituency, first.parliament) : null;
        terms.push({
          start_at: ottawaDay(first.date!),
          end_at: end ? ottawaDay(end) : null,
          elected_office: first.office,
          observed: true,
          parliament_number: first.office === 'MP' ? first.parliament : null,
          constituency_id: riding?.id ?? null,
          constituency_name: riding?.name ?? null,
        });
      }
      terms.sort((a, b) => a.start_at.localeCompare(b.start_at));
      const s = (dated.at(-1) ?? sightings.at(-1)!).sponsor;
      const latest = terms.at(-1)!;
      politicians.push({
        key,
        same_as: alias ? [alias] : [],
        name: nameOf(s)!,
        first_name: s.usualFirstName ?? s.firstName,
        last_name: s.lastName,
        honorific: specHonorific(s.honorific),
        party: null,
        elected_office: latest.elected_office ?? 'MP',
        level: 'federal',
        constituency_id: latest.constituency_id ?? null,
        constituency_name: latest.constituency_name ?? null,
        is_active: latest.end_at === null,
        terms,
      });
      add(known ? 'sponsors_known_given_observed_terms' : alias ? 'sponsors_joined_by_name' : 'sponsors_new_politicians');
    }
    return { politicians, relinked, stats };
  }
}
