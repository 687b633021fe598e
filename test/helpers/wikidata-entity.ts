// Wikidata entity JSON written by hand in the exact layout Special:EntityData/Q….json serves
// (entities → id, labels, claims → statements with mainsnak, rank, qualifiers), with only the
// properties the importer reads. Not copied from Wikidata: the values are made up or public handles.

export interface Account {
  property: string;
  value: string;
  ended?: string;
  rank?: 'preferred' | 'normal' | 'deprecated';
}
export interface HouseSeat {
  start: string;
  end?: string;
}

const time = (day: string) => ({
  time: `+${day}T00:00:00Z`,
  timezone: 0,
  before: 0,
  after: 0,
  precision: 11,
  calendarmodel: 'http://www.wikidata.org/entity/Q1985727',
});
const timeSnak = (property: string, day: string) => ({
  snaktype: 'value',
  property,
  hash: `h-${property}-${day}`,
  datavalue: { value: time(day), type: 'time' },
  datatype: 'time',
});

let statementNo = 0;
function statement(
  qid: string,
  property: string,
  datavalue: unknown,
  datatype: string,
  extra: { rank?: string; qualifiers?: Record<string, unknown[]> } = {},
) {
  const qualifiers = extra.qualifiers ?? {};
  return {
    mainsnak: { snaktype: 'value', property, hash: `h-${property}-${++statementNo}`, datavalue, datatype },
    type: 'statement',
    ...(Object.keys(qualifiers).length ? { qualifiers, 'qualifiers-order': Object.keys(qualifiers) } : {}),
    id: `${qid}$${String(statementNo).padStart(8, '0')}-0000-0000-0000-000000000000`,
    rank: extra.rank ?? 'normal',
  };
}

export function entityJson(qid: string, name: string, o: { accounts?: Account[]; seats?: HouseSeat[]; websites?: string[] } = {}): string {
  const claims: Record<string, unknown[]> = {};
  const push = (p: string, s: unknown) => {
    (claims[p] ??= []).push(s);
  };
  for (const seat of o.seats ?? []) {
    push(
      'P39',
      statement(
        qid,
        'P39',
        { value: { 'entity-type': 'item', 'numeric-id': 15964890, id: 'Q15964890' }, type: 'wikibase-entityid' },
        'wikibase-item',
        {
          qualifiers: { P580: [timeSnak('P580', seat.start)], ...(seat.end ? { P582: [timeSnak('P582', seat.end)] } : {}) },
        },
      ),
    );
  }
  for (const a of o.accounts ?? []) {
    push(
      a.property,
      statement(qid, a.property, { value: a.value, type: 'string' }, 'external-id', {
        rank: a.rank,
        qualifiers: a.ended ? { P582: [timeSnak('P582', a.ended)] } : {},
      }),
    );
  }
  for (const url of o.websites ?? []) push('P856', statement(qid, 'P856', { value: url, type: 'string' }, 'url'));
  return JSON.stringify({
    entities: {
      [qid]: {
        pageid: Number(qid.slice(1)) + 1000,
        ns: 0,
        title: qid,
        lastrevid: 2_000_000_000,
        modified: '2026-11-01T00:00:00Z',
        type: 'item',
        id: qid,
        labels: { en: { language: 'en', value: name }, fr: { language: 'fr', value: name } },
        descriptions: {},
        aliases: {},
        claims,
        sitelinks: {},
      },
    },
  });
}
