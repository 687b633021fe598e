// A BC member as the roster importers write one (bc-members: `bc-lims/member/<LIMS id>`), hand-built
// for tests that link speakers or division names: a provincial BC politician with one open term.
import type { Person, PersonTerm } from '../../build-db/import/identity.js';

export function bcMember(
  key: string | number,
  first: string,
  last: string,
  term: PersonTerm = { start_at: '2024-11-18T00:00:00Z' },
): Person & Record<string, unknown> {
  return {
    key: typeof key === 'number' ? `bc-lims/member/${key}` : key,
    name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    level: 'provincial',
    province_territory: 'BC',
    terms: [term],
  };
}
