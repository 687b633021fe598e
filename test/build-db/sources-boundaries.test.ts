// Source checks of boundaries.jsonl: each problem reported as file:line: field: message.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../build-db/build.js';
import { formatIssue } from '../../build-db/sources/read-bundle.js';
import { box, boundaryRecords } from '../helpers/boundary-fixture.js';
import { tempDir, writeFixture } from '../helpers/fixture.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function build(edit: (b: any[]) => void) {
  const dir = tempDir('canpol-bnd-');
  dirs.push(dir);
  const sources = join(dir, 'sources');
  mkdirSync(sources);
  const rows = boundaryRecords();
  edit(rows);
  writeFixture(sources, (r) => {
    (r as unknown as { boundaries: unknown[] }).boundaries = rows;
  });
  return buildDataFile({ sources, out: join(dir, 'x.db') });
}
const errors = (r: ReturnType<typeof build>) => (r.ok ? [] : r.issues.map(formatIssue));

describe('boundaries.jsonl checks', () => {
  test('the fixture builds', () => expect(build(() => {}).ok).toBe(true));

  test('duplicate (source_set, slug)', () => {
    expect(errors(build((b) => b.push({ ...b[1] })))).toEqual([
      'boundaries.jsonl:9: slug: duplicate boundary "fed-2023/35002" (first on line 2)',
    ]);
  });

  test('bad geometry: unclosed ring, projected coordinates, too few positions, wrong type', () => {
    const out = errors(
      build((b) => {
        b[0].geometry = {
          type: 'Polygon',
          coordinates: [
            [
              [-76, 45],
              [-75, 45],
              [-75, 46],
              [-76, 46],
            ],
          ],
        };
        b[1].geometry = { type: 'Polygon', coordinates: [box(445000, 5000000, 446000, 5001000)] };
        b[2].geometry = {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [-76, 44],
                [-75, 44],
                [-76, 44],
              ],
            ],
          ],
        };
      }),
    );
    expect(out).toEqual([
      'boundaries.jsonl:1: geometry.coordinates[0]: must be closed: the last position must equal the first',
      'boundaries.jsonl:2: geometry.coordinates[0][0]: must be WGS84 degrees (lng -180..180, lat -90..90); got [445000, 5000000] (a projected coordinate?)',
      'boundaries.jsonl:2: geometry.coordinates[0][1]: must be WGS84 degrees (lng -180..180, lat -90..90); got [446000, 5000000] (a projected coordinate?)',
      'boundaries.jsonl:2: geometry.coordinates[0][2]: must be WGS84 degrees (lng -180..180, lat -90..90); got [446000, 5001000] (a projected coordinate?)',
      'boundaries.jsonl:2: geometry.coordinates[0][3]: must be WGS84 degrees (lng -180..180, lat -90..90); got [445000, 5001000] (a projected coordinate?)',
      'boundaries.jsonl:2: geometry.coordinates[0][4]: must be WGS84 degrees (lng -180..180, lat -90..90); got [445000, 5000000] (a projected coordinate?)',
      'boundaries.jsonl:3: geometry.coordinates[0][0]: must have at least 4 positions (a closed triangle); has 3',
    ]);
    expect(
      errors(
        build((b) => {
          b[3].geometry = { type: 'Point', coordinates: [-76, 45] };
        }),
      ),
    ).toEqual(['boundaries.jsonl:4: geometry.type: must be one of Polygon, MultiPolygon']);
  });

  test('levels, provinces, dates, supersession, slugs', () => {
    const out = errors(
      build((b) => {
        b[0].province_territory = 'ON';
        b[3].province_territory = null;
        b[4].superseded_by = 'nowhere';
        b[5].level = 'provincial';
        b[6].effective_from = '2020-01-01';
        b[6].effective_to = '2019-01-01';
      }),
    );
    expect(out).toEqual([
      'boundaries.jsonl:1: province_territory: must be null for federal records',
      'boundaries.jsonl:4: province_territory: is required for provincial records',
      'boundaries.jsonl:5: superseded_by: no boundary has source_set "nowhere"',
      'boundaries.jsonl:7: level: source_set city-wards is provincial on line 6; a set has one level',
      'boundaries.jsonl:7: effective_to: must not be before effective_from',
    ]);
    // Schema errors stop the build before the cross-record checks.
    expect(
      errors(
        build((b) => {
          b[7].slug = 'Whole City';
        }),
      ),
    ).toEqual(['boundaries.jsonl:8: slug: must be kebab-case [a-z0-9-]+, 1-200 characters']);
  });

  test('a self-intersecting ring is repaired and reported; a ring without area is rejected', () => {
    const r = build((b) => {
      b[1].geometry = {
        type: 'Polygon',
        coordinates: [
          [
            [-75, 45],
            [-74.5, 46],
            [-74.5, 45],
            [-75, 46],
            [-75, 45],
          ],
        ],
      }; // a bow-tie
      b[2].geometry = {
        type: 'Polygon',
        coordinates: [
          [
            [-76, 44],
            [-75, 44],
            [-74, 44],
            [-76, 44],
          ],
        ],
      }; // collinear: no area
    });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.warnings.filter((w) => w.startsWith('boundaries.jsonl'))).toEqual([
      'boundaries.jsonl:2: geometry: fed-2023/35002: self-intersecting or overlapping rings repaired (its rings cancelled out before)',
      'boundaries.jsonl:3: geometry: boundary fed-2023/35003 rejected: no area left after removing self-intersections',
    ]);
  });
});
