// The structural filters that test one text column against a set of values, with the values as
// stored (party lower-cased; parliament/session numbers resolved to session ids). One list for the
// two places that must mean the same filter: the vector side's in-memory masks
// (src/server/search/scan/filter-columns.ts) and the keyword side's facet tokens (src/server/search/keyword-plan.ts).
// Dates, `exclude_presiding` and `politician_active` are not value sets and stay with each side.
import type { ValueColumn } from '../../core/data-file/value-columns.js';
import type { SearchFilters } from '../db/search.js';

/** Each condition as [column, accepted values]; an empty value list means nothing passes. */
export function valueFilters(f: SearchFilters, sessionIds: string[] | null): Array<[ValueColumn, string[]]> {
  const out: Array<[ValueColumn, string[]]> = [];
  if (f.langs.length < 2) out.push(['language', [f.langs[0]]]);
  if (f.level) out.push(['level', [f.level]]);
  if (f.province_territory) out.push(['province_territory', [f.province_territory]]);
  if (f.politician_ids) out.push(['politician_id', f.politician_ids]);
  if (f.party) out.push(['party', [f.party.toLowerCase()]]);
  if (f.session_id) out.push(['session_id', [f.session_id]]);
  if (sessionIds) out.push(['session_id', sessionIds]);
  if (f.speech_type) out.push(['speech_type', f.speech_type]);
  return out;
}
