// Tables of the boundaries, written by the build's geo phase (build-db/geo/write-boundaries.ts).
export const GEO_SCHEMA_SQL = /* sql */ `
CREATE TABLE boundaries (
  rowid INTEGER PRIMARY KEY,        -- also the id of the R*Tree entry
  constituency_id TEXT NOT NULL UNIQUE,  -- <source_set>/<slug>
  source_set TEXT NOT NULL,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  name_fr TEXT,
  level TEXT NOT NULL,
  level_order INTEGER NOT NULL,     -- federal, provincial, municipal: list order
  province_territory TEXT,
  effective_from TEXT,
  effective_to TEXT,
  boundaries_version TEXT NOT NULL,
  ocd_id TEXT,
  superseded_by TEXT,               -- a newer set of this file covers the same area
  is_current INTEGER NOT NULL,      -- 0 when superseded: listed, never matched by a lookup
  division_rank INTEGER NOT NULL,   -- from ocd_id: how specific the division is (a city's ward before a region's)
  area_sqkm REAL NOT NULL,          -- geodesic, WGS84 ellipsoid
  centroid_lng REAL NOT NULL,
  centroid_lat REAL NOT NULL,
  min_lng REAL NOT NULL,            -- bounding box of the full geometry (the lookup's index)
  min_lat REAL NOT NULL,
  max_lng REAL NOT NULL,
  max_lat REAL NOT NULL,
  simple_min_lng REAL NOT NULL,     -- bounding box of the simplified geometry (the bbox filter)
  simple_min_lat REAL NOT NULL,
  simple_max_lng REAL NOT NULL,
  simple_max_lat REAL NOT NULL,
  vertices INTEGER NOT NULL,        -- of the full geometry
  full_fgb BLOB NOT NULL,           -- FlatGeobuf, one MultiPolygon feature: point-in-polygon
  simple_fgb BLOB NOT NULL          -- FlatGeobuf, simplified (~555 m): output
);
CREATE INDEX boundaries_by_order ON boundaries (level_order, province_territory, constituency_id);
CREATE INDEX boundaries_by_set ON boundaries (source_set, slug);

-- Bounding boxes of the simplified geometry, for the list's bbox filter (spec). R*Tree stores 32-bit
-- floats rounded outwards, so the query re-checks the exact simple_* columns.
CREATE VIRTUAL TABLE boundaries_bbox USING rtree(id, min_lng, max_lng, min_lat, max_lat);
`;
