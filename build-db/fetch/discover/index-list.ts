// A publisher's list export per session names its items; each item has its own detail export.
// The House's vote list (`<Vote>`, keyed by DecisionDivisionNumber, dated by DecisionEventDateTime)
// → each division's detail with every member's position; LEGISinfo's per-session bill list
// (`<Bill>`, keyed by NumberCode) → each bill's record with its stages and sponsor.
// A division's detail is requested once (`recheck: never`) except while recent (`recheck_days`: the
// House corrects it in the first days), and refused when it lists nobody or names another session;
// a bill of the sitting session changes as it moves, so it is re-checked every run (`open-session`).
import { getElementsByTagName, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { FileOutcome } from '../fetch-file.js';
import { expandTemplate, failureOf, type Discovered, type Discoverer } from './context.js';

export interface ListedItem {
  key: string;
  date: string | null;
}
export interface ListShape {
  item: string;
  key: string;
  date?: string;
  session_fields?: { parliament: string; session: string };
}

/** Every `<item>` of a list export with its key and date (YYYY-MM-DD); items without a usable key,
 *  or naming another session than `session` (when the shape says where it is written), are problems. */
export function readIndexList(
  xml: string,
  shape: ListShape,
  session?: { parliament: number; session: number },
): { items: ListedItem[]; problems: string[] } {
  const doc = parseDocument(xml, { xmlMode: true });
  const items: ListedItem[] = [];
  const problems: string[] = [];
  getElementsByTagName(shape.item, doc.children, true).forEach((el, i) => {
    const field = (name: string) => {
      const f = getElementsByTagName(name, el.children, false)[0];
      return f ? textContent(f).trim() : '';
    };
    const key = field(shape.key);
    // Keys go into URLs and cache paths: letters, digits and dashes only (C-11, S-2, 332).
    if (!/^[A-Za-z0-9-]{1,20}$/.test(key)) {
      problems.push(`${shape.item} #${i + 1}: ${shape.key} "${key}" is not an item key`);
      return;
    }
    const sf = shape.session_fields;
    if (sf && session) {
      const [p, s] = [field(sf.parliament), field(sf.session)];
      if ((p && p !== String(session.parliament)) || (s && s !== String(session.session))) {
        problems.push(`${shape.item} ${key}: of session ${p}-${s}, listed for ${session.parliament}-${session.session}: left out`);
        return;
      }
    }
    items.push({ key, date: shape.date ? (/^\d{4}-\d\d-\d\d/.exec(field(shape.date))?.[0] ?? null) : null });
  });
  return { items, problems };
}

export const discoverIndexList: Discoverer = async (ctx) => {
  const d = ctx.source.discover;
  if (d?.kind !== 'index-list') throw new Error(`${ctx.source.id}: not an index-list source`);
  const out: Discovered = { files: [], failures: [], sessionsFound: [] };
  for (const session of ctx.sessions.filter((s) => !s.candidate)) {
    // A session with nothing recorded yet may have no list: a 404 is not an error.
    const index = { ...expandTemplate(d.index, session), optional: true };
    const cached = ctx.kept(index);
    let listed: FileOutcome | null = cached && !session.open ? cached : null;
    if (!listed) {
      const o = await ctx.fetch(index);
      const failure = failureOf(o);
      if (failure) out.failures.push(failure);
      listed = failure ? cached : o.result === 'absent' ? null : o;
    }
    if (!listed) continue;
    out.files.push(listed);
    const { items, problems } = readIndexList(ctx.readCached(index.path) ?? '', d, session);
    out.failures.push(...problems.map((p) => `${index.path}: ${p}`));
    const wanted = items.filter((v) => !ctx.since || !v.date || v.date >= ctx.since);
    const recheck = d.recheck === 'open-session' && session.open;
    const recentFrom = d.recheck_days ? new Date(Date.parse(ctx.now) - d.recheck_days * 86_400_000).toISOString().slice(0, 10) : null;
    const sf = d.session_fields;
    const details = await Promise.all(
      wanted.map(async (v) => {
        // A detail must name this session and item where it names them at all.
        const fieldsEqual = sf
          ? { [sf.parliament]: String(session.parliament), [sf.session]: String(session.session), ...(sf.key ? { [sf.key]: v.key } : {}) }
          : undefined;
        const check = fieldsEqual ? { ...(d.detail.check ?? ctx.source.check ?? {}), fields_equal: fieldsEqual } : d.detail.check;
        const file = expandTemplate({ ...d.detail, check, params: { ...(d.detail.params ?? {}), key: v.key } }, session);
        const kept = ctx.kept(file);
        const recent = recentFrom !== null && v.date !== null && v.date >= recentFrom;
        if (kept && !recheck && !recent) return kept;
        const o = await ctx.fetch(file);
        const failure = failureOf(o);
        if (failure) out.failures.push(failure);
        return o.result === 'updated' || o.result === 'unchanged' || o.result === 'stale' ? o : null;
      }),
    );
    out.files.push(...details.filter((o): o is FileOutcome => o !== null));
    ctx.progress(
      `${ctx.source.id} ${session.id}: ${wanted.length} ${d.item} item(s) listed${ctx.since && d.date ? ` since ${ctx.since}` : ''}, ${details.filter(Boolean).length} in the cache`,
    );
  }
  return out;
};
