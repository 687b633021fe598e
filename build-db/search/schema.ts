// Tables of the search index, written by the build after the speeches.
// `chunks.rowid` is the key shared by the keyword index (FTS5) and the vector index.
export const SEARCH_SCHEMA_SQL = `
CREATE TABLE chunks (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  speech_id TEXT NOT NULL,
  chunk_index INTEGER NOT NULL,
  char_start INTEGER NOT NULL,      -- UTF-16 offsets into the speech text
  char_end INTEGER NOT NULL,
  text TEXT NOT NULL,
  language TEXT NOT NULL,
  level TEXT NOT NULL,
  province_territory TEXT,
  politician_id TEXT,
  party_at_time TEXT,
  spoken_at TEXT NOT NULL,
  spoken_on TEXT NOT NULL,          -- the legislature's local date: what from/to filters compare
  session_id TEXT,
  speech_type TEXT NOT NULL,
  is_presiding INTEGER NOT NULL,
  politician_active INTEGER,        -- the speaker's is_active at build; NULL when unresolved
  content_hash TEXT NOT NULL        -- what --reuse keys stored vectors by
);
CREATE INDEX chunks_by_speech ON chunks (speech_id, chunk_index);
CREATE INDEX chunks_by_time ON chunks (spoken_at DESC, rowid DESC);
CREATE INDEX chunks_by_politician ON chunks (politician_id, spoken_at DESC);
CREATE INDEX chunks_by_content ON chunks (content_hash);
`;
// The keyword index (chunks_fts, chunk_term_docs) is src/search/keyword-index.ts's KEYWORD_INDEX_SQL.
