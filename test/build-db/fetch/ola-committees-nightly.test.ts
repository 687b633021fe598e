// The Ontario committees nightly (source ola-committees) against the loopback upstream: the committees
// index → each committee's transcripts listing of the Parliaments in scope → each transcript, then
// imported. The pages are WRITTEN BY HAND (no saved copy of ola.org's committee pages was found): the
// index and listings reduced to the links a public scraper of them reads, the transcript in the
// Drupal transcript markup of ontario-hansard's tests (see test/build-db/import/ontario-committees.test.ts).
import { afterAll, describe, expect, test } from 'bun:test';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { olaCommitteeListings } from '../../../build-db/fetch/ola-committee-listers.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { Identity } from '../../../build-db/import/identity.js';
import { importOntarioCommittees } from '../../../build-db/import/ontario-committees/index.js';
import type { Skip } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';
import { repoManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream } from '../../helpers/upstream-server.js';
import { fetchRuns } from '../../helpers/fetch-runs.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = tempDir('canpol-ola-cttee-');
  dirs.push(d);
  return d;
};

const OLA = 'https://www.ola.org';
const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
const C = '/en/legislative-business/committees';
const INDEX = `<html><body><main><ul>
<li><a href="${C}/finance-economic-affairs">Standing Committee on Finance and Economic Affairs</a></li>
<li><a href="${C}/public-accounts">Standing Committee on Public Accounts</a></li>
<li><a href="${C}/documents">Committee documents</a></li>
</ul></main></body></html>`;
const listing = (slug: string, p: number, names: string[]) =>
  `<html><body><header><nav><a href="/en">Legislative Assembly of Ontario</a> <a href="${C}">Committees</a></nav></header><h1>Transcripts</h1><ul>${names
    .map((n) => `<li><a href="${C}/${slug}/parliament-${p}/transcripts/${n}">${n}</a></li>`)
    .join('')}<li><a href="${C}/${slug}/parliament-${p}/transcripts?page=1">Next</a></li>${names
    .map((n) => `<li><a href="${C}/${slug}/parliament-${p}/transcripts/${n}?_format=json">JSON</a></li>`)
    .join('')}</ul></body></html>`;
const transcript = (chair: string, words: string) => `<html><head><title>Committee transcript</title></head><body>
<p class="procedure"><span id="para1"/>The committee met at 1000 in room 151.</p>
<p class="speakerStart"><span id="para2"/><strong>The Chair (${chair}):</strong> ${words}</p>
<p class="speakerStart"><span id="para3"/><strong>Mr. Jan Witness:</strong> Thank you, Chair, for the invitation to appear today.</p>
</body></html>`;

function manifestOf() {
  const m = repoManifest();
  const source = m.sources.find((s) => s.id === 'ola-committees')!;
  return {
    source,
    manifest: {
      ...m,
      defaults: { ...m.defaults, spacing_ms: 0 },
      // The hand-written pages are short beside the real ones.
      sources: [
        {
          ...source,
          min_interval_ms: 0,
          check: { ...source.check, min_bytes: 100 },
          files: source.files.map((f) => ({ ...f, check: { ...f.check, min_bytes: 100 } })),
        },
      ],
    },
  };
}

describe('the ola-committees source', () => {
  test('declared in the manifest: polite, non-commercial terms, from the committees index, the 43rd and 44th Parliaments', () => {
    const { source } = manifestOf();
    expect(source).toMatchObject({
      importer: 'ontario-committees',
      dataset_dir: 'ontario-committees',
      jurisdiction: 'ON',
      min_interval_ms: 2000,
    });
    expect(source.licence).toContain('non-commercial');
    expect(source.files).toEqual([
      expect.objectContaining({
        path: 'committees.html',
        url: `${OLA}${C}`,
        list_with: 'ola-committee-listings',
        params: { from_parliament: 43, to_parliament: 44 },
      }),
    ]);
  });

  test('the index lister: each committee (not other links) × each Parliament; a dissolved one held once; no scope is a problem', () => {
    const listed = olaCommitteeListings(INDEX, () => '', `${OLA}${C}`, { from_parliament: 43, to_parliament: 44 });
    expect(listed.problems).toEqual([]);
    expect(listed.files.map((f) => [f.path, f.url, f.immutable ?? false])).toEqual([
      ['listings/finance-economic-affairs-parliament-43.html', `${OLA}${C}/finance-economic-affairs/parliament-43/transcripts`, true],
      ['listings/finance-economic-affairs-parliament-44.html', `${OLA}${C}/finance-economic-affairs/parliament-44/transcripts`, false],
      ['listings/public-accounts-parliament-43.html', `${OLA}${C}/public-accounts/parliament-43/transcripts`, true],
      ['listings/public-accounts-parliament-44.html', `${OLA}${C}/public-accounts/parliament-44/transcripts`, false],
    ]);
    expect(listed.files.every((f) => f.optional && f.list_with === 'ola-committee-transcripts')).toBe(true);
    // The dissolved Parliament's pages are backfill: past the fetch deadline, left for the next run.
    expect(listed.files.filter((f) => f.backfill).map((f) => f.path)).toEqual([
      'listings/finance-economic-affairs-parliament-43.html',
      'listings/public-accounts-parliament-43.html',
    ]);
    expect(olaCommitteeListings('<html>moved</html>', () => '', OLA, { from_parliament: 44 }).problems).toEqual([
      'the committees index links no committee (/en/legislative-business/committees/{slug}, "… Committee on …")',
    ]);
    expect(olaCommitteeListings(INDEX, () => '', OLA, {}).problems.length).toBe(1);
  });

  test('index → listings → transcripts from the loopback, imported; night 2 asks conditionally for the open Parliament only and finds the new meeting', async () => {
    const { manifest } = manifestOf();
    const up = await startUpstream(manifest, temp());
    const at = (path: string, body: string) =>
      up.behave(up.pathOf(`${OLA}${path}`), { kind: 'replace', body, contentType: 'text/html; charset=UTF-8' });
    const fin44 = `${C}/finance-economic-affairs/parliament-44/transcripts`;
    at(C, INDEX);
    at(
      `${C}/finance-economic-affairs/parliament-43/transcripts`,
      listing('finance-economic-affairs', 43, ['committee-transcript-2024-nov-4']),
    );
    at(fin44, listing('finance-economic-affairs', 44, ['committee-transcript-2025-dec-01']));
    // Public accounts did not sit in the 43rd here (its listing answers 404) and has not met in the 44th.
    at(`${C}/public-accounts/parliament-44/transcripts`, listing('public-accounts', 44, []));
    at(
      `${C}/finance-economic-affairs/parliament-43/transcripts/committee-transcript-2024-nov-4`,
      transcript('Mr. Ernie Hardeman', 'We begin.'),
    );
    at(`${fin44}/committee-transcript-2025-dec-01`, transcript('Hon. Ernie Hardeman', 'Good morning, members.'));
    const cache = temp();
    const night = async () => {
      const before = up.requests.length;
      const report = await runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 0, backoffMs: 5 });
      return { report, asked: up.requests.slice(before).map((r) => ({ ...r, path: r.path.replace(/^\/www\.ola\.org/, '') })) };
    };
    try {
      const one = await night();
      expect(one.report.sources[0].status, JSON.stringify(one.report.sources[0])).toBe('fresh');
      // Requests of one wave may cross (no interval here): compared in order of path.
      expect(sorted(one.asked.map((r) => [r.path, r.status]))).toEqual(
        sorted([
          [C, 200],
          [`${C}/finance-economic-affairs/parliament-43/transcripts`, 200],
          [`${C}/finance-economic-affairs/parliament-44/transcripts`, 200],
          [`${C}/public-accounts/parliament-43/transcripts`, 404],
          [`${C}/public-accounts/parliament-44/transcripts`, 200],
          [`${C}/finance-economic-affairs/parliament-43/transcripts/committee-transcript-2024-nov-4`, 200],
          [`${fin44}/committee-transcript-2025-dec-01`, 200],
        ]),
      );
      // robots.txt: Disallow /*? — the listings' query-string links are never followed.
      expect(one.asked.filter((r) => r.path.includes('?'))).toEqual([]);
      const dir = join(cache, 'ontario-committees');
      expect(readdirSync(join(dir, 'transcripts/finance-economic-affairs/parliament-44'))).toEqual([
        'committee-transcript-2025-dec-01.html',
      ]);

      // A new meeting in the 44th Parliament, published between the nights.
      at(fin44, listing('finance-economic-affairs', 44, ['committee-transcript-2025-dec-01', 'committee-transcript-2025-dec-08']));
      at(`${fin44}/committee-transcript-2025-dec-08`, transcript('Hon. Ernie Hardeman', 'The second meeting.'));
      const two = await night();
      expect(two.report.sources[0].status, JSON.stringify(two.report.sources[0].problems)).toBe('fresh');
      // The 43rd Parliament's listings (the one it lacked too) and transcript are held; the rest asked again with their ETag.
      expect(sorted(two.asked.map((r) => [r.path, r.status, r.ifNoneMatch !== null]))).toEqual(
        sorted([
          [C, 304, true],
          [`${C}/finance-economic-affairs/parliament-44/transcripts`, 200, true],
          [`${C}/public-accounts/parliament-44/transcripts`, 304, true],
          [`${fin44}/committee-transcript-2025-dec-01`, 304, true],
          [`${fin44}/committee-transcript-2025-dec-08`, 200, false],
        ]),
      );

      const skips: Skip[] = [];
      const out = importOntarioCommittees(dir, { identity: new Identity([]), existing: {}, skip: (s) => skips.push(s), log: () => {} });
      const speeches = out.records.speeches ?? [];
      expect(out.stats).toMatchObject({ meetings: 3, speeches: 6 });
      expect(new Set(speeches.map((s) => s.committee_name))).toEqual(new Set(['Standing Committee on Finance and Economic Affairs']));
      expect([...new Set(speeches.map((s) => s.meeting_url))].sort()).toEqual([
        `${OLA}${C}/finance-economic-affairs/parliament-43/transcripts/committee-transcript-2024-nov-4`,
        `${OLA}${fin44}/committee-transcript-2025-dec-01`,
        `${OLA}${fin44}/committee-transcript-2025-dec-08`,
      ]);
      expect(speeches.find((s) => s.meeting_url!.endsWith('2024-nov-4'))!.spoken_at).toBe('2024-11-04T10:00:00-05:00');
    } finally {
      await up.close();
    }
  });

  test('past the fetch deadline the dissolved Parliament is left for the next run (the source partial), the open one fetched; the next run takes the rest', async () => {
    const { manifest } = manifestOf();
    const up = await startUpstream(manifest, temp());
    const at = (path: string, body: string) =>
      up.behave(up.pathOf(`${OLA}${path}`), { kind: 'replace', body, contentType: 'text/html; charset=UTF-8' });
    const fin43 = `${C}/finance-economic-affairs/parliament-43/transcripts`;
    const fin44 = `${C}/finance-economic-affairs/parliament-44/transcripts`;
    at(C, INDEX);
    at(fin43, listing('finance-economic-affairs', 43, ['committee-transcript-2024-nov-4']));
    at(fin44, listing('finance-economic-affairs', 44, ['committee-transcript-2025-dec-01']));
    at(`${C}/public-accounts/parliament-44/transcripts`, listing('public-accounts', 44, []));
    at(`${fin43}/committee-transcript-2024-nov-4`, transcript('Mr. Ernie Hardeman', 'We begin.'));
    at(`${fin44}/committee-transcript-2025-dec-01`, transcript('Hon. Ernie Hardeman', 'Good morning, members.'));
    const cache = temp();
    const runs = fetchRuns(up, manifest, cache);
    // The paths on www.ola.org, as the pages link them.
    const run = async (deadline?: number) => {
      const r = await runs(deadline);
      return { ...r, asked: r.asked.map((p) => p.replace(/^\/www\.ola\.org/, '')) };
    };
    try {
      const first = await run(Date.now());
      expect(first.source.status, JSON.stringify(first.source.problems)).toBe('partial');
      expect(first.source.backfill).toMatchObject({ deferred: 2, rechecks_deferred: 0 });
      expect(first.asked).toEqual(
        [C, fin44, `${C}/public-accounts/parliament-44/transcripts`, `${fin44}/committee-transcript-2025-dec-01`].sort(),
      );
      const second = await run();
      expect(second.source.status, JSON.stringify(second.source.problems)).toBe('fresh');
      expect(second.source.backfill).toBeUndefined();
      // The 43rd Parliament now: its listings (one 404, a committee that did not sit) and its transcript.
      expect(second.asked.filter((p) => p.includes('parliament-43'))).toEqual(
        [fin43, `${C}/public-accounts/parliament-43/transcripts`, `${fin43}/committee-transcript-2024-nov-4`].sort(),
      );
      expect(readdirSync(join(cache, 'ontario-committees/transcripts/finance-economic-affairs/parliament-43'))).toEqual([
        'committee-transcript-2024-nov-4.html',
      ]);
    } finally {
      await up.close();
    }
  });
});
