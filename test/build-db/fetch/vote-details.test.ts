// Vote details as the committed manifest fetches them: a list item of another session is left out
// naming it; a detail listing nobody, or naming another session or division, is refused (the last
// good copy stays); a recent division's detail is re-checked each night, an old one is not.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readIndexList } from '../../../build-db/fetch/discover/index-list.js';
import type { SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { parseProblem } from '../../../build-db/fetch/parse-check.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { discoveryManifest, HOUSE, publishVoteList } from '../../helpers/publisher-folder.js';
import { DATASETS } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const VOTE = (p: number, s: number, n: number, date = '2021-12-01') =>
  `<Vote><ParliamentNumber>${p}</ParliamentNumber><SessionNumber>${s}</SessionNumber><DecisionEventDateTime>${date}T15:00:00</DecisionEventDateTime><DecisionDivisionNumber>${n}</DecisionDivisionNumber></Vote>`;
const SHAPE = {
  item: 'Vote',
  key: 'DecisionDivisionNumber',
  date: 'DecisionEventDateTime',
  session_fields: { parliament: 'ParliamentNumber', session: 'SessionNumber' },
};

describe('vote checks', () => {
  test('a list item of another session is left out, named', () => {
    const r = readIndexList(`<ArrayOfVote>${VOTE(44, 1, 5)}${VOTE(43, 2, 6)}</ArrayOfVote>`, SHAPE, { parliament: 44, session: 1 });
    expect(r.items.map((i) => i.key)).toEqual(['5']);
    expect(r.problems).toEqual(['Vote 6: of session 43-2, listed for 44-1: left out']);
  });

  test('a detail with no participant, or of another session, fails its check', () => {
    const detail = (inner: string) => Buffer.from(`<?xml version="1.0"?>\n<ArrayOfVoteParticipant>${inner}</ArrayOfVoteParticipant>\n`);
    const one =
      '<VoteParticipant><ParliamentNumber>44</ParliamentNumber><SessionNumber>1</SessionNumber><PersonId>1</PersonId></VoteParticipant>';
    const check = { min_elements: { VoteParticipant: 1 }, fields_equal: { ParliamentNumber: '44', SessionNumber: '1' } };
    expect(parseProblem('xml', 'v.xml', detail(one), check)).toBeNull();
    expect(parseProblem('xml', 'v.xml', detail(''), check)).toBe('0 <VoteParticipant> element(s), fewer than the 1 expected');
    expect(parseProblem('xml', 'v.xml', detail(one.replace('<SessionNumber>1<', '<SessionNumber>2<')), check)).toBe(
      '<SessionNumber> is 2, expected 1',
    );
  });
});

describe('vote details from the loopback', () => {
  let up: Upstream;
  let root: string;
  const manifest: SourcesManifest = { ...discoveryManifest([{ id: '44-1', opened: '2021-11-22' }]) };
  manifest.sources = manifest.sources.filter((s) => s.id === 'hoc-votes');
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'canpol-votes-'));
    up = await startUpstream(manifest, DATASETS, root);
  });
  afterAll(async () => {
    await up?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('an emptied detail keeps the last good copy; a recent division is re-checked, an old one not', async () => {
    const cache = join(root, 'cache');
    const run = (now: string) => runFetch({ manifest, cache, mirror: up.mirror, now: () => now, retries: 0 });
    publishVoteList(root, '44-1', [
      { number: 1, date: '2021-12-01' },
      { number: 2, date: '2022-03-01' },
    ]);
    const first = await run('2022-03-02T08:00:00.000Z');
    expect(first.sources[0].files.map((f) => [f.file, f.result])).toEqual([
      ['hoc-votes/44-1/votes.xml', 'updated'],
      ['hoc-votes/44-1/1.xml', 'updated'],
      ['hoc-votes/44-1/2.xml', 'updated'],
    ]);
    // The publisher empties division 2's participant list (seen live).
    const path = join(root, HOUSE, 'members/en/votes/44/1/2/xml');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfVoteParticipant>\n</ArrayOfVoteParticipant>\n');
    up.requests.length = 0;
    const second = await run('2022-03-05T08:00:00.000Z');
    const two = second.sources[0].files.find((f) => f.file === 'hoc-votes/44-1/2.xml')!;
    expect(two.result).toBe('stale');
    expect(two.error).toContain('0 <VoteParticipant> element(s)');
    // Division 1 (over 14 days old) is not asked again; division 2 (3 days) is.
    expect(up.requests.map((r) => r.path).filter((p) => p.includes('/votes/44/1/'))).toEqual([
      '/www.ourcommons.ca/members/en/votes/44/1/2/xml',
    ]);
  });
});
