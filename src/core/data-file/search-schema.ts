// Tables of the search index, written by the build after the speeches.
// `chunks.rowid` is the key shared by the keyword index (FTS5) and the vector index.
// A chunk's text is a slice of its speech's, so the file keeps it once (schema 10): `chunk_rows`
// holds the chunk's UTF-8 byte range in `speeches.text`, and the view `chunks` (what every reader
// queries) cuts it out. SQLite's substr counts characters, not UTF-16 units, so the slice is taken
// on bytes, exact for any text. The text is a scalar subquery, so a query that does not ask for it
// (counts, filters, the time index) never reads the speech. Saved 1.1 KB of 5.4 KB a chunk at 100 k.
export const SEARCH_SCHEMA_SQL = `
CREATE TABLE chunk_rows (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL,                 -- unique: CHUNK_INDEXES_SQL
  speech_id TEXT NOT NULL,
  speech_rowid INTEGER NOT NULL,    -- speeches.rowid of speech_id
  chunk_index INTEGER NOT NULL,
  char_start INTEGER NOT NULL,      -- UTF-16 offsets into the speech text
  char_end INTEGER NOT NULL,
  byte_start INTEGER NOT NULL,      -- the same span in UTF-8 bytes
  byte_end INTEGER NOT NULL,
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
CREATE VIEW chunks AS SELECT c.rowid AS rowid, c.id, c.speech_id, c.chunk_index, c.char_start, c.char_end,
  (SELECT CAST(substr(CAST(s.text AS BLOB), c.byte_start + 1, c.byte_end - c.byte_start) AS TEXT) FROM speeches s WHERE s.rowid = c.speech_rowid) AS text,
  c.language, c.level, c.province_territory, c.politician_id, c.party_at_time, c.spoken_at, c.spoken_on, c.session_id, c.speech_type,
  c.is_presiding, c.politician_active, c.content_hash
FROM chunk_rows c;
`;

// Created once the chunks are written (write-chunks.ts), for the reason given at SPEECH_INDEXES_SQL:
// chunk ids and content hashes are random, and the speech ids these rows carry are too.
export const CHUNK_INDEXES_SQL = `
CREATE UNIQUE INDEX chunks_by_id ON chunk_rows (id);
CREATE INDEX chunks_by_speech ON chunk_rows (speech_id, chunk_index);
CREATE INDEX chunks_by_time ON chunk_rows (spoken_at DESC, rowid DESC);
CREATE INDEX chunks_by_politician ON chunk_rows (politician_id, spoken_at DESC);
CREATE INDEX chunks_by_content ON chunk_rows (content_hash);
`;
// The keyword index (chunks_fts, chunk_term_docs) is src/core/data-file/keyword-index.ts's KEYWORD_INDEX_SQL.
