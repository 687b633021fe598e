// BC Hansard finals through the nightly, against a loopback LIMS that ignores conditional requests (as
// the Legislature's file server does): a final is downloaded again only as it passes a revision age
// from its sitting's day; the same bytes leave the release as it was, changed bytes are imported and
// published.
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runPipeline, type PipelineOptions } from '../../../build-db/pipeline/run-pipeline.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';
import { loopbackPipeline } from '../../helpers/loopback-publisher.js';

const SAMPLES = join(DATASETS, 'bc-hansard-html-samples');
const HAVE = existsSync(SAMPLES);
// Not a datasets sample's name, so the loopback serves the publisher folder's copy (a real final's text).
const FINAL = '20260219pm-Hansard-n119.html';
const FINAL_URL = `https://lims.leg.bc.ca/hdms/file/Debates/43rd2nd/${FINAL}`;

describe.skipIf(!HAVE)('BC finals re-checked by their bytes', () => {
  const manifest = subsetManifest(['bc-hansard-html']);
  let up: Upstream;
  let dir: string;
  let root: string;
  let opts: PipelineOptions;
  const night = (day: string) => runPipeline({ ...opts, now: () => `${day}T08:00:00Z` });
  const finalAsked = () => up.requests.filter((r) => r.path === up.pathOf(FINAL_URL));
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'canpol-bc-finals-'));
    root = join(dir, 'publishers');
    const files = join(root, 'lims.leg.bc.ca', 'hdms', 'file', 'Debates', '43rd2nd');
    mkdirSync(files, { recursive: true });
    writeFileSync(join(files, FINAL), gunzipSync(readFileSync(join(SAMPLES, '20260218pm-Hansard-n118.html.gz'))));
    mkdirSync(join(root, 'lims.leg.bc.ca', 'hdms', 'debates'), { recursive: true });
    writeFileSync(join(root, 'lims.leg.bc.ca', 'hdms', 'debates', '43rd1st'), JSON.stringify({ allHansardFileAttributes: { nodes: [] } }));
    writeFileSync(
      join(root, 'lims.leg.bc.ca', 'hdms', 'debates', '43rd2nd'),
      JSON.stringify({
        allHansardFileAttributes: {
          nodes: [{ fileName: FINAL, published: true, debateAttributes: { nodes: [{ debateType: { name: 'House' } }] } }],
        },
      }),
    );
    up = await startUpstream(manifest, DATASETS, root);
    up.behave(up.pathOf(FINAL_URL), { kind: 'unconditional' });
    opts = loopbackPipeline(dir, manifest, up.mirror);
  });
  afterAll(async () => {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('not asked between ages; the same bytes are not re-imported; changed bytes are published', async () => {
    const one = await night('2026-03-01');
    expect(one.error).toBeNull();
    expect(one.status).toBe('published');
    const speeches = one.tables.speeches.current;
    expect(speeches).toBeGreaterThan(0);
    expect(finalAsked().map((r) => r.status)).toEqual([200]);

    // Held on 1 March; ages 7 (26 Feb) and 14 (5 March) from the sitting: the 2nd asks nothing, the 5th downloads it again.
    up.requests.length = 0;
    expect((await night('2026-03-02')).status).toBe('unchanged');
    expect(finalAsked()).toEqual([]);
    const same = await night('2026-03-05');
    expect(finalAsked().map((r) => [r.status, r.ifNoneMatch])).toEqual([[200, null]]);
    expect(same.status).toBe('unchanged');

    // The Legislature corrects the final: the next age (21 days, 12 March) brings it in and the nightly publishes it.
    const file = join(root, 'lims.leg.bc.ca', 'hdms', 'file', 'Debates', '43rd2nd', FINAL);
    const text = readFileSync(file, 'utf8');
    const word = /Hon\. ([A-Z][a-z]+)/.exec(text)!;
    writeFileSync(file, text.replaceAll(word[0], `Hon. ${word[1]}x`));
    up.requests.length = 0;
    expect((await night('2026-03-11')).status).toBe('unchanged');
    expect(finalAsked()).toEqual([]);
    const changed = await night('2026-03-12');
    expect(finalAsked().length).toBe(1);
    expect(changed.status).toBe('published');
    expect(changed.sources.find((s) => s.id === 'bc-hansard-html')!.items.changed).toEqual([`bc-hansard-html-samples/${FINAL}.gz`]);
    // The same speeches, one speaker's name as now written in the published file.
    expect(changed.tables.speeches.current).toBe(speeches);
    const db = new Database(join(opts.publishDir, 'canpol.db'), { readonly: true });
    const named = (name: string) =>
      (db.prepare('SELECT count(*) AS n FROM speeches WHERE speaker_name_raw LIKE ?').get(`%${name}%`) as { n: number }).n;
    expect(named(`${word[1]}x`)).toBeGreaterThan(0);
    db.close();
  }, 240_000);
});
