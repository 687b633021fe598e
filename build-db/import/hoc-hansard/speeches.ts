// Interventions of one document → speech records (build-db/sources/schemas.ts, speeches). One record
// per <Intervention> that has text and a time; the rest is reported. The edition decides the
// language: in the English edition a turn marked [Translation] was spoken in French and is printed
// translated, so its text is English (the floor language is counted, not stored: no field holds it).
import type { ImportContext, Skip, SourceInput } from '../types.js';
import type { HansardMembers } from './hansard-members.js';
import { personName, unlinkedReason } from '../identity.js';
import { ottawaTimestamp } from './clock.js';
import type { Known } from './directory.js';
import { attr, child, flatText, type Element } from './document.js';
import type { DocMeta } from './metadata.js';
import { readSpeakerLabel, TITLE, type SpeakerKind, type SpeakerLabel } from './speaker.js';
import { speechType } from './speech-type.js';
import { interventionParagraphs } from './text.js';
import type { InterventionAt } from './walk.js';

export const SOURCE_SYSTEM = 'hoc-hansard';
export const SPEAKERS = 'hoc-hansard speakers';

export interface Lookup {
  inDocument(dbId: string | null): Known | null;
  inParliament(dbId: string | null): Known | null;
  /** A riding as the English edition prints it (the French edition prints "Hamilton-Centre"). */
  english(riding: string): string;
}

/** The identity query for a member of the House on the sitting's date. */
export const houseMember = (date: string) => ({ on: date, level: 'federal', office: 'MP' }) as const;

// The presiding officer the document's header names: the Speaker in the House, the chair in committee.
const HOUSE_CHAIR = /^(?:the\s+speaker|(?:le|la)\s+pr[ée]sidente?)$/i;
const COMMITTEE_CHAIR = /^(?:the\s+chair(?:man|woman|person)?|(?:le|la)\s+pr[ée]sidente?)$/i;

/** The <PersonSpeaking> label: its Affiliation's DbId and Type, and the label read. */
export function speakerOf(el: Element): { dbId: string | null; type: string | null; label: SpeakerLabel | null } {
  const ps = child(el, 'PersonSpeaking');
  const aff = ps ? child(ps, 'Affiliation') : undefined;
  return { dbId: aff ? attr(aff, 'DbId') : null, type: aff ? attr(aff, 'Type') : null, label: readSpeakerLabel(flatText(aff ?? ps)) };
}

export interface Speaker extends SpeakerLabel {
  resolvable: boolean;
}

/** The label completed from the fuller label printed for the same DbId (names must agree). */
export function completeSpeaker(label: SpeakerLabel, dbId: string | null, lookup: Lookup): Speaker {
  const agrees = (k: Known | null) => (k && (!label.name || personName(k.name) === personName(label.name)) ? k : null);
  const doc = agrees(lookup.inDocument(dbId));
  const parl = agrees(lookup.inParliament(dbId));
  const bare = label.kind === 'member' && !label.role && !label.constituency && !label.party;
  const kind = bare && doc ? doc.kind : label.kind;
  const s: SpeakerLabel = {
    ...label,
    kind,
    name: label.name ?? doc?.name ?? null,
    role: label.role ?? doc?.role ?? null,
    party: label.party ?? doc?.party ?? null,
    constituency: label.constituency ?? doc?.constituency ?? (kind === 'member' ? (parl?.constituency ?? null) : null),
  };
  // Presiding officers are looked up only when a name is printed for them; witnesses, officials
  // and collective voices are not politicians.
  return { ...s, resolvable: !!s.name && (kind === 'member' || kind === 'presiding') };
}

/** The Privy Council's "Honourable", English or French: ministers and former ministers. */
const HONOURABLE = /^(?:the\s+)?(?:(?:right|rt\.?)\s+)?hon\.?\s|^l['’]\s*hon(?:\.|orable)?\s|^(?:le|la)\s+tr[eè]s\s+hon/i;

/** A minister before a committee is printed as a witness ("L'hon. Jason Kenney (ministre de …)", then
 *  bare "L'hon. Jason Kenney"): a member when the name carries "Hon." or the role is an office of the
 *  House or Cabinet, and exactly one member of that full name sat that day (never by surname alone).
 *  Any other witness stays one, even under an MP's name. */
export function ministerAsMember(who: Speaker, date: string, ctx: Pick<ImportContext, 'identity'>): Speaker {
  if (who.kind !== 'witness' || !who.name || who.constituency || who.party) return who;
  if (!HONOURABLE.test(who.name) && !(who.role && TITLE.test(who.role))) return who;
  return ctx.identity.lookup({ name: who.name, ...houseMember(date) }).key !== null ? { ...who, kind: 'member', resolvable: true } : who;
}

export interface SpeechOutput {
  speeches: Array<SourceInput<'speeches'>>;
  /** Turns whose floor language differs from the edition's (printed in translation). */
  translatedTurns: number;
  resolvable: number;
  resolved: number;
  /** Turns with an empty label that took the label printed for their DbId. */
  emptyLabels: number;
  /** Presiding turns named only by the document's header ("The Speaker" → the Speaker it names). */
  chairFromHeader: number;
  /** Turns of people who are not politicians, by kind: counted apart, never linked. */
  notPoliticians: Partial<Record<SpeakerKind, number>>;
}

export function speechRecords(
  meta: DocMeta,
  file: string,
  turns: InterventionAt[],
  lookup: Lookup,
  sessionKey: string | null,
  ctx: ImportContext,
  members?: HansardMembers,
): SpeechOutput {
  const speeches: Array<SourceInput<'speeches'>> = [];
  let translatedTurns = 0,
    resolvable = 0,
    resolved = 0,
    emptyLabels = 0,
    chairFromHeader = 0;
  const notPoliticians: SpeechOutput['notPoliticians'] = {};
  const committee = meta.kind === 'committee';
  for (const t of turns) {
    const { dbId, label: printed } = speakerOf(t.el);
    // An empty label (seen once, 41-1-260) takes the label printed for the same DbId in the document.
    const known = printed ? null : lookup.inDocument(dbId);
    const label = printed ?? (known ? readSpeakerLabel(known.raw) : null);
    const record = `Intervention ${t.id ?? '(no id)'}${label ? ` (${label.raw})` : ''}`;
    if (!label) {
      ctx.skip({
        file,
        record,
        reason: 'intervention without a speaker label',
        detail: `DbId ${dbId ?? 'none'}, not printed with a name elsewhere in the document`,
      });
      continue;
    }
    if (known) emptyLabels++;
    const text = interventionParagraphs(child(t.el, 'Content')).join('\n\n');
    if (!text) {
      ctx.skip({ file, record, reason: 'intervention with no text' });
      continue;
    }
    if (t.place.minutes === null) {
      ctx.skip({ file, record, reason: 'intervention before any clock stamp', detail: 'no <Timestamp> or "The House met at" before it' });
      continue;
    }
    const who = ministerAsMember(completeSpeaker(label, dbId, lookup), meta.date, ctx);
    let politicianKey: string | null = null;
    let sighting: Skip | null = null;
    // "The Speaker" with no name printed: the Speaker the header names ("the document says who").
    const chair = (committee ? COMMITTEE_CHAIR : HOUSE_CHAIR).test(who.role ?? '') && !who.name ? meta.presiding : null;
    const name = who.name ?? chair;
    if (who.kind === 'member' || who.kind === 'presiding') {
      resolvable++;
      if (name) {
        const riding = who.constituency && lookup.english(who.constituency);
        const r = ctx.identity.resolve(SPEAKERS, { name, constituency: riding, party: who.party, ...houseMember(meta.date) });
        if (r.key !== null) {
          politicianKey = r.key;
          resolved++;
          if (chair) chairFromHeader++;
        } else {
          const skip: Skip = {
            file,
            record,
            reason: unlinkedReason('speaker', r.reason),
            detail: `${name} on ${meta.date}${r.detail ? `: ${r.detail}` : ''}`,
          };
          // A full label ("Mr. Jean Roy (Laval, CPC)") nobody holds that day: a sighting of a member (hansard-members.ts).
          if (members && r.reason === 'no_candidate' && riding && who.kind === 'member') sighting = skip;
          else ctx.skip(skip);
        }
      } else {
        ctx.identity.resolve(SPEAKERS, {}); // counted: a member's turn nobody can be named for
        ctx.skip({
          file,
          record,
          reason: 'speaker unlinked: presiding officer not named in the document',
          detail: `${who.role ?? label.raw} on ${meta.date}`,
        });
      }
    } else notPoliticians[who.kind] = (notPoliticians[who.kind] ?? 0) + 1;
    const party = who.party ?? (politicianKey ? (ctx.identity.termOn(politicianKey, meta.date, 'MP')?.party ?? null) : null);
    if (t.place.floor && t.place.floor.toLowerCase() !== meta.language) translatedTurns++;
    const sequence = speeches.length + 1;
    const speech: SourceInput<'speeches'> = {
      key: `ca-hoc/speech/${meta.docId}/${sequence}`,
      session_key: sessionKey,
      politician_key: politicianKey,
      speaker_name_raw: label.raw,
      speaker_role: who.role,
      speaker_kind: who.kind,
      party_at_time: party,
      spoken_at: ottawaTimestamp(meta.date, t.place.minutes),
      language: meta.language,
      level: 'federal',
      speech_type: speechType(who.kind, committee, t.place.runningHead),
      is_presiding: who.kind === 'presiding',
      text,
      source_url: meta.sourceUrl,
      source_anchor: t.id,
      source_system: SOURCE_SYSTEM,
      meeting_url: meta.meetingUrl,
      order_of_business: t.place.orderOfBusiness,
      subject: t.place.subject,
      committee_name: meta.committeeName,
      sequence,
    };
    speeches.push(speech);
    if (sighting && members) {
      members.sight({
        name: name!,
        riding: lookup.english(who.constituency!),
        party: who.party,
        date: meta.date,
        parliament: meta.parliament,
        source: SPEAKERS,
        skip: sighting,
        link: (k) => {
          speech.politician_key = k;
        },
      });
    }
  }
  return { speeches, translatedTurns, resolvable, resolved, emptyLabels, chairFromHeader, notPoliticians };
}
