// BC committee transcripts through the whole nightly (fetch → import → build → publish) against a
// loopback LIMS: night 1 publishes a meeting read from its Blues; its final is listed the next day and
// night 2 publishes the meeting from the final, the Blues no longer read. The documents are hand-written
// in the publisher's layouts (test/helpers/bc-committee-publisher.ts).
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PipelineOptions, runPipeline } from '../../../build-db/pipeline/run-pipeline.js';
import { FGS, fgsMeeting, meetingsPage, membership } from '../../helpers/bc-committee-publisher.js';
import { loopbackPipeline } from '../../helpers/loopback-publisher.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';
import { publishFile } from '../../helpers/publisher-folder.js';

const FOLDER = 'lims.leg.bc.ca/hdms/file/Committees/43rd2nd/fgs';
const BLUES = '20260225am-Finance-Victoria-Blues.htm';
const FINAL = '20260225am-Finance-Victoria-n12.html';
const url = (file: string) => `https://${FOLDER}/${file}`;

describe('BC committees through the nightly', () => {
  const manifest = subsetManifest(['bc-committees']);
  let up: Upstream;
  let dir: string;
  let root: string;
  let opts: PipelineOptions;
  const put = (path: string, body: string) => publishFile(root, path, body);
  const page = (files: string[]) =>
    meetingsPage(
      [{ id: 3801, startTime: '2026-02-25T09:00:00', name: FGS }],
      files.map((fileName) => ({ filePath: '/Committees/43rd2nd/fgs', fileName, meetingId: 3801 })),
    );
  const night = (day: string) => runPipeline({ ...opts, now: () => `${day}T08:00:00Z` });
  const published = () => {
    const db = new Database(join(opts.publishDir, 'canpol.db'), { readonly: true });
    try {
      return {
        meetings: db.prepare('SELECT meeting_url, date, speech_count FROM committee_meetings ORDER BY meeting_url').all(),
        status: (db.prepare("SELECT committees_status AS s FROM jurisdictions WHERE jurisdiction = 'BC'").get() as { s: string }).s,
        drafts: (db.prepare("SELECT count(*) AS n FROM speeches WHERE speech_type = 'committee' AND is_draft = 1").get() as { n: number })
          .n,
      };
    } finally {
      db.close();
    }
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'canpol-bc-committees-pipeline-'));
    root = join(dir, 'publishers');
    put('api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous', page([BLUES]));
    put('api.lims.leg.bc.ca/pcms/committees/membership', membership());
    put(`${FOLDER}/${BLUES}`, fgsMeeting(false));
    up = await startUpstream(manifest, DATASETS, root);
    for (const f of [BLUES, FINAL]) up.behave(up.pathOf(url(f)), { kind: 'unconditional' });
    opts = loopbackPipeline(dir, manifest, up.mirror);
  });
  afterAll(async () => {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('night 1 publishes the meeting from its Blues; night 2 from its final once listed', async () => {
    const one = await night('2026-02-26');
    expect(one.error).toBeNull();
    expect(one.status).toBe('published');
    expect(published()).toEqual({
      meetings: [{ meeting_url: url(BLUES), date: '2026-02-25', speech_count: 5 }],
      status: 'live',
      drafts: 5,
    });

    put(`${FOLDER}/${FINAL}`, fgsMeeting(true));
    put('api.lims.leg.bc.ca/pcms/committees/meetings?filter=previous', page([BLUES, FINAL]));
    up.requests.length = 0;
    const two = await night('2026-02-27');
    expect(two.error).toBeNull();
    expect(two.status).toBe('published');
    // The Blues is not asked for again once its final is listed.
    expect(up.requests.filter((r) => r.path === up.pathOf(url(BLUES)))).toEqual([]);
    expect(published()).toEqual({
      meetings: [{ meeting_url: url(FINAL), date: '2026-02-25', speech_count: 5 }],
      status: 'live',
      drafts: 0,
    });
  }, 240_000);
});
