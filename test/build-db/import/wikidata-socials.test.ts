// The wikidata-socials importer: Wikidata's entity JSON (hand-written in its exact layout, see
// test/helpers/wikidata-entity.ts) → handles on every platform and official websites, joined by the
// Q id a people source holds, else by name during the person's House term, never by name alone;
// then on the real rosters, built and served: /socials and social_urls agree, a handle gone upstream
// stays with is_live=false and shows with include_dead=true.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../../build-db/build.js';
import { everypoliticianImporter } from '../../../build-db/import/everypolitician/index.js';
import { hocMembersImporter } from '../../../build-db/import/hoc-members/index.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import { mpHandlesImporter } from '../../../build-db/import/mp-handles/index.js';
import { datasetPath, runImport } from '../../../build-db/import/run-import.js';
import type { ImportContext, Skip } from '../../../build-db/import/types.js';
import { readEntity } from '../../../build-db/import/wikidata/entity.js';
import { importWikidataSocials, wikidataSocialsImporter } from '../../../build-db/import/wikidata/index.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { tempDir } from '../../helpers/fixture.js';
import { type Account, entityJson } from '../../helpers/wikidata-entity.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-wikidata-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function entityFolder(entities: Record<string, string>): string {
  const from = temp();
  mkdirSync(join(from, 'entities'));
  for (const [qid, json] of Object.entries(entities)) writeFileSync(join(from, 'entities', `${qid}.json`), json);
  return from;
}

const mp = (id: number, name: string, start: string, end: string | null, same_as: string[] = []): Person => ({
  key: `ca-hoc/person/${id}`,
  name,
  same_as,
  level: 'federal',
  terms: [{ start_at: start, end_at: end, elected_office: 'MP' }],
});

describe('reading an entity file', () => {
  test('one entity with its Q id; a deleted one and a broken file say why', () => {
    expect('entity' in readEntity(entityJson('Q1', 'A B'))).toBe(true);
    expect(readEntity('{"entities":{"Q9":{"id":"Q9","missing":""}}}')).toEqual({ problem: 'Q9 is missing (deleted on Wikidata)' });
    expect(readEntity('{"entities":')).toMatchObject({ problem: expect.stringContaining('not JSON') });
    expect(readEntity('{"entities":{}}')).toEqual({ problem: '0 entities, expected one' });
  });
});

describe('handles and joins on hand-built people', () => {
  const from = entityFolder({
    // Joined by the Q id a people source recorded (same_as), accounts on every platform.
    Q100: entityJson('Q100', 'Ada Example', {
      accounts: [
        { property: 'P2002', value: 'AdaExample' },
        { property: 'P12361', value: 'ada.bsky.social' },
        { property: 'P4033', value: 'ada@Mastodon.Social' },
        { property: 'P2003', value: 'ada.example' },
        { property: 'P2013', value: 'AdaExampleMP' },
        { property: 'P2397', value: 'UCabcdefghijklmnopqrstuv' },
        { property: 'P7085', value: 'adaexample' },
        { property: 'P6634', value: 'ada-example-123' },
        { property: 'P11892', value: 'ada.example' },
        // An account with an end time: kept, not live. A deprecated statement: not read at all.
        { property: 'P2002', value: 'OldAda', ended: '2022-01-01' },
        { property: 'P2003', value: 'wrong', rank: 'deprecated' },
        { property: 'P7085', value: 'has spaces' },
      ],
      websites: ['https://ada.example.ca/'],
    }),
    // No key: joined by name among MPs serving during her Wikidata House term.
    Q200: entityJson('Q200', 'Bea Sample', {
      seats: [{ start: '2021-09-20' }],
      accounts: [{ property: 'P12361', value: 'bea.example.ca' }],
    }),
    // Same name, but Wikidata's term is before the roster's: not serving then, no join.
    Q300: entityJson('Q300', 'Cy Other', {
      seats: [{ start: '2006-01-23', end: '2008-09-07' }],
      accounts: [{ property: 'P2002', value: 'cy' }],
    }),
    // A name and no House term: never joined by the name alone.
    Q400: entityJson('Q400', 'Bea Sample', { accounts: [{ property: 'P2002', value: 'beaother' }] }),
    // Two people of that name serving that day: reported, not guessed.
    Q500: entityJson('Q500', 'Sam Lee', { seats: [{ start: '2021-09-20' }], accounts: [{ property: 'P2002', value: 'samlee' }] }),
  });
  const identity = new Identity([
    mp(1, 'Ada Example', '2015-10-19', null, ['wikidata/Q100']),
    mp(2, 'Bea Sample', '2021-09-20', null),
    mp(3, 'Cy Other', '2019-10-21', null),
    mp(4, 'Sam Lee', '2021-09-20', null),
    mp(5, 'Sam Lee', '2021-09-20', null),
  ]);
  const skips: Skip[] = [];
  const ctx: ImportContext = {
    identity,
    skip: (s) => skips.push(s),
    log: () => {},
    extractedAt: '2026-11-01T00:00:00Z',
    // Another source already gave Ada's Twitter handle (another case): that record stays theirs.
    existing: {
      socials: [
        { politician_key: 'ca-hoc/person/1', platform: 'twitter', handle: 'adaexample', url: 'https://x.com/adaexample', is_live: true },
      ],
    },
    // Last run this importer gave Ada a YouTube handle her entity no longer lists, and Cy one (Cy not read now).
    previous: {
      socials: [
        {
          politician_key: 'ca-hoc/person/1',
          platform: 'youtube',
          handle: 'UCzzzzzzzzzzzzzzzzzzzzzz',
          url: 'https://www.youtube.com/channel/UCzzzzzzzzzzzzzzzzzzzzzz',
          is_live: true,
        },
        { politician_key: 'ca-hoc/person/3', platform: 'twitter', handle: 'cy', url: 'https://x.com/cy', is_live: true },
      ],
    },
  };
  const out = importWikidataSocials(from, ctx);
  const socials = out.records.socials ?? [];
  const of = (id: number) =>
    socials
      .filter((s) => s.politician_key === `ca-hoc/person/${id}`)
      .map((s) => `${s.platform} ${s.handle} ${s.url} ${s.is_live}`)
      .sort();

  test('every platform of the enum, with its profile URL; ended and vanished handles not live', () => {
    expect(of(1)).toEqual([
      'bluesky ada.bsky.social https://bsky.app/profile/ada.bsky.social true',
      'facebook AdaExampleMP https://www.facebook.com/AdaExampleMP true',
      'instagram ada.example https://www.instagram.com/ada.example/ true',
      'linkedin ada-example-123 https://www.linkedin.com/in/ada-example-123 true',
      'mastodon ada@mastodon.social https://mastodon.social/@ada true',
      'threads ada.example https://www.threads.net/@ada.example true',
      'tiktok adaexample https://www.tiktok.com/@adaexample true',
      'twitter OldAda https://x.com/OldAda false',
      'youtube UCabcdefghijklmnopqrstuv https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv true',
      'youtube UCzzzzzzzzzzzzzzzzzzzzzz https://www.youtube.com/channel/UCzzzzzzzzzzzzzzzzzzzzzz false',
    ]);
    expect(socials.find((s) => s.handle === 'ada.bsky.social')?.last_verified_at).toBe('2026-11-01T00:00:00Z');
    expect(out.records.websites).toEqual([
      { politician_key: 'ca-hoc/person/1', url: 'https://ada.example.ca/', label: 'personal', is_active: true },
    ]);
  });

  test('joined by name during the Wikidata term; a person not read this run keeps what they had', () => {
    expect(of(2)).toEqual(['bluesky bea.example.ca https://bsky.app/profile/bea.example.ca true']);
    expect(of(3)).toEqual(['twitter cy https://x.com/cy true']);
    expect(of(4)).toEqual([]);
    expect(out.stats).toMatchObject({
      entities: 5,
      people_joined: 2,
      people_joined_by_id: 1,
      people_joined_by_name: 1,
      handles: 12,
      handles_gone: 1,
      handles_kept_unread: 1,
      handles_from_another_source: 1,
    });
  });

  test('every entity not joined, and every bad value, is reported with why', () => {
    expect(skips.map((s) => [s.record, s.reason])).toEqual([
      ['Q100 P7085', 'not a tiktok handle'],
      ['Q300', 'politician not matched'],
      ['Q400', 'politician not matched'],
      ['Q500', 'politician ambiguous'],
    ]);
    expect(skips.find((s) => s.record === 'Q400')?.detail).toContain('no dated House of Commons term on Wikidata');
    expect(skips.find((s) => s.record === 'Q500')?.detail).toContain('2 candidates');
  });
});

describe.skipIf(!existsSync(join(DATASETS, 'everypolitician-canada')) || !existsSync(join(DATASETS, 'hoc-members-2023')))(
  'on the real rosters, built and served',
  () => {
    // Justin Trudeau: Q3099714 in EveryPolitician's term-42 file (its `wikidata` column), PersonId 58733.
    const trudeau = (accounts: Account[]) => entityJson('Q3099714', 'Justin Trudeau', { seats: [{ start: '2008-10-14' }], accounts });
    const first = entityFolder({
      Q3099714: trudeau([
        { property: 'P2002', value: 'JustinTrudeau' },
        { property: 'P12361', value: 'justintrudeau.bsky.social' },
        { property: 'P2003', value: 'justinpjtrudeau' },
        { property: 'P2013', value: 'JustinPJTrudeau' },
        { property: 'P7085', value: 'justintrudeau' },
      ]),
      // Not in EveryPolitician (first elected 2021): joined by name during her House term.
      Q65000001: entityJson('Q65000001', 'Leslyn Lewis', {
        seats: [{ start: '2021-09-20' }],
        accounts: [{ property: 'P4033', value: 'leslyn@example.social' }],
      }),
    });
    const second = entityFolder({
      Q3099714: trudeau([
        { property: 'P2002', value: 'JustinTrudeau' },
        { property: 'P2003', value: 'justinpjtrudeau' },
        { property: 'P2013', value: 'JustinPJTrudeau' },
        { property: 'P7085', value: 'justintrudeau' },
      ]),
    });
    const into = temp();
    const importers = [hocMembersImporter, everypoliticianImporter, mpHandlesImporter, wikidataSocialsImporter];
    const run = (wikidata: string) =>
      runImport({
        importers,
        into,
        extractedAt: '2026-11-01T00:00:00Z',
        fromOf: (i) => (i === wikidataSocialsImporter ? wikidata : datasetPath(DATASETS)(i)),
      });
    const serve = () => {
      const result = buildDataFile({ sources: into, out: join(temp(), 'x.db'), now: new Date('2026-11-02T00:00:00Z') });
      if (!result.ok) throw new Error(JSON.stringify(result.issues.slice(0, 5)));
      const data = openDataFile(result.out);
      const app = createApp({
        data,
        logError: (err) => {
          throw err;
        },
      });
      const get = async (path: string) => {
        const res = await app.request(`/api/public/v1${path}`);
        expect(res.status).toBe(200);
        return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      };
      return { get, close: () => data.close() };
    };

    test('first run: handles on five platforms, social_urls and /socials agree', async () => {
      const report = await run(first);
      const entry = report.importers.find((e) => e.kind === 'wikidata-socials')!;
      expect(entry.stats).toMatchObject({
        entities: 2,
        people_joined: 2,
        people_joined_by_id: 1,
        people_joined_by_name: 1,
        handles_from_another_source: 1,
      });
      const { get, close } = serve();
      const [id] = (await get('/politicians?q=Justin%20Trudeau&jurisdiction=federal')).items.map((p: { id: string }) => p.id);
      const detail = await get(`/politicians/${id}`);
      const socials = (await get(`/politicians/${id}/socials`)).items as Array<{
        platform: string;
        url: string;
        handle: string;
        is_live: boolean;
      }>;
      expect(socials.map((s) => s.platform)).toEqual(['bluesky', 'facebook', 'instagram', 'tiktok', 'twitter']);
      // The 2022 list's record of the Twitter handle is kept (one row, not two).
      expect(socials.filter((s) => s.platform === 'twitter').map((s) => s.handle)).toEqual(['JustinTrudeau']);
      expect(detail.politician.social_urls).toEqual(Object.fromEntries(socials.map((s) => [s.platform, s.url])));
      const [lewis] = (await get('/politicians?q=Leslyn%20Lewis&jurisdiction=federal')).items;
      // Her Twitter handle comes from the 2022 list; the Mastodon one from Wikidata.
      expect((await get(`/politicians/${lewis.id}/socials`)).items.map((s: { url: string }) => s.url)).toEqual([
        'https://example.social/@leslyn',
        'https://x.com/LeslynLewis',
      ]);
      close();
    }, 120_000);

    test('second run: the Bluesky handle gone upstream is kept, not live, shown with include_dead=true', async () => {
      await run(second);
      const lines = readFileSync(join(into, 'socials.wikidata-socials.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.find((s) => s.platform === 'bluesky')).toMatchObject({ handle: 'justintrudeau.bsky.social', is_live: false });
      const { get, close } = serve();
      const [id] = (await get('/politicians?q=Justin%20Trudeau&jurisdiction=federal')).items.map((p: { id: string }) => p.id);
      expect((await get(`/politicians/${id}/socials`)).items.map((s: { platform: string }) => s.platform)).toEqual([
        'facebook',
        'instagram',
        'tiktok',
        'twitter',
      ]);
      const all = (await get(`/politicians/${id}/socials?include_dead=true`)).items;
      expect(all.find((s: { platform: string }) => s.platform === 'bluesky')).toMatchObject({
        handle: 'justintrudeau.bsky.social',
        is_live: false,
      });
      expect((await get(`/politicians/${id}`)).politician.social_urls.bluesky).toBeUndefined();
      // Leslyn Lewis's entity was not read this run: her handle stays as it was.
      const [lewis] = (await get('/politicians?q=Leslyn%20Lewis&jurisdiction=federal')).items;
      expect((await get(`/politicians/${lewis.id}/socials`)).items).toHaveLength(2);
      close();
    }, 120_000);
  },
);
