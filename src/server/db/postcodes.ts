// Postcodes: one full code or one FSA by primary key, and the sitting politicians of a set of
// constituencies with their offices and live handles (representatives by postcode).
import type Database from 'better-sqlite3';
import type { Level, Platform } from '../../core/domain/enums.js';
import type { FsaRow, PostcodeRow } from '../../core/data-file/postcode-schema.js';
import type { Office, PoliticianListItem, SocialHandle } from './politicians.js';

export type { FsaRow, PostcodeRow };

/** The politician of a representative entry: list-item fields plus names, URLs and social_urls (decisions 5). */
export interface RepresentativePolitician extends PoliticianListItem {
  first_name: string | null;
  last_name: string | null;
  personal_url: string | null;
  official_url: string | null;
  social_urls: Partial<Record<Platform, string>>;
}

export interface SittingPolitician {
  politician: RepresentativePolitician;
  level: Level;
  constituency_name: string | null;
  is_mayor: boolean;
}

const SITTING_COLUMNS = `id, name AS full_name, honorific, party, status, level, province_territory, constituency_id,
  constituency_name, elected_office, photo_url, email, phone, term_start_at, last_verified_at,
  first_name, last_name, personal_url, official_url, social_urls, office_folded, sort_name`;

// Mayors by office title; folded text (src/domain/text.ts fold) is lower-case without accents.
const MAYOR = /\b(mayor|maire|mairesse)\b/;

export function createPostcodeQueries(db: Database.Database) {
  // A data file built before postcodes existed has no tables: every code is then unknown.
  const has = (t: string) => db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?`).pluck().get(t) === 1;
  const ready = has('postcodes') && has('fsas');
  const code = ready ? db.prepare('SELECT * FROM postcodes WHERE postcode = ?') : null;
  const fsa = ready ? db.prepare('SELECT * FROM fsas WHERE fsa = ?') : null;
  // A data file built before the containing boundaries were precomputed: the routes test polygons.
  const precomputed = has('postcode_boundaries');
  const setOf = precomputed ? db.prepare('SELECT set_id FROM postcode_boundaries WHERE code = ?').pluck() : null;
  const setById = precomputed ? db.prepare('SELECT containing FROM point_boundary_sets WHERE id = ?').pluck() : null;
  const sitting = db.prepare(
    `SELECT ${SITTING_COLUMNS} FROM politicians WHERE constituency_id = ? AND status = 'sitting' ORDER BY sort_name, id`,
  );
  // A mayor elected by the whole municipality sits for `<ward set>/<municipality>`, a constituency no
  // polygon has: found by the set of the ward holding the point ('/' + 1 is '0', the range's end).
  const sittingInSet =
    db.prepare(`SELECT ${SITTING_COLUMNS} FROM politicians WHERE constituency_id >= ? || '/' AND constituency_id < ? || '0'
    AND level = 'municipal' AND status = 'sitting' ORDER BY sort_name, id`);
  const offices = db.prepare(`SELECT kind, address, city, province_territory, postal_code, phone, fax, email, hours, lat, lng, source
    FROM offices WHERE politician_id = ? ORDER BY kind_order, ord`);
  const socials = db.prepare(`SELECT platform, handle, url, follower_count, lifetime_post_count, last_post_at, last_profile_check_at,
      last_verified_at, is_live FROM socials WHERE politician_id = ? AND is_live = 1 ORDER BY platform, handle`);
  const shape = (rows: unknown[]): SittingPolitician[] =>
    (rows as Array<RepresentativePolitician & { social_urls: string; office_folded: string; sort_name: string }>).map(
      ({ office_folded, sort_name: _sort, social_urls, ...p }) => ({
        politician: { ...p, social_urls: JSON.parse(social_urls) },
        level: p.level,
        constituency_name: p.constituency_name,
        is_mayor: MAYOR.test(office_folded),
      }),
    );

  return {
    code: (c: string) => (code?.get(c) as PostcodeRow | undefined) ?? null,
    fsa: (f: string) => (fsa?.get(f) as FsaRow | undefined) ?? null,

    /** The id of the boundary set the build found containing a full code's or an FSA's own point
     *  (build-db/postcodes/write-point-boundaries.ts); null when not on file. Codes share sets. */
    boundarySetOf: (code: string) => (setOf?.get(code) as number | undefined) ?? null,
    /** A boundary set's constituency_ids: every current boundary containing its points, in the lookup's order. */
    boundarySet: (id: number) => JSON.parse((setById?.get(id) as string | undefined) ?? '[]') as string[],

    /** Sitting politicians whose constituency is `constituencyId`, in list order. */
    sittingIn: (constituencyId: string): SittingPolitician[] => shape(sitting.all(constituencyId)),
    /** Sitting municipal politicians of any constituency of a boundary set, in list order. */
    sittingInSet: (sourceSet: string): SittingPolitician[] => shape(sittingInSet.all(sourceSet, sourceSet)),

    offices: (politicianId: string) => offices.all(politicianId) as Office[],
    liveSocials: (politicianId: string) =>
      (socials.all(politicianId) as Array<Omit<SocialHandle, 'is_live'> & { is_live: number }>).map((s) => ({
        ...s,
        is_live: s.is_live === 1,
      })),
  };
}

export type PostcodeQueries = ReturnType<typeof createPostcodeQueries>;
