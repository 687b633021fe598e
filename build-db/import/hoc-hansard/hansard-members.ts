// Hansard as a source of members: a member the people sources do not have on that day — a
// by-election winner after the last roster, a member whose re-election no roster records — is still
// named by the publication with a full label, "Mr. Jean Roy (Laval, CPC)": that is a sighting of a
// member holding that seat that day. Sightings are grouped by name and riding:
//   - a known politician of that name who held that riding (identity.matchPerson) gets an observed
//     term for the Parliament: the member is the same person, re-elected;
//   - otherwise a new politician `ca-hoc/hansard-member/<name>-<riding>` with that observed term.
// The turns, and the ballots whose seat DbId carries that label, then link to them. Only labels that
// print a riding count: a bare name or surname is not enough to write a person from.
import { slugify } from '../../../src/core/domain/text.js';
import { ottawaDay } from '../../sources/merge-politicians.js';
import { bareName, personName, placeName, type Identity } from '../identity.js';
import type { FederalRidings } from '../people/federal-ridings.js';
import type { Skip, SourceInput } from '../types.js';

type Politician = SourceInput<'politicians'>;

interface Sighting {
  name: string;
  riding: string;
  party: string | null;
  date: string;
  parliament: number;
  link: (key: string) => void;
  source: string;
  skip: Skip;
}

export class HansardMembers {
  private groups = new Map<string, Sighting[]>();
  constructor(
    private identity: Identity,
    private ridings: FederalRidings,
  ) {}

  /** A member's turn or ballot the identity rule left unlinked; `skip` is reported if it stays so. */
  sight(s: Sighting): void {
    const k = `${personName(s.name)}|${placeName(s.riding)}`;
    this.groups.set(k, [...(this.groups.get(k) ?? []), s]);
  }

  /** Politicians for the sightings, the acts linked to them, and the skips still due. */
  settle(): { politicians: Politician[]; linked: number; skips: Skip[]; stats: Record<string, number> } {
    const politicians: Politician[] = [];
    const skips: Skip[] = [];
    const stats = { members_known_given_observed_terms: 0, members_written_from_hansard: 0 };
    let linked = 0;
    for (const group of this.groups.values()) {
      const dates = group.map((s) => s.date).sort();
      const last = group.reduce((a, b) => (b.date >= a.date ? b : a));
      const riding = this.ridings.riding(last.riding, last.parliament);
      const term = {
        start_at: ottawaDay(dates[0]),
        end_at: ottawaDay(dates.at(-1)!),
        elected_office: 'MP',
        observed: true,
        parliament_number: last.parliament,
        constituency_id: riding.id,
        constituency_name: riding.name,
        party: last.party,
      };
      const match = this.identity.matchPerson({ keys: [], name: last.name, level: 'federal', terms: [term] });
      if (match.reason) {
        for (const s of group) skips.push({ ...s.skip, detail: `${s.skip.detail ?? ''}; several known people fit: ${match.detail}` });
        continue;
      }
      const key = match.key ?? `ca-hoc/hansard-member/${slugify(`${personName(last.name)} ${riding.name}`)}`;
      if (match.key) stats.members_known_given_observed_terms++;
      else stats.members_written_from_hansard++;
      politicians.push({
        key,
        name: bareName(last.name),
        party: last.party,
        elected_office: 'MP',
        level: 'federal',
        constituency_id: riding.id,
        constituency_name: riding.name,
        is_active: false,
        terms: [term],
      });
      for (const s of group) {
        s.link(key);
        this.identity.relink(s.source);
        linked++;
      }
    }
    return { politicians, linked, skips, stats };
  }
}
