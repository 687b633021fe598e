// Publishers whose only index is their web pages: a chain of HTML documents per session, each
// naming the next by a CSS selector, down to the document wanted. The House's committee evidence:
// the committee list of a session (each committee's acronym) → the committee's meetings page
// (each meeting's evidence link) → the evidence viewer (its XML export button) → the Evidence XML,
// the same path openparliament's committee importer walks. Pages of the sitting session are
// re-checked each run; a leaf (and the pages that only lead to it) is fetched once.
import type { Element } from 'domhandler';
import { getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { FileOutcome } from '../fetch-file.js';
import type { ChainStep, ManifestFile } from '../manifest-types.js';
import { expandUrl } from '../read-manifest.js';
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

/** Elements matching a descendant selector (`.a .b a.c`), in document order. */
export function selectAll(html: string, selector: string): Element[] {
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
  walk(parseDocument(html).children, 0);
  return out;
}

const SAFE = /^[A-Za-z0-9-]{1,40}$/;

export const discoverHtmlChain: Discoverer = async (ctx) => {
  const d = ctx.source.discover;
  if (d?.kind !== 'html-chain') throw new Error(`${ctx.source.id}: not an html-chain source`);
  const out: Discovered = { files: [], failures: [], sessionsFound: [] };
  for (const session of ctx.sessions.filter((s) => !s.candidate)) {
    const start = expandTemplate(d.start, session);
    await walk(ctx, session, d.steps, 0, start, { parliament: session.parliament, session: session.session }, false, out);
    ctx.progress(`${ctx.source.id} ${session.id}: ${out.files.length} file(s) so far`);
  }
  return out;
};

/** Fetches (or keeps) one page of the chain, then follows what it names into the next step. */
async function walk(
  ctx: DiscoverContext,
  session: Session,
  steps: ChainStep[],
  depth: number,
  file: ManifestFile,
  params: Record<string, string | number>,
  once: boolean,
  out: Discovered,
): Promise<void> {
  const kept = ctx.kept(file);
  const step = steps[depth];
  // A held page is used without a request when nothing below it can change, unless it has led nowhere
  // yet (an evidence viewer fetched before its XML export was posted).
  const ledSomewhere = () => !step || selectAll(ctx.readCached(file.path) ?? '', step.select).length > 0;
  let got: FileOutcome | null = kept && (once || !session.open) && ledSomewhere() ? kept : null;
  if (!got) {
    const o = await ctx.fetch(file);
    const failure = failureOf(o);
    if (failure) out.failures.push(failure);
    got = o.result === 'updated' || o.result === 'unchanged' || o.result === 'stale' ? o : null;
  }
  if (!got) return;
  out.files.push(got);
  if (!step) return;
  const page = ctx.readCached(file.path) ?? '';
  const seen = new Set<string>();
  const tasks: Array<Promise<void>> = [];
  for (const el of selectAll(page, step.select)) {
    const raw = step.take === 'text' ? textContent(el).trim() : (getAttributeValue(el, 'href') ?? '').trim();
    if (!raw || seen.has(raw)) continue;
    seen.add(raw);
    const url = step.url ? null : safeUrl(raw, file.url);
    if (step.take === 'text' && !SAFE.test(raw)) {
      out.failures.push(`${file.path}: "${raw}" (${step.select}) is not a usable ${step.as}`);
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
    const nextFile: ManifestFile = {
      url: step.url ? expandUrl(step.url, next) : url!,
      path: expandUrl(step.path, next, String),
      check: step.check,
      format: step.format,
    };
    const leafward = once || step.recheck === 'never';
    tasks.push(walk(ctx, session, steps, depth + 1, nextFile, next, leafward, out));
    for (const a of step.also ?? []) {
      const companion: ManifestFile = {
        url: nextFile.url.replace(a.replace[0], a.replace[1]),
        path: expandUrl(a.path, next, String),
        check: step.check,
        format: step.format,
        optional: a.optional,
      };
      tasks.push(walk(ctx, session, steps, steps.length, companion, next, leafward, out));
    }
  }
  await Promise.all(tasks);
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
