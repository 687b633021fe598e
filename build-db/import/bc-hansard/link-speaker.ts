// A turn's speaker → a BC member serving that day, the same way for the House and its committees.
// Speakers are linked only against BC members (a roster in the bundle): never to a federal MP or
// anyone else of the same name. Without a roster nothing is guessed; every turn is reported.
import { unlinkedReason } from '../identity.js';
import type { ImportContext } from '../types.js';
import type { Holder } from './presiding.js';
import type { Turn } from './walk.js';

/** The person behind a presiding turn's office (null: the turn is not a presiding one). */
export type HolderOf = (turn: Turn) => Holder | null;

/** The politician key of the turn's speaker, or null (reported with the reason). */
export function linkSpeaker(t: Turn, on: string, ctx: ImportContext, file: string, source: string, holderOf: HolderOf): string | null {
  const record = `paragraph ${t.paragraph} (${t.speaker.raw})`;
  if (!ctx.identity.hasRoster('provincial', 'BC')) {
    ctx.skip({ file, record, reason: 'speaker unlinked: no BC member roster in the bundle', detail: `${t.speaker.raw} on ${on}` });
    return null;
  }
  const q = { on, level: 'provincial', province: 'BC' };
  // A presiding office is looked up as the person the page (or the committee's membership) names for it.
  const holder = holderOf(t);
  if (holder && holder.name === null) {
    ctx.skip({ file, record, reason: 'speaker unlinked: presiding officer not named', detail: `${t.speaker.raw} on ${on}: ${holder.why}` });
    return null;
  }
  // A LIMS member id named for the office is taken as is when that member is in the roster.
  if (holder?.key && ctx.identity.lookup({ key: holder.key }).key) return ctx.identity.resolve(source, { key: holder.key }).key;
  const printed = holder?.name ?? t.speaker.name;
  // "Debra Toporowski / Qwulti’stunaat": a member's two names, either of which the roster may hold.
  const parts = printed.includes(' / ') ? printed.split(' / ').map((x) => x.trim()) : [];
  const name = parts.find((n) => ctx.identity.lookup({ ...q, name: n }).key) ?? printed;
  // A chair marker may print an initial ("L. Doerkson"): then the surname with that initial.
  const words = name.split(/\s+/);
  const initial =
    holder && words.length > 1 && /^\p{L}\.?$/u.test(words[0]) ? { lastName: words.slice(1).join(' '), initial: words[0] } : {};
  const r = ctx.identity.resolve(source, { ...q, name, ...initial });
  if (r.key === null)
    ctx.skip({
      file,
      record,
      reason: unlinkedReason('speaker', r.reason, 'BC members'),
      detail: `${holder ? `${t.speaker.raw} (${name}, named by the ${holder.from})` : t.speaker.name} on ${on}${r.detail ? `: ${r.detail}` : ''}`,
    });
  return r.key;
}
