// Tables of the postcode sources, written by the build's postcode phase (write-postcodes.ts). The
// server only ever reads one row by primary key, so no other index is needed.
export const POSTCODE_SCHEMA_SQL = /* sql */ `
CREATE TABLE postcodes (
  postcode TEXT PRIMARY KEY,        -- canonical: K1A0A6
  fsa TEXT NOT NULL,
  source TEXT NOT NULL,             -- nar | cache (decisions 7)
  lat REAL NOT NULL,                -- nar: mean of the address points; cache: the override's point
  lng REAL NOT NULL,
  address_points INTEGER,           -- nar: addresses averaged; cache: null
  city TEXT,
  province_territory TEXT,          -- from the data, else from the first letter
  fetched_at TEXT NOT NULL          -- when the source data was extracted
) WITHOUT ROWID;

CREATE TABLE fsas (
  fsa TEXT PRIMARY KEY,             -- canonical: K1A
  basis TEXT NOT NULL,              -- addresses | fsa_point | overrides: what the point was computed from
  lat REAL NOT NULL,                -- addresses: address-weighted mean of the FSA's nar codes
  lng REAL NOT NULL,
  address_points INTEGER,           -- addresses averaged; null when no address point was
  postcodes INTEGER NOT NULL,       -- full codes of the FSA on file (nar and cache)
  city TEXT,
  province_territory TEXT,
  fetched_at TEXT NOT NULL
) WITHOUT ROWID;
`;

// What each postcode point lies in, computed at build by the server's own point-in-polygon index
// (write-point-boundaries.ts). The data file never changes, so this is exact: /postcodes/* reads it
// instead of testing polygons per request. Most points share their list with a neighbour, so the
// lists are stored once each and codes point at them.
export const POINT_BOUNDARIES_SCHEMA_SQL = /* sql */ `
CREATE TABLE point_boundary_sets (
  id INTEGER PRIMARY KEY,
  containing TEXT NOT NULL UNIQUE   -- JSON array of constituency_ids: every current boundary containing the point, in the lookup's order
);

CREATE TABLE postcode_boundaries (
  code TEXT PRIMARY KEY,            -- a full code of postcodes (its own point) or an FSA of fsas (the FSA's point)
  set_id INTEGER NOT NULL REFERENCES point_boundary_sets (id)
) WITHOUT ROWID;
`;

/** A row of `postcodes`. */
export interface PostcodeRow {
  postcode: string;
  fsa: string;
  source: 'nar' | 'cache';
  lat: number;
  lng: number;
  address_points: number | null;
  city: string | null;
  province_territory: string | null;
  fetched_at: string;
}

/** A row of `fsas`. */
export interface FsaRow {
  fsa: string;
  basis: 'addresses' | 'fsa_point' | 'overrides';
  lat: number;
  lng: number;
  address_points: number | null;
  postcodes: number;
  city: string | null;
  province_territory: string | null;
  fetched_at: string;
}
