// How a people source hands a person to the bundle (the one call a people importer makes per person,
// docs/importers.md "Adding a people source"): the record carries every upstream key the source
// gives (`ownKeys`, House PersonId first when known); the identity rule says whether the person is
// already known; the record is then written under the key the build will keep —
//   - known by one of its keys, or by name plus a shared riding or overlapping seat: under that
//     person's key, its own keys in `same_as`; a House PersonId of its own wins over a key without one;
//   - unknown: under its PersonId key, else its first key;
//   - ambiguous (several people fit) or conflicting (its keys name two people): kept apart under its own
//     key, reported with the reason, never merged by a guess.
import type { Identity, PersonTerm } from '../identity.js';
import type { ImportContext, SourceInput } from '../types.js';

type Politician = SourceInput<'politicians'>;

export type ClaimMethod = 'id' | 'name' | 'new' | 'ambiguous' | 'conflict';

export const isPersonIdKey = (k: string) => /^ca-hoc\/person\/\d+$/.test(k);

export function claimPerson(
  identity: Identity,
  record: Omit<Politician, 'key' | 'same_as'>,
  ownKeys: string[],
  ctx: ImportContext,
  where: { file: string; record: string },
): { politician: Politician; method: ClaimMethod } {
  let keys = [...new Set(ownKeys)];
  const probe = (ks: string[]) =>
    identity.matchPerson({
      keys: ks,
      name: record.name,
      other_names: record.other_names,
      first_name: record.first_name,
      last_name: record.last_name,
      level: record.level,
      province_territory: record.province_territory ?? null,
      terms: record.terms as PersonTerm[],
    });
  // A House PersonId already held by someone of another surname is the source's error (ParlInfo gives
  // Mike Bossio Randy Boissonnault's 89147): the id is dropped, the person kept under their other keys.
  for (const k of keys.filter(isPersonIdKey)) {
    const held = identity.person(k);
    if (held && probe([k]).reason === 'conflict') {
      ctx.skip({ ...where, reason: 'House PersonId already held by another person: id dropped', detail: `${k} is ${held.name}'s` });
      keys = keys.filter((x) => x !== k);
    }
  }
  if (!keys.length) keys = ownKeys.filter((k) => !isPersonIdKey(k));
  const match = identity.matchPerson({
    keys,
    name: record.name,
    other_names: record.other_names,
    first_name: record.first_name,
    last_name: record.last_name,
    level: record.level,
    province_territory: record.province_territory ?? null,
    terms: record.terms as PersonTerm[],
  });
  const own = keys.find(isPersonIdKey) ?? keys[0];
  if (match.key === null) {
    if (match.reason)
      ctx.skip({
        ...where,
        reason: match.reason === 'ambiguous' ? 'person ambiguous: kept apart, not merged' : 'person ids name two known people: kept apart',
        detail: match.detail,
      });
    const politician = { ...record, key: own, same_as: keys.filter((k) => k !== own) };
    identity.add({ ...politician, terms: politician.terms as PersonTerm[] });
    return { politician, method: match.reason ?? 'new' };
  }
  const method: ClaimMethod = keys.some((k) => identity.canonical(k) === match.key) ? 'id' : 'name';
  // A PersonId of its own is the key the build keeps: the known person's key becomes an alias of it.
  const key = isPersonIdKey(own) && !isPersonIdKey(match.key) ? own : match.key;
  const same_as = [...new Set([...keys, match.key])].filter((k) => k !== key);
  return { politician: { ...record, key, same_as }, method };
}
