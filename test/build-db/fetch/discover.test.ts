// Discovery and backfill against the loopback upstream serving a folder laid out as the House's
// hosts: sittings found by probing (gaps, late publication, new sessions), divisions from the vote
// list, --since, failures that keep what the cache has, Retry-After, spacing, and a run killed with
// SIGKILL resumed without requesting again what it had stored.
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { journalFile, readFullState } from '../../../build-db/fetch/cache-state.js';
import { readIndexList } from '../../../build-db/fetch/discover/index-list.js';
import { sessionsInScope } from '../../../build-db/fetch/discover/sessions.js';
import { runFetch, runMarkerFile, type FetchReport } from '../../../build-db/fetch/run-fetch.js';
import { DATASETS, REPO } from '../../helpers/nightly-manifest.js';
import { committeeSource, discoveryManifest, publishCommittee, publishSitting, publishVoteList } from '../../helpers/publisher-folder.js';
import { selectAll } from '../../../build-db/fetch/discover/html-chain.js';
import type { Upstream } from '../../helpers/upstream-server.js';
import { loopbackPublisher } from '../../helpers/loopback-publisher.js';

const HAVE = existsSync(DATASETS);
// Several fetch runs per test over loopback HTTP: seconds on a loaded 2-core machine.
setDefaultTimeout(20_000);
const files = (r: FetchReport, id: string) =>
  r.sources
    .find((s) => s.id === id)!
    .files.map((f) => f.file)
    .sort();
const sitting = (parlsess: string, n: number, lang = 'E') => {
  const n3 = String(n).padStart(3, '0');
  return `/www.ourcommons.ca/Content/House/${parlsess}/Debates/${n3}/HAN${n3}-${lang}.XML`;
};

describe('sessions in scope', () => {
  const listed = [
    { id: '42-1', opened: '2015-12-03' },
    { id: '43-1', opened: '2019-12-05' },
    { id: '43-2', opened: '2020-09-23' },
    { id: '44-1', opened: '2021-11-22' },
  ];
  test('a session that ended before --since is left out; the newest is open; the two possible next sessions are candidates', () => {
    const s = sessionsInScope(listed, '2020-01-01');
    expect(s.map((x) => x.id)).toEqual(['43-1', '43-2', '44-1', '44-2', '45-1']);
    expect(s.filter((x) => x.open && !x.candidate).map((x) => x.id)).toEqual(['44-1']);
    expect(s.filter((x) => x.candidate).map((x) => x.id)).toEqual(['44-2', '45-1']);
    expect(sessionsInScope(listed, null).length).toBe(6);
  });
});

describe('vote list export', () => {
  test('divisions with their dates; a key unfit for a URL or path is named as a problem', () => {
    const r = readIndexList(
      '<ArrayOfVote><Vote><DecisionEventDateTime>2023-05-18T15:00:00</DecisionEventDateTime><DecisionDivisionNumber>332</DecisionDivisionNumber></Vote><Vote><DecisionDivisionNumber>x</DecisionDivisionNumber></Vote><Vote><DecisionDivisionNumber>../x</DecisionDivisionNumber></Vote></ArrayOfVote>',
      { item: 'Vote', key: 'DecisionDivisionNumber', date: 'DecisionEventDateTime' },
    );
    expect(r.items).toEqual([
      { key: '332', date: '2023-05-18' },
      { key: 'x', date: null },
    ]);
    expect(r.problems).toEqual(['Vote #3: DecisionDivisionNumber "../x" is not an item key']);
  });
});

describe('descendant selectors on HTML pages', () => {
  test('tag, classes and id parts, at any depth, in document order', () => {
    const html =
      '<div id="m"><div class="item x"><a class="btn ev" href="1">a</a></div><p><a class="ev" href="2">b</a></p><a class="btn" href="3">c</a></div><a class="ev" href="4">d</a>';
    expect(selectAll(html, '#m a.ev').map((e) => e.attribs.href)).toEqual(['1', '2']);
    expect(selectAll(html, '.item a').map((e) => e.attribs.href)).toEqual(['1']);
    expect(selectAll(html, 'a.btn').map((e) => e.attribs.href)).toEqual(['1', '3']);
    expect(selectAll(html, '.nothing a')).toEqual([]);
  });
});

describe.skipIf(!HAVE)('discovery from the loopback upstream', () => {
  let up: Upstream;
  let root: string;
  let cache: string;
  const manifest = discoveryManifest();
  const run = (extra: Partial<Parameters<typeof runFetch>[0]> = {}) => runFetch({ manifest, cache, mirror: up.mirror, ...extra });
  const requested = (path: string) => up.requests.filter((r) => r.path === path);

  loopbackPublisher(manifest, 'discover', (p) => {
    ({ up, root, cache } = p);
  });

  test('backfill finds every sitting past a gap, and the divisions of the vote list; the next run fetches only what is new', async () => {
    for (const n of [1, 2]) publishSitting(root, '43-2', n);
    for (const n of [1, 2, 3, 5]) publishSitting(root, '44-1', n);
    publishSitting(root, '44-1', 1, 'F');
    publishVoteList(root, '44-1', [
      { number: 330, date: '2023-05-17' },
      { number: 332, date: '2023-05-18' },
    ]);

    const first = await run();
    expect(files(first, 'hoc-debates')).toEqual(
      ['43-2-1-en', '43-2-2-en', '44-1-1-en', '44-1-1-fr', '44-1-2-en', '44-1-3-en', '44-1-5-en'].map(
        (f) => `hoc-hansard-xml-samples/${f}.xml.gz`,
      ),
    );
    expect(files(first, 'hoc-votes')).toEqual(['hoc-votes/44-1/330.xml', 'hoc-votes/44-1/332.xml', 'hoc-votes/44-1/votes.xml']);
    expect(first.sources.map((s) => s.status)).toEqual(['fresh', 'fresh']);
    expect(existsSync(join(cache, 'hoc-hansard-xml-samples/44-1-5-en.xml.gz'))).toBe(true);
    // The gap (4) was probed, and past the highest (5) windows of 3 until one was wholly absent (7–9);
    // the two sessions that could follow 44-1 were probed from sitting 1.
    expect(requested(sitting('441', 4)).map((r) => r.status)).toEqual([404]);
    expect([6, 7, 8, 9, 10].map((n) => requested(sitting('441', n)).length)).toEqual([1, 1, 1, 1, 0]);
    expect(requested(sitting('442', 1)).map((r) => r.status)).toEqual([404]);
    expect(requested(sitting('451', 1)).map((r) => r.status)).toEqual([404]);
    const misses = readFullState(cache).misses;
    expect(Object.keys(misses)).toContain('hoc-hansard-xml-samples/44-1-4-en.xml.gz');
    expect(existsSync(runMarkerFile(cache))).toBe(false);
    expect(existsSync(journalFile(cache))).toBe(false);

    // Overnight: sitting 4 appears late, 6 is new, and division 333 is recorded.
    publishSitting(root, '44-1', 4);
    publishSitting(root, '44-1', 6);
    publishVoteList(root, '44-1', [
      { number: 330, date: '2023-05-17' },
      { number: 332, date: '2023-05-18' },
      { number: 333, date: '2023-05-19' },
    ]);
    up.requests.length = 0;
    const second = await run();
    expect(files(second, 'hoc-debates')).toContain('hoc-hansard-xml-samples/44-1-4-en.xml.gz');
    expect(files(second, 'hoc-debates')).toContain('hoc-hansard-xml-samples/44-1-6-en.xml.gz');
    expect(files(second, 'hoc-votes')).toContain('hoc-votes/44-1/333.xml');
    expect(second.totals.updated).toBe(4); // sittings 4 and 6, the vote list, division 333
    expect(second.sources.find((s) => s.id === 'hoc-debates')!.items).toEqual({
      new: ['hoc-hansard-xml-samples/44-1-4-en.xml.gz', 'hoc-hansard-xml-samples/44-1-6-en.xml.gz'],
      changed: [],
      removed: [],
    });
    expect(second.sources.find((s) => s.id === 'hoc-votes')!.items).toEqual({
      new: ['hoc-votes/44-1/333.xml'],
      changed: ['hoc-votes/44-1/votes.xml'],
      removed: [],
    });
    // Nothing already held was requested again, but for the newest session's last sitting (a conditional GET).
    for (const [ps, n] of [
      ['432', 1],
      ['432', 2],
      ['441', 1],
      ['441', 2],
      ['441', 3],
    ] as const)
      expect(requested(sitting(ps, n))).toEqual([]);
    expect(requested(sitting('441', 5)).map((r) => r.status)).toEqual([304]);
    expect(requested('/www.ourcommons.ca/members/en/votes/44/1/330/xml')).toEqual([]);
    expect(Object.keys(readFullState(cache).misses)).not.toContain('hoc-hansard-xml-samples/44-1-4-en.xml.gz');

    // The publisher withdraws the newest sitting: its copy is kept, and it is named as removed.
    rmSync(join(root, 'www.ourcommons.ca/Content/House/441/Debates/006'), { recursive: true });
    const third = await run();
    const debates = third.sources.find((s) => s.id === 'hoc-debates')!;
    expect(debates.items.removed).toEqual(['hoc-hansard-xml-samples/44-1-6-en.xml.gz']);
    expect(debates.status).toBe('stale');
    expect(existsSync(join(cache, 'hoc-hansard-xml-samples/44-1-6-en.xml.gz'))).toBe(true);
  }, 30_000);

  test('committee evidence: committee list → meetings → evidence viewer → XML, EN and FR; evidence posted later is found', async () => {
    const m = { ...manifest, sources: [committeeSource], sessions: [{ id: '44-1', opened: '2021-11-22' }] };
    publishCommittee(
      root,
      '44-1',
      'ETHI',
      [
        { number: 32, docId: 11796600, evidence: true },
        { number: 33, docId: 11796678, evidence: false },
      ],
      ['../x'],
    );
    const first = await runFetch({ manifest: m, cache, mirror: up.mirror });
    const xml = (r: FetchReport) => files(r, 'hoc-committee-evidence').filter((f) => f.endsWith('.xml.gz'));
    expect(xml(first)).toEqual(['hoc-hansard-xml-samples/11796600-en.xml.gz', 'hoc-hansard-xml-samples/11796600-fr.xml.gz']);
    const src = first.sources[0];
    expect(src.problems).toEqual([
      `committees/44-1/list.html: "../x" (${(committeeSource.discover as { steps: Array<{ select: string }> }).steps[0].select}) is not a usable acronym`,
    ]);
    // Evidence for meeting 33 is posted the next day: found; meeting 32's viewer and XML are not requested again.
    publishCommittee(root, '44-1', 'ETHI', [
      { number: 32, docId: 11796600, evidence: true },
      { number: 33, docId: 11796678, evidence: true },
    ]);
    up.requests.length = 0;
    const second = await runFetch({ manifest: m, cache, mirror: up.mirror });
    expect(xml(second)).toEqual(
      ['11796600-en', '11796600-fr', '11796678-en', '11796678-fr'].map((f) => `hoc-hansard-xml-samples/${f}.xml.gz`),
    );
    expect(up.requests.filter((r) => r.path.includes('meeting-32') || r.path.includes('EV11796600'))).toEqual([]);
    expect(second.sources[0].items.new).toContain('hoc-hansard-xml-samples/11796678-en.xml.gz');
  });

  test('a session closed recently with no XML is probed again only until its misses are older than reprobe_days', async () => {
    publishSitting(root, '44-1', 1);
    publishVoteList(root, '44-1', []);
    const day = (d: string) => () => `${d}T08:00:00.000Z`;
    // 43-2 closed when 44-1 opened, 2021-11-22.
    await run({ now: day('2021-11-25') });
    expect(requested(sitting('432', 1)).map((r) => r.status)).toEqual([404]);
    up.requests.length = 0;
    await run({ now: day('2021-12-09') }); // within 30 days: asked again (XML can be late)
    expect(requested(sitting('432', 1)).length).toBe(1);
    up.requests.length = 0;
    await run({ now: day('2022-01-20') }); // settled: 43-2 costs nothing; the newest session and the possible next ones are still probed
    expect(up.requests.filter((r) => r.path.includes('/House/432/'))).toEqual([]);
    expect(requested(sitting('441', 2)).length).toBe(1);
    expect(requested(sitting('451', 1)).length).toBe(1);
  });

  test('a session closed longer ago than reprobe_days has its gaps probed once, not again the next night', async () => {
    publishSitting(root, '44-1', 1);
    publishVoteList(root, '44-1', []);
    const day = (d: string) => () => `${d}T08:00:00.000Z`;
    await run({ now: day('2026-01-01') });
    expect(requested(sitting('432', 1)).map((r) => r.status)).toEqual([404]);
    up.requests.length = 0;
    await run({ now: day('2026-01-02') });
    expect(up.requests.filter((r) => r.path.includes('/House/432/'))).toEqual([]);
    expect(requested(sitting('441', 2)).length).toBe(1);
  });

  test('--since leaves out sessions that ended before it and divisions dated before it', async () => {
    publishSitting(root, '43-2', 1);
    publishSitting(root, '44-1', 1);
    publishVoteList(root, '44-1', [
      { number: 330, date: '2023-05-17' },
      { number: 332, date: '2023-05-18' },
    ]);
    const r = await run({ since: '2023-05-18' });
    expect(files(r, 'hoc-debates')).toEqual(['hoc-hansard-xml-samples/44-1-1-en.xml.gz']);
    expect(files(r, 'hoc-votes')).toEqual(['hoc-votes/44-1/332.xml', 'hoc-votes/44-1/votes.xml']);
    expect(requested(sitting('432', 1))).toEqual([]);
    expect(r.since).toBe('2023-05-18');
  });

  test('a new session past the manifest list is found, and walked by the vote list too', async () => {
    publishSitting(root, '44-1', 1);
    publishSitting(root, '45-1', 1);
    publishSitting(root, '45-1', 2);
    publishVoteList(root, '45-1', [{ number: 1, date: '2025-06-01' }]);
    const r = await run();
    expect(files(r, 'hoc-debates')).toEqual(['44-1-1-en', '45-1-1-en', '45-1-2-en'].map((f) => `hoc-hansard-xml-samples/${f}.xml.gz`));
    expect(files(r, 'hoc-votes')).toEqual(['hoc-votes/45-1/1.xml', 'hoc-votes/45-1/votes.xml']);
  });

  test('5xx, truncated XML and a changed format keep what the cache has: the source is stale, not missing', async () => {
    for (const n of [1, 2]) publishSitting(root, '44-1', n);
    publishVoteList(root, '44-1', [{ number: 330, date: '2023-05-17' }]);
    await run({ since: '2021-11-22' });
    publishSitting(root, '44-1', 3);
    publishSitting(root, '44-1', 4);
    up.behave(sitting('441', 2), { kind: 'status', status: 500 });
    up.behave(sitting('441', 3), { kind: 'truncate' });
    up.behave(sitting('441', 4), { kind: 'replace', body: '<html>maintenance</html>', contentType: 'text/html' });
    try {
      const r = await run({ since: '2021-11-22' });
      const debates = r.sources.find((s) => s.id === 'hoc-debates')!;
      expect(debates.status).toBe('stale');
      expect(debates.problems.join('\n')).toMatch(/44-1-3-en.*(truncated|closed|ECONNRESET)/);
      expect(debates.problems.join('\n')).toMatch(/44-1-4-en.*content type text\/html/);
      // Sitting 2 (the rechecked last one) failed with 500 and its last good copy is kept and reported.
      expect(debates.files.find((f) => f.file.endsWith('44-1-2-en.xml.gz'))).toMatchObject({ result: 'stale', error: 'HTTP 500' });
      expect(existsSync(join(cache, 'hoc-hansard-xml-samples/44-1-3-en.xml.gz'))).toBe(false);
      expect(r.sources.find((s) => s.id === 'hoc-votes')!.status).toBe('fresh');
    } finally {
      for (const n of [2, 3, 4]) up.behave(sitting('441', n), null);
    }
  });

  test('a probe that times out is a failure of this run, not an absence: the source is stale and the number is tried again', async () => {
    for (const n of [1, 2]) publishSitting(root, '44-1', n);
    publishVoteList(root, '44-1', []);
    await run({ since: '2021-11-22' });
    publishSitting(root, '44-1', 3);
    up.behave(sitting('441', 3), { kind: 'hang' });
    try {
      const r = await run({ since: '2021-11-22', timeoutMs: 300, retries: 0 });
      const debates = r.sources.find((s) => s.id === 'hoc-debates')!;
      expect(debates.status).toBe('stale');
      expect(debates.problems.join('\n')).toMatch(/44-1-3-en.*timed out after 300 ms/);
    } finally {
      up.behave(sitting('441', 3), null);
    }
    const again = await run({ since: '2021-11-22' });
    expect(files(again, 'hoc-debates')).toContain('hoc-hansard-xml-samples/44-1-3-en.xml.gz');
  });

  test('requests to one host start at least the spacing apart', async () => {
    publishSitting(root, '44-1', 1);
    publishVoteList(root, '44-1', []);
    const r = await run({ since: '2021-11-22', perHost: 2, spacingMs: 100 });
    expect(r.totals.requests).toBeGreaterThanOrEqual(8);
    // Starts are ≥ 100 ms apart at the client; arrival times jitter under load, so the span is
    // checked (unspaced, these requests arrive within a few ms of each other).
    const starts = up.requests.map((q) => q.at).sort((a, b) => a - b);
    expect(starts[starts.length - 1] - starts[0]).toBeGreaterThanOrEqual((starts.length - 1) * 100 * 0.9);
  });

  test('429 with Retry-After is waited out before the retry', async () => {
    publishSitting(root, '44-1', 1);
    publishVoteList(root, '44-1', []);
    up.behave(sitting('441', 1), { kind: 'status', status: 429, times: 1, retryAfter: '1' });
    try {
      const r = await run({ since: '2021-11-22', perHost: 1, spacingMs: 50 });
      expect(files(r, 'hoc-debates')).toEqual(['hoc-hansard-xml-samples/44-1-1-en.xml.gz']);
      const tries = requested(sitting('441', 1));
      expect(tries.map((t) => t.status)).toEqual([429, 200]);
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(950);
    } finally {
      up.behave(sitting('441', 1), null);
    }
  });

  test('a backfill killed with SIGKILL resumes without requesting what it had stored', async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) publishSitting(root, '44-1', n);
    publishVoteList(root, '44-1', []);
    up.behave(sitting('441', 5), { kind: 'hang' });
    const manifestFile = join(cache, '..', `${cache.split('/').pop()}-manifest.json`);
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, defaults: { ...manifest.defaults, timeout_ms: 60_000, per_host: 1 } }));
    const script = `import { runFetch } from ${JSON.stringify(join(REPO, 'build-db/fetch/run-fetch.ts'))};
      import { readFileSync } from 'node:fs';
      await runFetch({ manifest: JSON.parse(readFileSync(${JSON.stringify(manifestFile)}, 'utf8')), cache: ${JSON.stringify(cache)}, mirror: ${JSON.stringify(up.mirror)}, since: '2021-11-22' });`;
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    try {
      // Wait until sitting 5 is being requested (it hangs): 1–4 are stored by then.
      const deadline = Date.now() + 20_000;
      while (!requested(sitting('441', 5)).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(requested(sitting('441', 5)).length).toBe(1);
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      rmSync(manifestFile, { force: true });
    }
    expect(existsSync(runMarkerFile(cache))).toBe(true);
    expect(readFileSync(journalFile(cache), 'utf8')).toContain('44-1-4-en.xml.gz');
    up.behave(sitting('441', 5), null);
    up.requests.length = 0;

    const resumed = await run({ since: '2021-11-22' });
    expect(resumed.resumed_from).not.toBeNull();
    expect(files(resumed, 'hoc-debates')).toEqual([1, 2, 3, 4, 5, 6].map((n) => `hoc-hansard-xml-samples/44-1-${n}-en.xml.gz`));
    for (const n of [1, 2, 3, 4]) expect(requested(sitting('441', n))).toEqual([]);
    expect(requested(sitting('441', 5)).map((r) => r.status)).toEqual([200]);
    expect(existsSync(runMarkerFile(cache))).toBe(false);
    // The next run is a fresh one again.
    expect((await run({ since: '2021-11-22' })).resumed_from).toBeNull();
  }, 40_000);
});

describe('jurisdiction confirmation with discovered sources', () => {
  test('files kept without a request by policy do not date the jurisdiction; a source with none requested still counts', async () => {
    const { verifiedAtByJurisdiction } = await import('../../../build-db/fetch/provenance.js');
    const file = (verified: string, attempts: number) => ({
      source: 's',
      file: 'f',
      url: 'u',
      requested_at: verified,
      status: attempts ? 200 : null,
      result: 'unchanged' as const,
      attempts,
      bytes: 1,
      sha256: 'x',
      fetched_at: verified,
      verified_at: verified,
    });
    const source = (id: string, files: ReturnType<typeof file>[]) => ({
      id,
      publisher: 'p',
      importer: null,
      dataset_dir: 'd',
      jurisdiction: 'federal',
      required: false,
      licence: 'l',
      attribution: 'a',
      status: 'fresh' as const,
      changed: false,
      problems: [],
      files,
      items: { new: [], changed: [], removed: [] },
    });
    const report = {
      sources: [source('debates', [file('2024-01-01T00:00:00Z', 0), file('2026-11-25T07:00:00Z', 1)])],
    } as unknown as FetchReport;
    expect(verifiedAtByJurisdiction(report).get('federal')).toBe('2026-11-25T07:00:00Z');
    const allKept = { sources: [source('debates', [file('2024-01-01T00:00:00Z', 0)])] } as unknown as FetchReport;
    expect(verifiedAtByJurisdiction(allKept).get('federal')).toBe('2024-01-01T00:00:00Z');
  });
});

describe('--since', () => {
  test('a calendar date or none; anything else is refused with the flag named', async () => {
    const { sinceDate } = await import('../../../src/cli/commands/fetch.js');
    expect(sinceDate('none')).toEqual({ since: null });
    expect(sinceDate('2024-02-29')).toEqual({ since: '2024-02-29' });
    expect(sinceDate('2023-02-29')).toEqual({ problem: '--since 2023-02-29: expected a date YYYY-MM-DD or none' });
    expect(sinceDate('yesterday')).toMatchObject({ problem: expect.stringContaining('--since yesterday') });
  });
});
