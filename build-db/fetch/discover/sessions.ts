// Which federal sessions a run walks: those of the manifest still sitting on or after `--since`,
// plus the two sessions that could follow the last one (next session, next parliament), probed for.
import type { ManifestSession } from '../manifest-types.js';
import type { Session } from './context.js';

export function parseSession(id: string, opened: string | null): Session {
  const [p, s] = id.split('-').map(Number);
  return { parliament: p, session: s, id, opened, open: false };
}

export function sessionsInScope(listed: ManifestSession[], since: string | null): Session[] {
  const all = listed.map((x) => parseSession(x.id, x.opened));
  if (all.length) all[all.length - 1].open = true;
  // A session ends when the next one opens; one that ended before `since` has nothing to backfill.
  const kept = all.filter((_s, i) => !since || i === all.length - 1 || (all[i + 1].opened as string) > since);
  const last = all[all.length - 1];
  if (!last) return kept;
  const next = [parseSession(`${last.parliament}-${last.session + 1}`, null), parseSession(`${last.parliament + 1}-1`, null)];
  return [...kept, ...next.map((s) => ({ ...s, open: true, candidate: true }))];
}
