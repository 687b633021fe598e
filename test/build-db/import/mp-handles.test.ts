// The mp-twitter-handles importer: byte repair, handle parsing, the shared-handle rule, linking by
// the identity rule on a hand-written list, then the real 2022 list on the real 2023 roster, built
// and served end to end. Expected values were read by hand from the CSV (grep -a).
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../../build-db/build.js';
import { ids } from '../../../build-db/ids.js';
import { parseCsv } from '../../../build-db/import/csv.js';
import { hocMembersImporter } from '../../../build-db/import/hoc-members/index.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import { profileUrl, screenName } from '../../../build-db/import/mp-handles/handle.js';
import { importMpHandles, mpHandlesImporter } from '../../../build-db/import/mp-handles/index.js';
import { readHandleRows, repairBytes, usDate } from '../../../build-db/import/mp-handles/read-csv.js';
import { judgeSharedHandles } from '../../../build-db/import/mp-handles/shared-handles.js';
import { datasetPath, runImport } from '../../../build-db/import/run-import.js';
import type { Skip } from '../../../build-db/import/types.js';
import { openDataFile } from '../../../src/core/data-file/open-data-file.js';
import { createApp } from '../../../src/server/http/app.js';
import { tempDir } from '../../helpers/fixture.js';
import { datasetLine } from '../../helpers/dataset-line.js';

const DATASETS = join(import.meta.dir, '../../../../shared/datasets');
const dirs: string[] = [];
const temp = () => {
  const d = tempDir('canpol-handles-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const HEADER = 'house,title,first_name,last_name,constituency,prov_territory,political_affiliation,start_date,name,screen_name';

describe('reading the list', () => {
  test('the mangled em dash ("?" + 0x94) is restored before decoding', () => {
    const bytes = Buffer.concat([Buffer.from('Berthier'), Buffer.from([0x3f, 0x94]), Buffer.from('Maskinongé, Is it? Yes')]);
    expect(repairBytes(bytes)).toEqual({ text: 'Berthier—Maskinongé, Is it? Yes', repaired: 1, invalid: 0 });
    expect(repairBytes(Buffer.from([0x41, 0x94])).invalid).toBe(1);
  });

  test('US dates, CSV quoting, screen names', () => {
    expect(usDate('9/20/21 0:00')).toBe('2021-09-20');
    expect(usDate('12/12/2022')).toBe('2022-12-12');
    expect(usDate('2/30/21 0:00')).toBeNull();
    expect(parseCsv('a,"b, c","d ""e"""\r\n\r\nf,g,h\n').map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'b, c', 'd "e"']],
      [3, ['f', 'g', 'h']],
    ]);
    expect(screenName('@JustinTrudeau')).toBe('JustinTrudeau');
    expect(screenName('https://twitter.com/ElizabethMay?lang=en')).toBe('ElizabethMay');
    expect(screenName('not a handle')).toBeNull();
    expect(screenName('sixteen_chars_xx')).toBeNull();
    expect(profileUrl('cafreeland')).toBe('https://x.com/cafreeland');
  });

  test('a handle listed for two people stays with the one it names, or with neither', () => {
    const rows = readHandleRows(
      [
        HEADER,
        'commons,,Stéphane,Lauzon,Argenteuil—La Petite-Nation,Quebec,Liberal,9/20/21 0:00,Stéphane Lauzon,stephanelauzon5',
        'commons,Hon.,Diane,Lebouthillier,Gaspésie—Les Îles-de-la-Madeleine,Quebec,Liberal,9/20/21 0:00,Diane Lebouthillier,stephanelauzon5',
        'commons,,Ann,One,A,Ontario,Liberal,9/20/21 0:00,Ann One,teamcanada',
        'commons,,Bo,Two,B,Ontario,Liberal,9/20/21 0:00,Bo Two,TeamCanada',
      ].join('\n'),
    );
    const v = judgeSharedHandles(rows.map((row) => ({ row, handle: row.screenName })));
    expect(rows.map((r) => v.get(r)?.keep)).toEqual([true, false, false, false]);
  });
});

const mp = (id: number, first: string, last: string, riding: string, party: string, start = '2021-09-20T00:00:00-04:00'): Person => ({
  key: `ca-hoc/person/${id}`,
  name: `${first} ${last}`,
  first_name: first,
  last_name: last,
  constituency_name: riding,
  party,
  terms: [{ start_at: start, end_at: null }],
});

describe('linking a hand-written list through the identity rule', () => {
  const from = temp();
  writeFileSync(
    join(from, 'canadian_mp_twitterhandles.csv'),
    Buffer.concat([
      Buffer.from(
        `${[
          HEADER,
          'commons,,Ziad,Aboultaif,Edmonton Manning,Alberta,Conservative,9/20/21 0:00,Ziad Aboultaif,@ziad_aboultaif',
          // A shorter name than the roster's (no middle name): linked by the name without middle names.
          'commons,,Rhéal,Fortin,Rivière-des-Mille-Îles,Quebec,Bloc Québécois,9/20/21 0:00,Rhéal Fortin,RhealFortin',
          // His son won the seat in 2023: the roster's Carr did not sit on the row's date, so no link.
          datasetLine('mp-twitter-handles-2022/canadian_mp_twitterhandles.csv', 'commons,Hon.,Jim,Carr,'),
          'commons,,,,Nowhere,Ontario,Liberal,9/20/21 0:00,,nameless',
          'commons,,Louis,Plamondon,Bécancour—Nicolet—Saurel,Quebec,Bloc Québécois,9/20/21 0:00,Louis Plamondon,',
          'commons,,Bad,Handle,Somewhere,Ontario,Liberal,9/20/21 0:00,Bad Handle,has spaces',
          'commons,,Sam,Lee,Nowhere,Ontario,Liberal,9/20/21 0:00,Sam Lee,samlee',
        ].join('\n')}\n`,
      ),
      Buffer.from('commons,,Yves,Perron,Berthier'),
      Buffer.from([0x3f, 0x94]),
      Buffer.from('Maskinongé,Quebec,Bloc Québécois,9/20/21 0:00,Yves Perron,yvesperronbq\n'),
    ]),
  );
  const identity = new Identity([
    mp(1, 'Ziad', 'Aboultaif', 'Edmonton Manning', 'Conservative'),
    mp(2, 'Rhéal Éloi', 'Fortin', 'Rivière-des-Mille-Îles', 'Bloc Québécois'),
    mp(3, 'Ben', 'Carr', 'Winnipeg South Centre', 'Liberal', '2023-06-19T00:00:00-04:00'),
    mp(4, 'Sam', 'Lee', 'East Riding', 'Liberal'),
    mp(5, 'Sam', 'Lee', 'West Riding', 'Liberal'),
    mp(6, 'Yves', 'Perron', 'Berthier—Maskinongé', 'Bloc Québécois'),
  ]);
  const skips: Skip[] = [];
  const out = importMpHandles(from, { identity, existing: {}, skip: (s) => skips.push(s), log: () => {} });

  test('linked rows become live twitter handles on x.com', () => {
    expect(out.records.socials).toEqual([
      {
        politician_key: 'ca-hoc/person/1',
        platform: 'twitter',
        handle: 'ziad_aboultaif',
        url: 'https://x.com/ziad_aboultaif',
        is_live: true,
      },
      { politician_key: 'ca-hoc/person/2', platform: 'twitter', handle: 'RhealFortin', url: 'https://x.com/RhealFortin', is_live: true },
      { politician_key: 'ca-hoc/person/6', platform: 'twitter', handle: 'yvesperronbq', url: 'https://x.com/yvesperronbq', is_live: true },
    ]);
  });

  test('every other row is reported with its raw name and why', () => {
    expect(skips.map((s) => [s.record, s.reason])).toEqual([
      ['line 5', 'row without a name'],
      ['line 6 Louis Plamondon', 'row without a handle'],
      ['line 7 Bad Handle', 'handle not a valid screen name'],
      ['line 4 Jim Carr', 'politician not matched'],
      ['line 8 Sam Lee', 'politician ambiguous'],
    ]);
    expect(skips.find((s) => s.record === 'line 4 Jim Carr')?.detail).toBe(
      'Jim Carr (Winnipeg South Centre, Liberal, from 2021-09-20) @jimcarr_wpg',
    );
  });

  test('the tally and the stats give the match rate', () => {
    expect(identity.tallies.get('mp-twitter-handles')).toEqual({
      total: 5,
      resolved: 3,
      byMethod: { name: 3 },
      ambiguous: 1,
      unmatched: 1,
    });
    expect(out.stats).toMatchObject({ rows: 8, rows_with_handle: 5, matched: 3, match_rate_percent: 60, em_dashes_repaired: 1 });
  });
});

describe.skipIf(!existsSync(join(DATASETS, 'mp-twitter-handles-2022')) || !existsSync(join(DATASETS, 'hoc-members-2023')))(
  'the real list on the real roster, built and served',
  () => {
    const into = temp();
    const out = join(temp(), 'x.db');
    let report: Awaited<ReturnType<typeof runImport>>;
    let app: ReturnType<typeof createApp>;
    const get = async (path: string) => {
      const res = await app.request(`/api/public/v1${path}`);
      expect(res.status).toBe(200);
      return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    let socials: Array<{ politician_key: string; handle: string }> = [];
    const socialsOf = (personId: number) => socials.filter((s) => s.politician_key === `ca-hoc/person/${personId}`).map((s) => s.handle);

    test('import both into one bundle; the match rate has a measured floor', async () => {
      report = await runImport({
        importers: [hocMembersImporter, mpHandlesImporter],
        fromOf: datasetPath(DATASETS),
        into,
        extractedAt: '2026-11-01T00:00:00Z',
      });
      const handles = report.importers.find((e) => e.kind === 'mp-twitter-handles')!;
      // Measured 2026-11: 323 of 330 rows with a handle (6 MPs gone by the 2023 roster, 1 pasted handle).
      expect(handles.stats.rows).toBe(337);
      expect(handles.stats.rows_with_handle).toBe(330);
      expect(handles.stats.match_rate_percent).toBeGreaterThanOrEqual(97.9);
      expect(handles.attribution['mp-twitter-handles'].ambiguous).toBe(0);
      expect(handles.skipped_by_reason['row without a handle']).toBe(7);
      socials = readFileSync(join(into, 'socials.mp-twitter-handles.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(socials).toHaveLength(handles.stats.matched);
    });

    test('handles of named MPs (CSV rows grep -a by name)', () => {
      expect(socialsOf(89156)).toEqual(['ziad_aboultaif']); // Ziad Aboultaif
      expect(socialsOf(84665)).toEqual(['cafreeland']); // Chrystia Freeland
      expect(socialsOf(89497)).toEqual(['HarjitSajjan']); // "Harjit S. Sajjan" in the CSV
      expect(socialsOf(88394)).toEqual(['stephanelauzon5']); // Stéphane Lauzon keeps his handle...
      expect(socialsOf(88460)).toEqual([]); // ...which the list also gives Diane Lebouthillier
    });

    test('the bundle builds and serves politicians with offices and social URLs', async () => {
      const result = buildDataFile({ sources: into, out, now: new Date('2026-11-02T00:00:00Z') });
      if (!result.ok) throw new Error(JSON.stringify(result.issues.slice(0, 5)));
      const data = openDataFile(out);
      app = createApp({
        data,
        logError: (err) => {
          throw err;
        },
      });
      const list = await get('/politicians?jurisdiction=federal&limit=1');
      expect(list.total).toBe(337);
      const id = ids.politician('ca-hoc/person/88460');
      const one = await get(`/politicians/${id}`);
      expect(one.politician).toMatchObject({
        name: 'Diane Lebouthillier',
        constituency_id: 'federal-electoral-districts-2013/24026',
        phone: '613-992-6188',
        social_urls: {},
      });
      expect((await get(`/politicians/${id}/offices`)).items).toHaveLength(5);
      const freeland = await get(`/politicians/${ids.politician('ca-hoc/person/84665')}`);
      expect(freeland.politician.social_urls).toEqual({ twitter: 'https://x.com/cafreeland' });
      data.close();
    });
  },
);
