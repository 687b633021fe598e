// A chunk's filter columns as the build stores them in the code blocks and the server's vector
// scan reads them back.
/** A chunk's columns the vector side filters on (party lower-cased; '' or -1 for unknown). */
export interface FilterRow {
  language: string;
  level: string;
  province_territory: string;
  speech_type: string;
  spoken_on: string;
  is_presiding: number;
  politician_active: number;
  politician_id: string;
  party: string;
  session_id: string;
}

/** The columns of a FilterRow in the order `setValues` takes them (SQL reads rows as arrays: 2x faster to load). */
export const FILTER_COLUMNS = [
  'language',
  'level',
  'province_territory',
  'speech_type',
  'spoken_on',
  'is_presiding',
  'politician_active',
  'politician_id',
  'party',
  'session_id',
] as const satisfies ReadonlyArray<keyof FilterRow>;

/** YYYY-MM-DD as the number YYYYMMDD (compared, never subtracted). */
export const dayNumber = (d: string) => Number(d.slice(0, 4)) * 10_000 + Number(d.slice(5, 7)) * 100 + Number(d.slice(8, 10));
