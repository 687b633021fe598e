// Who presides over a committee turn printed "The Chair" or "Deputy Chair": whoever the last
// "[X in the chair.]" marker names, else the holder of that office the LIMS membership names for the
// committee, for a meeting of the session that membership is of. Nothing else is inferred.
import { chairMarker, isSpeakerOffice, type Holder } from '../bc-hansard/presiding.js';
import type { Chairs } from './membership.js';

export { chairMarker };

/** `chairs`: the committee's office holders, or why none applies (another session, not listed). */
export function committeeHolder(office: string, marker: string | null, chairs: Chairs | string): Holder {
  if (marker && !isSpeakerOffice(marker) && !/^the\s+(?:deputy\s+)?chair$/i.test(marker)) return { name: marker, from: 'marker' };
  const deputy = /\bdeputy\b/i.test(office);
  if (!/\bchair\b/i.test(office)) return { name: null, why: `${office} presiding in a committee meeting names no member` };
  if (typeof chairs === 'string') return { name: null, why: chairs };
  const h = deputy ? chairs.deputy : chairs.chair;
  return h
    ? { name: h.name, key: h.key, from: 'committee membership' }
    : { name: null, why: `the membership names no ${deputy ? 'deputy chair' : 'chair'}` };
}
