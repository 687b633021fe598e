// House Debates XML starts with the 39th Parliament: the committed manifest's numbered source does
// not probe the sessions before it (each cost a window of 404s for 30 days); the 39th on are walked.
import { describe, expect, test } from 'bun:test';
import type { DiscoverContext, Session } from '../../../build-db/fetch/discover/context.js';
import { discoverNumbered } from '../../../build-db/fetch/discover/numbered.js';
import type { FileOutcome } from '../../../build-db/fetch/fetch-file.js';
import { readManifest } from '../../../build-db/fetch/read-manifest.js';
import { MANIFEST_PATH } from '../../helpers/nightly-manifest.js';

const session = (id: string, open = false): Session => ({
  id,
  parliament: Number(id.split('-')[0]),
  session: Number(id.split('-')[1]),
  opened: '2000-01-01',
  open,
});

describe('numbered discovery and from_parliament', () => {
  test('the committed hoc-debates probes no session before the 39th Parliament', async () => {
    const read = readManifest(MANIFEST_PATH);
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const source = read.manifest.sources.find((s) => s.id === 'hoc-debates')!;
    const asked: string[] = [];
    const ctx: DiscoverContext = {
      source,
      sessions: [session('37-1'), session('38-1'), session('39-1'), session('45-1', true)],
      since: null,
      now: '2026-12-01T00:00:00Z',
      resumeFrom: null,
      fetch: async (file) => {
        asked.push(file.url);
        return {
          source: source.id,
          file: file.path,
          url: file.url,
          requested_at: '',
          status: 404,
          result: 'absent',
          attempts: 1,
          bytes: null,
          sha256: null,
          fetched_at: null,
          verified_at: null,
        } as FileOutcome;
      },
      kept: () => null,
      missedAt: () => null,
      setMiss: () => {},
      readCached: () => null,
      progress: () => {},
    };
    await discoverNumbered(ctx);
    // The Debates XML probed (the calendar of lettered sittings is another request: sitting-calendar.ts).
    const sessions = [...new Set(asked.filter((u) => u.includes('/Content/House/')).map((u) => /\/House\/(\d+)\//.exec(u)![1]))].sort();
    expect(sessions).toEqual(['391', '451']);
  });

  test("revision window: the sitting session's sittings first held within revision_days are re-checked, older ones not", async () => {
    const read = readManifest(MANIFEST_PATH);
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const committed = read.manifest.sources.find((s) => s.id === 'hoc-debates')!;
    const source = {
      ...committed,
      discover: { ...(committed.discover as Extract<typeof committed.discover, { kind: 'numbered' }>), recheck_last: 1, revision_days: 14 },
    };
    const asked: number[] = [];
    const outcome = (file: { path: string; url: string }, fetchedAt: string | null, result: FileOutcome['result']) =>
      ({
        source: source.id,
        file: file.path,
        url: file.url,
        requested_at: '',
        status: result === 'absent' ? 404 : 304,
        result,
        attempts: 1,
        bytes: 1,
        sha256: 'x',
        fetched_at: fetchedAt,
        verified_at: fetchedAt,
      }) as FileOutcome;
    // Sittings 1-10 of 45-1 held: 1-5 first fetched in October, 6-10 in the last week.
    const number = (path: string) => Number(/^45-1-(\d+)-/.exec(path)?.[1] ?? 0);
    const ctx: DiscoverContext = {
      source,
      sessions: [session('45-1', true)],
      since: null,
      now: '2026-12-01T00:00:00.000Z',
      resumeFrom: null,
      fetch: async (file) => {
        const n = number(file.path);
        if (file.path.endsWith('-en.xml.gz')) asked.push(n);
        return outcome(file, null, n <= 10 ? 'unchanged' : 'absent');
      },
      kept: (file) => {
        const n = number(file.path);
        return n >= 1 && n <= 10 ? outcome(file, n <= 5 ? '2026-10-01T00:00:00.000Z' : '2026-11-25T00:00:00.000Z', 'unchanged') : null;
      },
      missedAt: () => null,
      setMiss: () => {},
      readCached: () => null,
      progress: () => {},
    };
    await discoverNumbered(ctx);
    // 6-10 (recent), then the window past the highest (11-15).
    expect(asked.sort((a, b) => a - b)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  });
});
