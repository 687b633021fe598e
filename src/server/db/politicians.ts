// Politicians, their offices, social handles, posts and websites: all SQL for the resource.
import type Database from 'better-sqlite3';
import type { Level, OfficeKind, Platform, PoliticianStatus } from '../../core/domain/enums.js';
import { escapeLike, fold } from '../../core/domain/text.js';
import { createPager, Where, type Page } from './paged.js';
import { containsText } from '../../core/data-file/text-index.js';
import type { WebsiteScan } from '../../core/data-file/website-scan.js';

// `party` and the constituency are null for the few people no source gives them for (a senator known
// only as a bill's sponsor): decisions 1, unknown values are null (docs/api-notes.md).
export interface PoliticianListItem {
  id: string;
  full_name: string;
  honorific: string | null;
  party: string | null;
  status: PoliticianStatus;
  level: Level;
  province_territory: string | null;
  constituency_id: string | null;
  constituency_name: string | null;
  elected_office: string;
  photo_url: string | null;
  email: string | null;
  phone: string | null;
  term_start_at: string | null;
  last_verified_at: string | null;
}

export interface PoliticianDetail {
  id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  honorific: string | null;
  party: string | null;
  elected_office: string;
  level: Level;
  province_territory: string | null;
  constituency_name: string | null;
  constituency_id: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
  constituency_office_address: string | null;
  legislature_office_address: string | null;
  mailing_address: null;
  status: PoliticianStatus;
  term_start_at: string | null;
  term_end_at: string | null;
  last_verified_at: string | null;
  photo_url: string | null;
  personal_url: string | null;
  official_url: string | null;
  social_urls: Record<string, string>;
  is_active: boolean;
  external_parliament_slug: string | null;
  ab_assembly_mid: string | null;
}

/** One seat held (docs/api-notes.md, "Politician detail: terms"): a Parliament's term in one riding
 *  for one party; `observed` when the dates are those a source saw the person act in the seat. */
export interface PoliticianTerm {
  start_at: string;
  end_at: string | null;
  elected_office: string | null;
  constituency_id: string | null;
  constituency_name: string | null;
  party: string | null;
  parliament_number: number | null;
  observed: boolean;
}

export type { WebsiteScan };

export interface Website {
  id: string;
  url: string;
  hostname: string | null;
  label: string | null;
  is_active: boolean;
  last_scanned_at: string | null;
  created_at: string;
  updated_at: string;
  scan: WebsiteScan | null;
}

export interface Office {
  kind: OfficeKind;
  address: string | null;
  city: string | null;
  province_territory: string | null;
  postal_code: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  hours: string | null;
  lat: number | null;
  lng: number | null;
  source: string | null;
}

export interface SocialHandle {
  platform: Platform;
  handle: string;
  url: string;
  follower_count: number | null;
  lifetime_post_count: number | null;
  last_post_at: string | null;
  last_profile_check_at: string | null;
  last_verified_at: string | null;
  is_live: boolean;
}

export interface SocialPost {
  id: string;
  politician_id: string;
  platform: Platform;
  post_id: string;
  posted_at: string;
  text: string | null;
  url: string;
  media_urls: string[];
  engagement: Record<string, number> | null;
  scraped_at: string;
  funded_by: string | null;
  funded_by_url: string | null;
}

export interface PoliticianFilters {
  /** 'federal' or a province code (already upper-cased). */
  jurisdiction?: string;
  role?: string;
  status: PoliticianStatus | 'all';
  constituency_id?: string;
  q?: string;
  page: number;
  limit: number;
}

const LIST_COLUMNS = `id, name AS full_name, honorific, party, status, level, province_territory, constituency_id,
  constituency_name, elected_office, photo_url, email, phone, term_start_at, last_verified_at`;

const contains = (s: string) => `%${escapeLike(fold(s))}%`;

export function createPoliticianQueries(db: Database.Database) {
  const paged = createPager(db);
  const detail = db.prepare(`SELECT id, name, first_name, last_name, honorific, party, elected_office, level, province_territory,
      constituency_name, constituency_id, email, phone, fax, constituency_office_address, legislature_office_address,
      NULL AS mailing_address, status, term_start_at, term_end_at, last_verified_at, photo_url, personal_url, official_url,
      social_urls, is_active, external_parliament_slug, ab_assembly_mid
    FROM politicians WHERE id = ?`);
  const exists = db.prepare('SELECT 1 FROM politicians WHERE id = ?').pluck();
  const terms = db.prepare(`SELECT start_at, end_at, elected_office, constituency_id, constituency_name, party, parliament_number, observed
    FROM politician_terms WHERE politician_id = ? ORDER BY ord`);
  const websites = db.prepare(`SELECT id, url, hostname, label, is_active, last_scanned_at, created_at, updated_at, scan
    FROM websites WHERE politician_id = ? AND is_active = 1 ORDER BY created_at, id`);
  const offices = db.prepare(`SELECT kind, address, city, province_territory, postal_code, phone, fax, email, hours, lat, lng, source
    FROM offices WHERE politician_id = ? ORDER BY kind_order, ord`);
  const socialsLive = db.prepare(`SELECT platform, handle, url, follower_count, lifetime_post_count, last_post_at, last_profile_check_at,
      last_verified_at, is_live FROM socials WHERE politician_id = ? AND is_live = 1 ORDER BY platform, handle`);
  const socialsAll = db.prepare(`SELECT platform, handle, url, follower_count, lifetime_post_count, last_post_at, last_profile_check_at,
      last_verified_at, is_live FROM socials WHERE politician_id = ? ORDER BY platform, handle`);
  const postColumns = `id, politician_id, platform, post_id, posted_at, text, url, media_urls, engagement, scraped_at, funded_by, funded_by_url`;
  const postsAll = db.prepare(`SELECT ${postColumns} FROM posts WHERE politician_id = ? ORDER BY posted_at DESC, id LIMIT ?`);
  const postsOn = db.prepare(`SELECT ${postColumns} FROM posts WHERE politician_id = ? AND platform IN (SELECT value FROM json_each(?))
    ORDER BY posted_at DESC, id LIMIT ?`);

  const shapeSocial = (r: Omit<SocialHandle, 'is_live'> & { is_live: number }): SocialHandle => ({ ...r, is_live: r.is_live === 1 });

  return {
    list(f: PoliticianFilters): Page<PoliticianListItem> {
      const where = new Where();
      if (f.jurisdiction === 'federal') where.always(`level = 'federal'`);
      else where.when(f.jurisdiction, `level = 'provincial' AND province_territory = ?`);
      if (f.status !== 'all') where.always('status = ?', f.status);
      where.when(f.role, `office_folded LIKE ? ESCAPE '\\'`, contains).when(f.constituency_id, 'constituency_id = ?');
      if (f.q !== undefined) where.always(...containsText('politicians', '', f.q));
      return paged<PoliticianListItem>({
        select: LIST_COLUMNS,
        from: 'politicians',
        where,
        orderBy: 'sort_name, id',
        page: f.page,
        limit: f.limit,
      });
    },

    exists: (id: string) => exists.get(id) === 1,

    detail(id: string): { politician: PoliticianDetail; websites: Website[]; terms: PoliticianTerm[] } | null {
      const row = detail.get(id) as
        | (Omit<PoliticianDetail, 'social_urls' | 'is_active'> & { social_urls: string; is_active: number })
        | undefined;
      if (!row) return null;
      const politician: PoliticianDetail = { ...row, social_urls: JSON.parse(row.social_urls), is_active: row.is_active === 1 };
      const sites = (websites.all(id) as Array<Omit<Website, 'is_active' | 'scan'> & { is_active: number; scan: string | null }>).map(
        (w) => ({ ...w, is_active: w.is_active === 1, scan: w.scan === null ? null : (JSON.parse(w.scan) as WebsiteScan) }),
      );
      const history = (terms.all(id) as Array<Omit<PoliticianTerm, 'observed'> & { observed: number }>).map((t) => ({
        ...t,
        observed: t.observed === 1,
      }));
      return { politician, websites: sites, terms: history };
    },

    offices: (id: string) => offices.all(id) as Office[],

    socials: (id: string, includeDead: boolean) =>
      ((includeDead ? socialsAll : socialsLive).all(id) as Array<Omit<SocialHandle, 'is_live'> & { is_live: number }>).map(shapeSocial),

    posts(id: string, platforms: Platform[] | undefined, limit: number): SocialPost[] {
      const rows = (platforms ? postsOn.all(id, JSON.stringify(platforms), limit) : postsAll.all(id, limit)) as Array<
        Omit<SocialPost, 'media_urls' | 'engagement'> & { media_urls: string; engagement: string | null }
      >;
      return rows.map((r) => ({
        ...r,
        media_urls: JSON.parse(r.media_urls),
        engagement: r.engagement === null ? null : JSON.parse(r.engagement),
      }));
    },
  };
}

export type PoliticianQueries = ReturnType<typeof createPoliticianQueries>;
