// Recorded divisions: the House's vote list for a session names every division (number, date);
// each division's detail export lists every member's position. A division never changes once
// recorded, so its detail is requested once; the newest session's list is re-checked every run.
import { getElementsByTagName, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { FileOutcome } from '../fetch-file.js';
import { expandTemplate, failureOf, type Discovered, type Discoverer } from './context.js';

export interface ListedVote { number: number; date: string | null }

/** `<Vote>` elements of a vote list export: `DecisionDivisionNumber` and `DecisionEventDateTime`. */
export function readVoteList(xml: string): { votes: ListedVote[]; problems: string[] } {
  const doc = parseDocument(xml, { xmlMode: true });
  const votes: ListedVote[] = [];
  const problems: string[] = [];
  getElementsByTagName('Vote', doc.children, true).forEach((v, i) => {
    const field = (name: string) => { const el = getElementsByTagName(name, v.children, false)[0]; return el ? textContent(el).trim() : ''; };
    const number = Number(field('DecisionDivisionNumber'));
    if (!Number.isInteger(number) || number <= 0) { problems.push(`Vote #${i + 1}: DecisionDivisionNumber "${field('DecisionDivisionNumber')}" is not a division number`); return; }
    votes.push({ number, date: /^\d{4}-\d\d-\d\d/.exec(field('DecisionEventDateTime'))?.[0] ?? null });
  });
  return { votes, problems };
}

export const discoverVoteList: Discoverer = async (ctx) => {
  const d = ctx.source.discover;
  if (d?.kind !== 'vote-list') throw new Error(`${ctx.source.id}: not a vote-list source`);
  const out: Discovered = { files: [], failures: [], sessionsFound: [] };
  for (const session of ctx.sessions.filter((s) => !s.candidate)) {
    // A session without divisions yet has no list: a 404 is not an error.
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
    const { votes, problems } = readVoteList(ctx.readCached(index.path) ?? '');
    out.failures.push(...problems.map((p) => `${index.path}: ${p}`));
    const wanted = votes.filter((v) => !ctx.since || !v.date || v.date >= ctx.since);
    const details = await Promise.all(wanted.map(async (v) => {
      const file = expandTemplate(d.detail, session, v.number);
      const kept = ctx.kept(file);
      if (kept) return kept;
      const o = await ctx.fetch(file);
      const failure = failureOf(o);
      if (failure) out.failures.push(failure);
      return failure || o.result === 'absent' ? null : o;
    }));
    out.files.push(...details.filter((o): o is FileOutcome => o !== null));
    ctx.progress(`${ctx.source.id} ${session.id}: ${wanted.length} division(s) listed${ctx.since ? ` since ${ctx.since}` : ''}, ${details.filter(Boolean).length} in the cache`);
  }
  return out;
};
