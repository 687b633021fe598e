// The output geometry of /boundaries/{set}/{slug} and lookups: Douglas-Peucker at ~555 m (0.005°
// of latitude; @turf/simplify keeps at least a triangle per ring), then made valid again, since
// simplifying can make a ring cross itself or a neighbouring ring of the same boundary.
import simplify from '@turf/simplify';
import type { MultiPolygonCoords } from '../../src/core/data-file/fgb.js';
import { repairGeometry } from './repair.js';

/** Degrees: 0.005° of latitude is 555 m (spec: "about 555 m tolerance"). */
export const SIMPLIFY_TOLERANCE = 0.005;

export function simplifyGeometry(full: MultiPolygonCoords, tolerance = SIMPLIFY_TOLERANCE): MultiPolygonCoords {
  const feature = simplify(
    { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: full } },
    { tolerance, highQuality: false, mutate: false },
  );
  const repaired = repairGeometry(feature.geometry as { type: 'MultiPolygon'; coordinates: unknown[] });
  // A shape smaller than the tolerance can vanish; it is then its own simplification.
  return repaired.ok ? repaired.geometry : full;
}
