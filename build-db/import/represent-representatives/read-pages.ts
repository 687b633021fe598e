// The fetch cache's copy of Represent's representative sets: `representative-sets/offset-N.json`
// (the set list) and `representatives/<set>/offset-N.json` (each set's roster), one file per page
// of the API's limit/offset pagination. Pages are read by following `meta.next` from offset 0, so a
// page the fetch did not bring makes the set *incomplete* (reported, and nobody's term is ended on it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RepresentOffice {
  type?: string | null;
  postal?: string | null;
  tel?: string | null;
  fax?: string | null;
}

/** One object of `/representatives/{set}/` as Represent documents it (fields we read). */
export interface RepresentMember {
  name?: string;
  first_name?: string | null;
  last_name?: string | null;
  district_name?: string | null;
  elected_office?: string | null;
  party_name?: string | null;
  email?: string | null;
  url?: string | null;
  personal_url?: string | null;
  photo_url?: string | null;
  source_url?: string | null;
  offices?: RepresentOffice[] | null;
  extra?: Record<string, unknown> | null;
  related?: { boundary_url?: string | null; representative_set_url?: string | null } | null;
}

/** One object of `/representative-sets/`. */
export interface RepresentSet {
  name?: string;
  url?: string;
  last_updated?: string | null;
  data_url?: string | null;
  related?: { boundary_set_url?: string | null; representatives_url?: string | null } | null;
}

interface Page<T> {
  objects?: T[];
  meta?: { next?: string | null; total_count?: number | null };
}

export const SETS_DIR = 'representative-sets';
export const ROSTERS_DIR = 'representatives';
export const pageFile = (dir: string, offset: number) => `${dir}/offset-${offset}.json`;

/** The offset a `meta.next` URL asks for ("/representatives/x/?limit=100&offset=200" → 200). */
export function offsetOf(next: string): number | null {
  const m = /[?&]offset=(\d+)/.exec(next);
  return m ? Number(m[1]) : null;
}

/** The last path segment of a Represent URL ("/representative-sets/ontario-legislature/" → "ontario-legislature"). */
export const lastSegment = (url: string | null | undefined) => (url ?? '').split('?')[0].split('/').filter(Boolean).at(-1) ?? null;

export interface ReadPages<T> {
  objects: Array<{ object: T; file: string; index: number }>;
  /** Every page in the chain was there and parsed, and the objects number meta.total_count. */
  complete: boolean;
  problems: Array<{ file: string; reason: string; detail?: string }>;
  pages: number;
}

/** Follows one paginated listing through the folder from offset 0. */
export function readChain<T>(from: string, dir: string): ReadPages<T> {
  const out: ReadPages<T> = { objects: [], complete: true, problems: [], pages: 0 };
  let total: number | null = null;
  const seen = new Set<number>();
  for (let offset: number | null = 0; offset !== null; ) {
    const file = pageFile(dir, offset);
    seen.add(offset);
    if (!existsSync(join(from, file))) {
      out.complete = false;
      out.problems.push({ file, reason: 'page missing', detail: "listed by the previous page's meta.next" });
      break;
    }
    let page: Page<T>;
    try {
      page = JSON.parse(readFileSync(join(from, file), 'utf8'));
    } catch (err) {
      out.complete = false;
      out.problems.push({ file, reason: 'page is not JSON', detail: (err as Error).message });
      break;
    }
    if (!Array.isArray(page?.objects)) {
      out.complete = false;
      out.problems.push({ file, reason: 'page has no objects array' });
      break;
    }
    out.pages++;
    page.objects.forEach((object, index) => out.objects.push({ object, file, index }));
    if (typeof page.meta?.total_count === 'number') total = page.meta.total_count;
    const next: number | null = page.meta?.next ? offsetOf(page.meta.next) : null;
    if (page.meta?.next && next === null) {
      out.complete = false;
      out.problems.push({ file, reason: 'meta.next has no offset', detail: page.meta.next });
      break;
    }
    if (next !== null && seen.has(next)) {
      out.complete = false;
      out.problems.push({ file, reason: 'meta.next loops back', detail: page.meta!.next! });
      break;
    }
    offset = next;
  }
  if (out.complete && total !== null && total !== out.objects.length) {
    out.complete = false;
    out.problems.push({
      file: pageFile(dir, 0),
      reason: 'objects differ from meta.total_count',
      detail: `${out.objects.length} read, ${total} announced`,
    });
  }
  return out;
}
