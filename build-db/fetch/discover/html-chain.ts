// Publishers whose only index is their web pages: a chain of HTML documents per session, each
// naming the next by a CSS selector, down to the document wanted. The House's committee evidence:
// the committee list of a session (each committee's acronym) → the committee's meetings page
// (each meeting's evidence link) → the evidence viewer (its XML export button) → the Evidence XML,
// the same path openparliament's committee importer walks. Pages of the sitting session are
// re-checked each run; a leaf (and the pages that only lead to it) is fetched once, then asked for
// again only as it passes its step's `recheck_ages` (revisions). A value found inside an element the
// step names (`url_within`: the list's joint committees) takes that step's other URL (www.parl.ca).
import type { Element } from 'domhandler';
import { getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { FileOutcome } from '../fetch-file.js';
import type { ChainStep, ManifestFile } from '../manifest-types.js';
import { expandUrl } from '../read-manifest.js';
import { REVISION_AGES, recheckDue, withinDays } from '../recheck-schedule.js';
import { expandTemplate, failureOf, type DiscoverContext, type Discovered, type Discoverer, type Session } from './context.js';

/** One compound selector: `tag.class.class#id`, any part optional. */
interface Compound {
  tag: string | null;
  classes: string[];
  id: string | null;
}

function parseSelector(selector: string): Compound[] {
  return selector
    .trim()
    .split(/\s+/)
    .map((part) => {
      const tag = /^[a-zA-Z][\w-]*/.exec(part)?.[0] ?? null;
      return {
        tag: tag?.toLowerCase() ?? null,
        classes: [...part.matchAll(/\.([\w-]+)/g)].map((m) => m[1]),
        id: /#([\w-]+)/.exec(part)?.[1] ?? null,
      };
    });
}

const matches = (el: Element, c: Compound) =>
  (!c.tag || el.name.toLowerCase() === c.tag) &&
  (!c.id || getAttributeValue(el, 'id') === c.id) &&
  c.classes.every((k) => (getAttributeValue(el, 'class') ?? '').split(/\s+/).includes(k));

/** Elements matching a descendant selector (`.a .b a.c`), or any of a group (`A, B`), in document order. */
export function selectAll(html: string, selector: string): Element[] {
  const doc = parseDocument(html);
  const groups = selector
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  if (groups.length === 1) return selectIn(doc.children, groups[0]);
  const found = new Set(groups.flatMap((g) => selectIn(doc.children, g)));
  const out: Element[] = [];
  const order = (nodes: unknown[]) => {
    for (const n of nodes as Element[]) {
      if (found.has(n)) out.push(n);
      if (n.children) order(n.children);
    }
  };
  order(doc.children);
  return out;
}

function selectIn(roots: unknown[], selector: string): Element[] {
  const parts = parseSelector(selector);
  const out: Element[] = [];
  const walk = (nodes: unknown[], depth: number) => {
    for (const n of nodes as Element[]) {
      if (n.type !== 'tag' && n.type !== 'script' && n.type !== 'style') continue;
      let next = depth;
      if (depth < parts.length && matches(n, parts[depth])) next = depth + 1;
      if (next === parts.length && depth === parts.length - 1) out.push(n);
      // Once the last part matched, keep looking below for further matches of it.
      walk(n.children, next === parts.length ? depth : next);
    }
  };
  walk(roots, 0);
  return out;
}

/** The elements around `el`, nearest first. */
function* ancestors(el: Element): Generator<Element> {
  for (let p = el.parent as Element | null; p && p.type === 'tag'; p = p.parent as Element | null) yield p;
}

/** True when an element around `el` matches one `tag.class#id` part. */
export function inside(el: Element, compound: string): boolean {
  const c = parseSelector(compound)[0];
  for (const a of ancestors(el)) if (matches(a, c)) return true;
  return false;
}

/** The first group of `pattern` on a class name of the nearest element around `el` that has one. */
export function classValue(el: Element, pattern: string): string | null {
  const re = new RegExp(pattern);
  for (const a of ancestors(el))
    for (const k of (getAttributeValue(a, 'class') ?? '').split(/\s+/)) {
      const m = re.exec(k);
      if (m?.[1]) return m[1];
    }
  return null;
}

const SAFE = /^[A-Za-z0-9-]{1,40}$/;
/** A meeting this recent is the sitting session's newest material, not backfill. */
const NEWEST_DAYS = 14;

export const discoverHtmlChain: Discoverer = async (ctx) => {
  const d = ctx.source.discover;
  if (d?.kind !== 'html-chain') throw new Error(`${ctx.source.id}: not an html-chain source`);
  const out: Discovered = { files: [], failures: [], sessionsFound: [] };
  for (const session of ctx.sessions.filter((s) => !s.candidate)) {
    const days = d.missing_start_days;
    const start = { ...expandTemplate(d.start, session), ...(days !== undefined ? { optional: true } : {}) };
    // A closed session with no such page (older than the publisher's site) stops costing a 404 a night.
    const missed = days !== undefined ? ctx.missedAt(start.path) : null;
    if (days !== undefined && missed && !session.open && !ctx.kept(start) && !withinDays(missed, ctx.now, days)) continue;
    const params = { parliament: session.parliament, session: session.session };
    await walk(ctx, session, d.steps, 0, { file: start, params, once: false, dated: null, noteMiss: days !== undefined }, out);
    ctx.progress(`${ctx.source.id} ${session.id}: ${out.files.length} file(s) so far`);
  }
  return out;
};

/** One document of the chain: where it is, the values that led to it, whether nothing below it can
 *  change (`once`), its item's day (re-checks count from it), and the other host to ask on a 404. */
interface Link {
  file: ManifestFile;
  params: Record<string, string | number>;
  once: boolean;
  dated: string | null;
  fallback?: ManifestFile;
  /** Record a 404 of this document as a miss (the start page of a session the publisher lacks). */
  noteMiss?: boolean;
}

/** Fetches (or keeps) one page of the chain, then follows what it names into the next step. */
async function walk(ctx: DiscoverContext, session: Session, steps: ChainStep[], depth: number, link: Link, out: Discovered): Promise<void> {
  const { file, params, once, dated, fallback, noteMiss } = link;
  const kept = ctx.kept(file);
  const step = steps[depth];
  // The step that named this document: its re-check ages apply to it.
  const via = depth > 0 ? steps[depth - 1] : undefined;
  // The held page's links, read once: an evidence viewer is ~700 KB of HTML, parsed once a run, not twice.
  let links: Element[] | null = null;
  const linksOf = () => (links ??= step ? selectAll(ctx.readCached(file.path) ?? '', step.select) : []);
  let got: FileOutcome | null = kept && (once || !session.open) ? kept : null;
  if (got && kept) {
    const day = dated ?? kept.fetched_at ?? '';
    const due = (ages?: number[]) => Boolean(ages && recheckDue(day, kept.verified_at ?? '', ctx.now, ages));
    // A document the publisher may still revise is asked for again as it passes each age.
    if (due(via?.recheck_ages)) got = null;
    // A page that has led nowhere yet (an evidence viewer before its XML export was posted, a meetings
    // page of a committee that met only in camera): asked again each run while recent, then at the
    // next step's ages, else openparliament's (REGS and BILI never post XML).
    else if (step && linksOf().length === 0)
      if (step.pending_days === undefined || withinDays(day, ctx.now, step.pending_days) || due(step.recheck_ages ?? REVISION_AGES))
        got = null;
  }
  if (!got) {
    // A meeting's documents older than the newest (the naming step's pending_days) are backfill, as is
    // a closed session's walk: past the fetch deadline they wait for the next run.
    const backfill = Boolean(ctx.backfill) || (dated !== null && !withinDays(dated, ctx.now, via?.pending_days ?? NEWEST_DAYS));
    const o = await request(ctx, file, fallback, out, backfill);
    if (noteMiss && o.result === 'absent' && !ctx.missedAt(file.path)) ctx.setMiss(file.path, ctx.now);
    if (noteMiss && o.result !== 'absent' && ctx.missedAt(file.path)) ctx.setMiss(file.path, null);
    got = o.result === 'updated' || o.result === 'unchanged' || o.result === 'stale' ? o : null;
    links = null;
  }
  if (!got) return;
  out.files.push(got);
  if (!step) return;
  const pageUrl = got.url;
  const seen = new Set<string>();
  const jobs: Array<() => Promise<void>> = [];
  for (const el of linksOf()) {
    const taken = step.take === 'text' ? textContent(el).trim() : (getAttributeValue(el, 'href') ?? '').trim();
    const raw = step.pattern ? (new RegExp(step.pattern).exec(taken)?.[1] ?? '') : taken;
    if (!taken || seen.has(raw || taken)) continue;
    seen.add(raw || taken);
    const url = step.url ? null : safeUrl(raw, pageUrl);
    if (step.take === 'text' && !SAFE.test(raw)) {
      out.failures.push(`${file.path}: "${taken}" (${step.select}) is not a usable ${step.as}`);
      continue;
    }
    if (!step.url && !url) {
      out.failures.push(`${file.path}: link "${raw}" is not on the publisher's host`);
      continue;
    }
    const named = step.name ? new RegExp(step.name).exec(url ?? '') : null;
    if (step.name && !named) {
      out.failures.push(`${file.path}: link ${url} does not match ${step.name}`);
      continue;
    }
    const next = { ...params, [step.as]: raw, ...Object.fromEntries((named ?? []).slice(1).map((g, i) => [`m${i + 1}`, g])) };
    const template = step.url_within?.find((w) => inside(el, w.within))?.url ?? step.url;
    const nextFile: ManifestFile = {
      url: template ? expandUrl(template, next) : url!,
      path: expandUrl(step.path, next, String),
      check: step.check,
      format: step.format,
    };
    const other = step.fallback_url ? expandUrl(step.fallback_url, next) : null;
    const leafward = once || step.recheck === 'never';
    const day = (step.date_class ? classValue(el, step.date_class) : null) ?? dated;
    const item: Array<() => Promise<void>> = [
      () =>
        walk(
          ctx,
          session,
          steps,
          depth + 1,
          {
            file: nextFile,
            params: next,
            once: leafward,
            dated: day,
            fallback: other && other !== nextFile.url ? { ...nextFile, url: other } : undefined,
          },
          out,
        ),
    ];
    for (const a of step.also ?? []) {
      const companion: ManifestFile = {
        url: nextFile.url.replace(a.replace[0], a.replace[1]),
        path: expandUrl(a.path, next, String),
        check: step.check,
        format: step.format,
        optional: a.optional,
      };
      item.push(() => walk(ctx, session, steps, steps.length, { file: companion, params: next, once: leafward, dated: day }, out));
    }
    jobs.push(async () => {
      for (const job of item) await job();
    });
  }
  // The start page's links (the committees) are walked together; below it, two items of a page at a
  // time, each to its leaf before the next starts: a meeting's XML is asked for before later meetings'
  // viewers, so a night cut by the fetch deadline leaves whole meetings, not viewers without their XML.
  await pool(jobs, depth === 0 ? jobs.length : ITEMS_AT_ONCE);
}

const ITEMS_AT_ONCE = 2;

async function pool(jobs: Array<() => Promise<void>>, width: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) await jobs[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, lane));
}

/** Requests one document: from the host that served it last, else its own URL, then, on a 404, the
 *  other host named for it. A failure is noted; a held copy that it leaves in place (stale) is still used. */
async function request(
  ctx: DiscoverContext,
  file: ManifestFile,
  fallback: ManifestFile | undefined,
  out: Discovered,
  backfill: boolean,
): Promise<FileOutcome> {
  const first = fallback && ctx.kept(file)?.url === fallback.url ? fallback : file;
  const second = fallback && first === file ? fallback : undefined;
  let o = await ctx.fetch(second ? { ...first, optional: true } : first, { backfill });
  if (second && o.status === 404) o = await ctx.fetch(second, { backfill });
  const failure = failureOf(o);
  if (failure) out.failures.push(failure);
  return o;
}

/** A link resolved against its page, only when it stays on the page's host (no wandering off-site). */
function safeUrl(href: string, base: string): string | null {
  try {
    const u = new URL(href, base);
    return u.host === new URL(base).host && (u.protocol === 'https:' || u.protocol === 'http:') ? u.href : null;
  } catch {
    return null;
  }
}
