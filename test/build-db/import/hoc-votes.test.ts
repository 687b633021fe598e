// The hoc-votes importer on vote list / vote detail exports laid out as the nightly stores them,
// written by the same helper the discovery tests publish through (the House's element names).
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Identity } from '../../../build-db/import/identity.js';
import { importHocVotes } from '../../../build-db/import/hoc-votes/index.js';
import type { ImportContext, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';
import { HOUSE, publishVoteList } from '../../helpers/publisher-folder.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The publisher folder's exports copied to the cache layout (hoc-votes/<p>-<s>/votes.xml, <n>.xml). */
function cacheWith(divisions: Array<{ number: number; date: string }>, session = '44-1'): string {
  const root = tempDir('canpol-house-');
  dirs.push(root);
  const cache = tempDir('canpol-votes-');
  dirs.push(cache);
  publishVoteList(root, session, divisions);
  const [p, s] = session.split('-');
  mkdirSync(join(cache, session), { recursive: true });
  writeFileSync(join(cache, session, 'votes.xml'), readFileSync(join(root, HOUSE, `members/en/votes/xml?parlSession=${p}-${s}`)));
  for (const d of divisions)
    writeFileSync(join(cache, session, `${d.number}.xml`), readFileSync(join(root, HOUSE, `members/en/votes/${p}/${s}/${d.number}/xml`)));
  return cache;
}

function run(
  from: string,
  people = [{ key: 'ca-hoc/person/89156', name: 'Ziad Aboultaif', last_name: 'Aboultaif', constituency_name: 'Edmonton Manning' }],
) {
  const skips: Skip[] = [];
  const ctx: ImportContext = { identity: new Identity(people), existing: {}, skip: (s) => skips.push(s), log: () => {} };
  const out = importHocVotes(from, ctx);
  return { out, skips, votes: (out.records.votes ?? []) as Array<SourceInput<'votes'>> };
}

describe('hoc-votes importer', () => {
  test('one vote per division, positions linked by PersonId, Ottawa time with its offset', () => {
    const { votes, skips } = run(
      cacheWith([
        { number: 332, date: '2023-05-18' },
        { number: 333, date: '2023-12-07' },
      ]),
    );
    expect(skips).toEqual([]);
    expect(votes.map((v) => v.key)).toEqual(['ca-hoc/vote/44-1/332', 'ca-hoc/vote/44-1/333']);
    expect(votes[0]).toMatchObject({
      session_key: 'ca/session/44-1',
      vote_type: 'division',
      result: 'passed',
      ayes: 170,
      nays: 150,
      occurred_at: '2023-05-18T15:00:00-04:00',
    });
    expect(votes[1].occurred_at).toBe('2023-12-07T15:00:00-05:00');
    expect(votes[0].positions).toEqual([
      {
        politician_key: 'ca-hoc/person/89156',
        politician_name_raw: 'Ziad Aboultaif',
        party_at_time: null,
        constituency_at_time: 'Edmonton Manning',
        position: 'yea',
      },
    ]);
  });

  test('a voter nobody imported stays unlinked with the raw name; bad list entries are named', () => {
    const from = cacheWith([{ number: 5, date: '2023-05-18' }]);
    const list = join(from, '44-1', 'votes.xml');
    writeFileSync(
      list,
      readFileSync(list, 'utf8').replace(
        '</ArrayOfVote>',
        '<Vote><DecisionDivisionNumber>x</DecisionDivisionNumber></Vote><Vote><DecisionDivisionNumber>9</DecisionDivisionNumber><DecisionEventDateTime>2023-05-19T10:00:00</DecisionEventDateTime><DecisionResultName>Postponed</DecisionResultName></Vote></ArrayOfVote>',
      ),
    );
    const { votes, skips, out } = run(from, []);
    expect(votes.length).toBe(1);
    expect(votes[0].positions![0]).toMatchObject({ politician_key: null, politician_name_raw: 'Ziad Aboultaif' });
    expect(out.stats?.positions_unlinked).toBe(1);
    expect(skips.map((s) => [s.file, s.record, s.reason])).toEqual([
      ['44-1/votes.xml', 'Vote #2', 'vote without a division number'],
      ['44-1/votes.xml', 'division 9', 'unknown result name'],
    ]);
  });

  test('no exports: nothing, and no crash', () => {
    const none = tempDir('canpol-none-');
    dirs.push(none);
    const { votes } = run(join(none, 'absent'));
    expect(votes).toEqual([]);
  });
});
