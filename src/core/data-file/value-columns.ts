// The chunk columns whose values search filters test as sets: stored as facet tokens in the keyword
// index and as dictionary-coded columns in the code blocks, so both sides of a search mean one filter.
export const VALUE_COLUMNS = ['language', 'level', 'province_territory', 'speech_type', 'politician_id', 'party', 'session_id'] as const;
export type ValueColumn = (typeof VALUE_COLUMNS)[number];
