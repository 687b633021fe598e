// The fetch deadline (`--deadline`): past it no backfill request starts (a closed session's sittings),
// the sitting session's material is still fetched, `canpol fetch` exits 0 with every required source
// present, and the night publishes with the backfill said to be partial; the next night completes it.
// On the loopback upstream with real sittings from ../shared/datasets.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Discover, SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { fetchReportFile, type FetchReport } from '../../../build-db/fetch/run-fetch.js';
import { runPipeline, type PipelineOptions } from '../../../build-db/pipeline/run-pipeline.js';
import { fetchCommand } from '../../../src/cli/commands/fetch.js';
import { DATASETS, repoManifest, subsetManifest } from '../../helpers/nightly-manifest.js';
import { publishSitting } from '../../helpers/publisher-folder.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';
import { loopbackPipeline } from '../../helpers/loopback-publisher.js';

const HAVE = existsSync(DATASETS);

describe.skipIf(!HAVE)('the fetch deadline', () => {
  let up: Upstream;
  let dir: string;
  let root: string;
  let manifestFile: string;
  let opts: PipelineOptions;
  beforeAll(async () => {
    const base = subsetManifest(['hoc-members-xml', 'hoc-members-offices', 'openparliament-sessions', 'ocd-division-ids']);
    const debates = repoManifest().sources.find((s) => s.id === 'hoc-debates')!;
    const manifest: SourcesManifest = {
      ...base,
      // 43-2 closed when 44-1 opened: its sittings are backfill.
      sessions: [
        { id: '43-2', opened: '2020-09-23' },
        { id: '44-1', opened: '2021-11-22' },
      ],
      sources: [
        ...base.sources,
        { ...debates, discover: { ...(debates.discover as Extract<Discover, { kind: 'numbered' }>), miss_budget: 2, recheck_last: 1 } },
      ],
    };
    dir = mkdtempSync(join(tmpdir(), 'canpol-deadline-'));
    root = join(dir, 'publishers');
    manifestFile = join(dir, 'manifest.json');
    writeFileSync(manifestFile, JSON.stringify(manifest));
    up = await startUpstream(manifest, DATASETS, root);
    opts = loopbackPipeline(dir, manifest, up.mirror);
  });
  afterAll(async () => {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const federal = () => {
    const db = new Database(join(opts.publishDir, 'canpol.db'), { readonly: true });
    try {
      return db.prepare("SELECT hansard_status, notes FROM jurisdictions WHERE jurisdiction = 'federal'").get() as {
        hansard_status: string;
        notes: string | null;
      };
    } finally {
      db.close();
    }
  };

  test('night one publishes the sitting session with the backfill partial; night two completes it', async () => {
    publishSitting(root, '44-1', 1, 'E', '44-1-5-en.xml.gz');
    publishSitting(root, '43-2', 1, 'E', '44-1-303-en.xml.gz');
    publishSitting(root, '43-2', 2, 'E', '44-1-200-en.xml.gz');
    const closed = '/www.ourcommons.ca/Content/House/432/Debates/001/HAN001-E.XML';

    // The fetch step as the workflow runs it, with a deadline already passed: exit 0 (required sources present).
    const rc = await fetchCommand({
      manifest: manifestFile,
      cache: opts.cache,
      mirror: up.mirror,
      since: 'none',
      deadline: '0s',
      only: [],
    });
    expect(rc).toBe(0);
    const fetched = JSON.parse(readFileSync(fetchReportFile(opts.cache), 'utf8')) as FetchReport;
    const debates = fetched.sources.find((s) => s.id === 'hoc-debates')!;
    expect(debates.status).toBe('partial');
    expect(debates.backfill!.deferred).toBeGreaterThan(0);
    expect(debates.backfill!.first).toContain('hoc-hansard-xml-samples/43-2-1-en.xml.gz');
    expect(up.requests.filter((r) => r.path === closed)).toEqual([]);
    // The sitting session's sitting was fetched.
    expect(debates.files.map((f) => f.file)).toContain('hoc-hansard-xml-samples/44-1-1-en.xml.gz');

    // `make nightly` with the same (passed) deadline publishes what is held, saying the backfill is partial.
    const one = await runPipeline({ ...opts, deadline: Date.now() });
    expect(one.error).toBeNull();
    expect(one.status).toBe('published');
    expect(one.partial_sources).toEqual(['hoc-debates']);
    expect(one.tables.speeches.current).toBe(216); // interventions in 44-1-5-en (SOURCE.md)
    expect(federal().notes).toMatch(/Partial backfill: hoc-debates has at least \d+ document\(s\) not fetched yet/);
    expect(federal().hansard_status).toBe('partial');
    expect(up.requests.filter((r) => r.path === closed)).toEqual([]);

    // The next night, without a deadline, fetches the closed session's sittings where the first stopped.
    const two = await runPipeline(opts);
    expect(two.status).toBe('published');
    expect(two.partial_sources).toEqual([]);
    expect(two.sources.find((s) => s.id === 'hoc-debates')!.items.new.sort()).toEqual([
      'hoc-hansard-xml-samples/43-2-1-en.xml.gz',
      'hoc-hansard-xml-samples/43-2-2-en.xml.gz',
    ]);
    expect(two.tables.speeches.current).toBe(216 + 194 + 321); // + 44-1-303-en and 44-1-200-en (SOURCE.md)
    expect(federal().notes ?? '').not.toMatch(/Partial backfill/);
  }, 300_000);
});
