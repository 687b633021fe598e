// Stable ids: every id is a UUIDv5 of the entity's natural key, so the same upstream record keeps
// the same id in every nightly build and clients can bookmark it.
import { v5 as uuidv5 } from 'uuid';

/** canpol's UUIDv5 namespace. Never change it: every published id depends on it. */
export const CANPOL_NAMESPACE = '5d1f8b0e-3c7a-4f2e-9b61-2a8c4e7d9f10';

const id = (...parts: Array<string | number | null>) =>
  uuidv5(parts.map((p) => (p === null ? '' : String(p))).join('\u001f'), CANPOL_NAMESPACE);

export const ids = {
  politician: (key: string) => id('politician', key),
  session: (key: string) => id('session', key),
  bill: (sessionKey: string, billNumber: string) => id('bill', sessionKey, billNumber),
  billEvent: (billId: string, stage: string, eventDate: string, eventType: string | null, committee: string | null) =>
    id('bill-event', billId, stage, eventDate, eventType, committee),
  billSponsor: (billId: string, ordering: number) => id('bill-sponsor', billId, ordering),
  vote: (key: string) => id('vote', key),
  votePosition: (voteId: string, who: string) => id('vote-position', voteId, who),
  post: (platform: string, postId: string) => id('post', platform, postId),
  website: (politicianKey: string, url: string) => id('website', politicianKey, url),
  speech: (key: string) => id('speech', key),
  chunk: (speechKey: string, index: number) => id('chunk', speechKey, index),
};
