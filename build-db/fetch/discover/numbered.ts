// House Debates sittings have no index document: they are numbered within a session (HAN001 …), so
// they are found by probing. Known numbers are not requested again once their session has closed;
// the newest session's last few are re-checked (corrections appear days later); numbers absent below
// the highest found are probed again for `reprobe_days` (the XML often lags the sitting), unless the
// session closed longer ago than that; past the highest, numbers are probed in windows until
// `miss_budget` in a row are absent. Sittings outside the numbering (No. 128-B) come from the session's
// calendar when the source names one (sitting-calendar.ts).
import type { FileOutcome } from '../fetch-file.js';
import type { ManifestFile } from '../manifest-types.js';
import { expandTemplate, failureOf, type DiscoverContext, type Discovered, type Discoverer, type Session } from './context.js';
import { walkCalendar } from './sitting-calendar.js';

/** Highest number scanned for in the cache; far above any session's sitting count. */
const MAX_NUMBER = 2000;
const DAY_MS = 86_400_000;

export const discoverNumbered: Discoverer = async (ctx) => {
  const d = ctx.source.discover;
  if (d?.kind !== 'numbered') throw new Error(`${ctx.source.id}: not a numbered source`);
  const out: Discovered = { files: [], failures: [], sessionsFound: [] };
  for (const session of ctx.sessions) {
    if (session.parliament < (d.from_parliament ?? 0)) continue;
    // A session closed (its successor opened) over reprobe_days ago publishes nothing late any more.
    const next = ctx.nextOpened ? ctx.nextOpened(session) : (ctx.sessions[ctx.sessions.indexOf(session) + 1]?.opened ?? null);
    const closedLongAgo = !session.open && next !== null && Date.parse(ctx.now) - Date.parse(next) > (d.reprobe_days ?? 30) * DAY_MS;
    const got = await walkSession(ctx, session, d.files, {
      budget: d.miss_budget ?? 5,
      reprobeDays: d.reprobe_days ?? 30,
      recheckLast: d.recheck_last ?? 3,
      revisionDays: d.revision_days ?? 0,
      closedLongAgo,
    });
    out.files.push(...got.files);
    out.failures.push(...got.failures);
    if (session.candidate && got.found > 0) out.sessionsFound.push({ ...session, candidate: false });
    ctx.progress(`${ctx.source.id} ${session.id}: ${got.found} found (${got.requested} requested, highest ${got.highest})`);
    // A session found by probing has no calendar walk until it is listed.
    if (d.calendar && !session.candidate) {
      const cal = await walkCalendar(ctx, session, d.calendar, { revisionDays: d.revision_days ?? 0 });
      out.files.push(...cal.files);
      out.failures.push(...cal.failures);
      if (cal.labels.length) ctx.progress(`${ctx.source.id} ${session.id}: lettered sittings ${cal.labels.join(', ')}`);
    }
  }
  return out;
};

interface Walk {
  files: FileOutcome[];
  failures: string[];
  found: number;
  requested: number;
  highest: number;
}

async function walkSession(
  ctx: DiscoverContext,
  session: Session,
  templates: ManifestFile[],
  o: { budget: number; reprobeDays: number; recheckLast: number; revisionDays: number; closedLongAgo: boolean },
): Promise<Walk> {
  const filesOf = (n: number) => templates.map((t, i) => ({ ...expandTemplate(t, session, n), optional: i === 0 ? true : t.optional }));
  const walk: Walk = { files: [], failures: [], found: 0, requested: 0, highest: 0 };
  const known = new Set<number>();
  for (let n = 1; n <= MAX_NUMBER; n++) if (ctx.kept(filesOf(n)[0])) known.add(n);
  const highest = Math.max(0, ...known);

  /** Probes number n; fetches its companions when it exists. True when the publisher has it. */
  const probe = async (n: number): Promise<boolean> => {
    const [first, ...rest] = filesOf(n);
    const o1 = await ctx.fetch(first);
    // Not asked (past the fetch deadline): neither found nor absent; the next run probes it.
    if (o1.result === 'deferred') return false;
    walk.requested++;
    const failure = failureOf(o1);
    if (failure) walk.failures.push(failure);
    // A failed re-check keeps the last good copy (stale); a failed probe of a new number tells nothing.
    if (o1.result === 'stale') {
      walk.files.push(o1);
      walk.found++;
      return true;
    }
    if (failure) return false;
    if (o1.result === 'absent') {
      if (!ctx.missedAt(first.path)) ctx.setMiss(first.path, ctx.now);
      return false;
    }
    if (ctx.missedAt(first.path)) ctx.setMiss(first.path, null);
    walk.files.push(o1);
    for (const f of rest) {
      // The other editions finish the sitting whose probe was answered, deadline or not.
      const o2 = await ctx.fetch(f, { backfill: false });
      walk.requested++;
      const f2 = failureOf(o2);
      if (f2) walk.failures.push(f2);
      if (o2.result !== 'absent' && o2.result !== 'missing') walk.files.push(o2);
    }
    walk.found++;
    return true;
  };

  // The revision window: a sitting of the sitting session whose content was first held less than
  // `revision_days` ago is re-checked (conditional GET): the House revises the XML after publication.
  const windowFrom = new Date(Date.parse(ctx.now) - o.revisionDays * DAY_MS).toISOString();
  const recent = (n: number) => o.revisionDays > 0 && (ctx.kept(filesOf(n)[0])?.fetched_at ?? '') >= windowFrom;
  const tasks: Array<Promise<unknown>> = [];
  for (let n = 1; n <= highest; n++) {
    if (known.has(n)) {
      if (session.open && (n > highest - o.recheckLast || recent(n))) {
        tasks.push(probe(n));
        continue;
      }
      walk.found++;
      for (const f of filesOf(n)) {
        const k = ctx.kept(f);
        if (k) walk.files.push(k);
      }
      continue;
    }
    const missed = ctx.missedAt(filesOf(n)[0].path);
    const resumedPast = missed && ctx.resumeFrom && missed >= ctx.resumeFrom;
    // A gap is probed again while the XML may still come: for reprobe_days, and only in a session
    // that has not long closed (a first walk of an old session records its gaps once).
    const givenUp = missed && (o.closedLongAgo || Date.parse(ctx.now) - Date.parse(missed) > o.reprobeDays * DAY_MS);
    if (!resumedPast && !givenUp) tasks.push(probe(n));
  }
  await Promise.all(tasks);

  // Past the highest known: windows of `budget` numbers at once, until a whole window is absent.
  // A closed session's numbers found absent longer than `reprobe_days` ago are not asked for again
  // (sessions from before XML publication would otherwise cost a window of 404s every night).
  const settled = (n: number) => {
    if (session.open) return false;
    const missed = ctx.missedAt(filesOf(n)[0].path);
    return missed !== null && (o.closedLongAgo || Date.parse(ctx.now) - Date.parse(missed) > o.reprobeDays * DAY_MS);
  };
  let lastFound = highest;
  for (let start = highest + 1; start - lastFound <= o.budget && start <= MAX_NUMBER; start += o.budget) {
    const numbers = Array.from({ length: o.budget }, (_, i) => start + i);
    const hits = await Promise.all(numbers.map((n) => (settled(n) ? false : probe(n))));
    numbers.forEach((n, i) => {
      if (hits[i]) lastFound = Math.max(lastFound, n);
    });
    // A window that failed outright (errors, not 404s) tells nothing: stop rather than walk on blind.
    if (walk.failures.length && !hits.some(Boolean)) break;
  }
  walk.highest = lastFound;
  return walk;
}
