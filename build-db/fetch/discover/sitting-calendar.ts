// Sittings outside the House's numbering (No. 128-B) cannot be probed: their file names are not
// known. The DocumentViewer's session calendar links every sitting (`…/house/sitting-128b/hansard`),
// and each sitting's page links its XML (`a.btn-export-xml`), as a public importer of House sittings
// reads them; so a lettered sitting's XML URL is read from its page, never built. The calendar of the
// sitting session is asked for each run (one request); a closed session's once held is not asked again.
import { getAttributeValue } from 'domutils';
import type { FileOutcome } from '../fetch-file.js';
import type { ManifestFile, SittingCalendar } from '../manifest-types.js';
import { expandUrl } from '../read-manifest.js';
import { expandTemplate, failureOf, type DiscoverContext, type Session } from './context.js';
import { selectAll } from './html-chain.js';

const DAY_MS = 86_400_000;
// Optional: a session or sitting without a page (404) is absent, not a failure.
const HTML = { format: 'html' as const, check: { content_types: ['text/html'] }, optional: true };

export interface CalendarWalk {
  files: FileOutcome[];
  failures: string[];
  /** The lettered sittings the calendar names (`128b`). */
  labels: string[];
}

/** The sitting labels of a calendar page's links that match `pattern` (lower case, each once), with their hrefs. */
export function calendarLinks(html: string, cal: Pick<SittingCalendar, 'select' | 'pattern'>): Array<{ label: string; href: string }> {
  const re = new RegExp(cal.pattern, 'i');
  const seen = new Map<string, string>();
  for (const a of selectAll(html, cal.select)) {
    const href = getAttributeValue(a, 'href');
    const label = href ? re.exec(href)?.[1]?.toLowerCase() : undefined;
    if (href && label && !seen.has(label)) seen.set(label, href);
  }
  return [...seen].map(([label, href]) => ({ label, href }));
}

/** The XML export link of a sitting's page, absolute; null when the page has none (not posted yet). */
export function xmlLink(html: string, select: string, pageUrl: string): string | null {
  const a = selectAll(html, select).find((e) => getAttributeValue(e, 'href'));
  return a ? new URL(getAttributeValue(a, 'href')!, pageUrl).toString() : null;
}

/** Finds the session's lettered sittings from its calendar and fetches each one's XML (and twin). */
export async function walkCalendar(
  ctx: DiscoverContext,
  session: Session,
  cal: SittingCalendar,
  o: { revisionDays: number },
): Promise<CalendarWalk> {
  const walk: CalendarWalk = { files: [], failures: [], labels: [] };
  const index: ManifestFile = { ...expandTemplate(cal.index, session), ...HTML };
  const held = ctx.kept(index);
  let html: string | null = null;
  if (held && !session.open) {
    walk.files.push(held);
    html = ctx.readCached(index.path);
  } else if (!session.open && ctx.missedAt(index.path)) {
    // A closed session without a calendar (404 once) has none to come.
    return walk;
  } else {
    const got = await ctx.fetch(index);
    const failure = failureOf(got);
    // A calendar that fails costs only the lettered sittings (the numbered ones are probed apart).
    if (failure) walk.failures.push(failure);
    if (got.result === 'absent') ctx.setMiss(index.path, ctx.now);
    if (got.result !== 'absent' && got.result !== 'missing') {
      walk.files.push(got);
      html = ctx.readCached(index.path);
    }
  }
  if (!html) return walk;

  const params = (label: string) => ({ parliament: session.parliament, session: session.session, label });
  const windowFrom = new Date(Date.parse(ctx.now) - o.revisionDays * DAY_MS).toISOString();
  for (const { label, href } of calendarLinks(html, cal)) {
    walk.labels.push(label);
    const pagePath = expandUrl(cal.page_path, params(label), String);
    const page: ManifestFile = { path: pagePath, url: new URL(href, index.url).toString(), ...HTML };
    const xmlPath = expandUrl(cal.xml_path, params(label), String);
    const twinPath = cal.also ? expandUrl(cal.also.path, params(label), String) : null;
    const heldXml = ctx.kept({ path: xmlPath, url: '' });
    const heldPage = ctx.kept(page);
    // A held sitting is asked for again only in the sitting session while within the revision window.
    const revising = session.open && o.revisionDays > 0 && (heldXml?.fetched_at ?? '') >= windowFrom;
    if (heldXml && heldPage && !revising) {
      walk.files.push(heldPage, heldXml);
      const twin = twinPath ? ctx.kept({ path: twinPath, url: '' }) : null;
      if (twin) walk.files.push(twin);
      continue;
    }
    // The page is asked for until its XML is held (the link appears once the XML is posted).
    let pageHtml: string | null = null;
    if (heldPage && heldXml) {
      walk.files.push(heldPage);
      pageHtml = ctx.readCached(pagePath);
    } else {
      const got = await ctx.fetch(page);
      const failure = failureOf(got);
      if (failure) walk.failures.push(failure);
      if (got.result !== 'absent' && got.result !== 'missing') {
        walk.files.push(got);
        pageHtml = ctx.readCached(pagePath);
      }
    }
    const xmlUrl = pageHtml ? xmlLink(pageHtml, cal.xml_select, page.url) : null;
    if (!xmlUrl) {
      ctx.progress(`${ctx.source.id} ${session.id}: sitting ${label} has no XML link yet`);
      if (heldXml) walk.files.push(heldXml);
      continue;
    }
    const targets: ManifestFile[] = [{ path: xmlPath, url: xmlUrl }];
    if (cal.also && twinPath && xmlUrl.includes(cal.also.replace[0]))
      targets.push({ path: twinPath, url: xmlUrl.replace(cal.also.replace[0], cal.also.replace[1]), optional: true });
    for (const f of targets) {
      const got = await ctx.fetch(f);
      const failure = failureOf(got);
      if (failure) walk.failures.push(failure);
      if (got.result !== 'absent' && got.result !== 'missing') walk.files.push(got);
    }
  }
  return walk;
}
