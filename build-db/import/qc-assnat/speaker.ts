// The label that opens a turn in the Journal des débats: "M. Legault", "Mme Roy (Verchères)" (the
// riding tells two members of one surname apart), a presiding office ("La Présidente", "Le
// Vice-Président (M. Benjamin)", the holder named in brackets), or a collective voice ("Des voix").
import type { PrintedSpeaker } from '../printed-speaker.js';

export type QcSpeaker = PrintedSpeaker;

const PRESIDING_OFFICE = /^(?:Le |La )?((?:Vice-)?Présidente?(?: suppléante?)?)(?: \((?:M\.|Mme) ([^()]+)\))?$/;
const MEMBER = /^(?:M\.|Mme) ([^()]+?)(?: \(([^()]+)\))?$/;

export function readQcSpeaker(label: string): QcSpeaker {
  const raw = label.replace(/\s+/g, ' ').trim();
  if (/^(?:Des|Une) voix$/i.test(raw)) return { raw, lastName: null, riding: null, role: null, presiding: false, kind: 'collective' };
  if (/^(?:Le |La )?Secrétaire(?: général(?:e)?| adjointe?)?$/.test(raw))
    return { raw, lastName: null, riding: null, role: raw.replace(/^(?:Le|La) /, ''), presiding: false, kind: 'official' };
  const office = PRESIDING_OFFICE.exec(raw);
  if (office) return { raw, lastName: office[2]?.trim() ?? null, riding: null, role: office[1], presiding: true, kind: 'presiding' };
  const member = MEMBER.exec(raw);
  if (member) return { raw, lastName: member[1].trim(), riding: member[2]?.trim() ?? null, role: null, presiding: false, kind: 'member' };
  return { raw, lastName: null, riding: null, role: null, presiding: false, kind: null };
}
