// What the Affiliation DbId ties together. The DbId is NOT the House PersonId (none of the 44-1 DbIds
// is among the 337 PersonIds of hoc-members-2023/federal-legislators.json, e.g. Ziad Aboultaif is
// PersonId 89156 but DbId 278569): it is the id of one affiliation — a person in one role in one
// Parliament. A member has one DbId for their seat (used in speaker labels and division lists alike,
// e.g. Martin Champoux 278348 in 44-1-200), others for each office or committee seat held, and the
// Speaker's chair has one DbId whoever sits in it. So it cannot key a politician, but it can carry a
// label's details to the turns and ballots that print less:
//   - within a document, every DbId to the fullest label printed for it ("The Chair" → "The Chair
//     (Mr. Lloyd Longfield (Guelph, Lib.))", "Mrs. Sherry Romanado" → her riding and party);
//   - within a Parliament, a member's seat DbId to their name and riding (division lists print only
//     the surname), from any document of that Parliament.
// A DbId printed with two different names is left out: nothing is carried for it.
import { personName } from '../identity.js';
import type { SpeakerKind, SpeakerLabel } from './speaker.js';

export interface Known {
  raw: string;
  name: string;
  constituency: string | null;
  party: string | null;
  role: string | null;
  kind: SpeakerKind;
}

/** More printed detail wins: a label with riding or party over a bare name. */
const detail = (k: Known) => (k.constituency ? 2 : 0) + (k.party ? 2 : 0) + (k.role ? 1 : 0);

class DbIdMap {
  private map = new Map<string, Known | null>();
  add(dbId: string | null, label: SpeakerLabel): void {
    if (!dbId || !label.name) return;
    const next: Known = {
      raw: label.raw,
      name: label.name,
      constituency: label.constituency,
      party: label.party,
      role: label.role,
      kind: label.kind,
    };
    const seen = this.map.get(dbId);
    if (seen === undefined) {
      this.map.set(dbId, next);
      return;
    }
    if (seen === null) return;
    if (personName(seen.name) !== personName(next.name)) {
      this.map.set(dbId, null);
      return;
    }
    if (detail(next) > detail(seen)) this.map.set(dbId, next);
  }
  get(dbId: string | null): Known | null {
    return dbId ? (this.map.get(dbId) ?? null) : null;
  }
  get conflicts(): number {
    return [...this.map.values()].filter((v) => v === null).length;
  }
}

/** Labels of one document, by DbId. */
export class DocumentDirectory extends DbIdMap {}

/** Members' seat DbIds across the documents of each Parliament: only labels printing a riding. */
export class ParliamentDirectory {
  private byParliament = new Map<number, DbIdMap>();
  add(parliament: number, dbId: string | null, label: SpeakerLabel): void {
    if (label.kind !== 'member' || !label.constituency) return;
    let m = this.byParliament.get(parliament);
    if (!m) {
      m = new DbIdMap();
      this.byParliament.set(parliament, m);
    }
    m.add(dbId, label);
  }
  get(parliament: number, dbId: string | null): Known | null {
    return this.byParliament.get(parliament)?.get(dbId) ?? null;
  }
  get conflicts(): number {
    return [...this.byParliament.values()].reduce((n, m) => n + m.conflicts, 0);
  }
}
