// One document per session (LEGISinfo's per-session bill export) or per parliament (the House's
// member search export for that parliament). A closed session's document is not requested again
// once cached; the newest one is re-checked with a conditional GET every run.
import type { FileOutcome } from '../fetch-file.js';
import { expandTemplate, failureOf, type Discovered, type Discoverer, type Session } from './context.js';

export const discoverPerSession: Discoverer = async (ctx) => {
  const d = ctx.source.discover;
  if (d?.kind !== 'per-session') throw new Error(`${ctx.source.id}: not a per-session source`);
  const out: Discovered = { files: [], failures: [], sessionsFound: [] };
  let units: Session[] = ctx.sessions.filter((s) => !s.candidate);
  if (d.per === 'parliament') {
    const byParliament = new Map<number, Session>();
    for (const s of units) byParliament.set(s.parliament, { ...s, open: s.open || (byParliament.get(s.parliament)?.open ?? false) });
    units = [...byParliament.values()];
  }
  const one = async (s: Session, i: number): Promise<FileOutcome | null> => {
    const file = expandTemplate(d.files[i], s);
    const kept = ctx.kept(file);
    if (kept && !s.open) return kept;
    const o = await ctx.fetch(file);
    const failure = failureOf(o);
    if (failure) {
      out.failures.push(failure);
      return kept;
    }
    return o.result === 'absent' ? null : o;
  };
  const got = await Promise.all(units.flatMap((s) => d.files.map((_, i) => one(s, i))));
  out.files.push(...got.filter((o): o is FileOutcome => o !== null));
  ctx.progress(`${ctx.source.id}: ${out.files.length} of ${units.length * d.files.length} document(s)`);
  return out;
};
