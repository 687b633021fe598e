// canpol pipeline on a few real sources served by the loopback upstream: publish, an unchanged
// night, a forced rebuild that reuses every vector, and the guards that stop a worse file.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runPipeline, type PipelineOptions } from '../../../build-db/pipeline/run-pipeline.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const HAVE = existsSync(DATASETS);
const manifest = subsetManifest();
const OFFICES_URL = manifest.sources.find((s) => s.id === 'hoc-members-offices')!.files[0].url;
const MEMBERS_URL = manifest.sources.find((s) => s.id === 'hoc-members-xml')!.files[0].url;
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe.skipIf(!HAVE)('the nightly pipeline', () => {
  let up: Upstream;
  let dir: string;
  let opts: PipelineOptions;
  beforeAll(async () => {
    up = await startUpstream(manifest, DATASETS);
    dir = mkdtempSync(join(tmpdir(), 'canpol-nightly-'));
    opts = {
      manifest,
      cache: join(dir, 'cache'),
      work: join(dir, 'work'),
      publishDir: join(dir, 'release'),
      maxShrink: 0.1,
      mirror: up.mirror,
      fetch: { timeoutMs: 2_000, retries: 1, backoffMs: 5 },
    };
  });
  afterAll(async () => {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a required source missing on the first night fails the job and publishes nothing', async () => {
    up.behave(up.pathOf(MEMBERS_URL), { kind: 'gone' });
    const r = await runPipeline(opts);
    up.behave(up.pathOf(MEMBERS_URL), null);
    expect(r.status).toBe('failed');
    expect(r.missing_sources).toEqual(['hoc-members-xml']);
    expect(r.guards[0]).toMatchObject({ guard: 'required sources present', ok: false });
    expect(existsSync(join(opts.publishDir, 'canpol.db'))).toBe(false);
    expect(JSON.parse(readFileSync(join(opts.work, 'report.json'), 'utf8')).status).toBe('failed');
  });

  test('first night: fetch, import, build, verify, publish with provenance', async () => {
    const r = await runPipeline(opts);
    expect(r.error).toBeNull();
    expect(r.status).toBe('published');
    const db = join(opts.publishDir, 'canpol.db');
    const release = JSON.parse(readFileSync(join(opts.publishDir, 'release.json'), 'utf8'));
    expect(release.sha256).toBe(sha(db));
    expect(readFileSync(`${db}.sha256`, 'utf8')).toBe(`${release.sha256}  canpol.db\n`);
    expect(r.verify).toMatchObject({ ok: true, integrity: ['ok'] });
    // 337 <MemberOfParliament> in parliament-members.xml and 337 records in federal-legislators.json (SOURCE.md; grep -c),
    // plus the four 2015 speakers of 42-1-2 printed with name and riding whom no roster of this subset holds
    // (the identity rules write a former member from a full Hansard label: docs/importers.md).
    expect(r.tables.politicians).toEqual({ previous: null, current: 341, added: 341, removed: 0, changed: null });
    const people = new Database(db, { readonly: true });
    const former = people.prepare("SELECT name FROM politicians WHERE status = 'former' ORDER BY name").all() as Array<{ name: string }>;
    people.close();
    expect(former.map((p) => p.name)).toEqual(['Dianne Watts', 'Karine Trudel', 'Matt DeCourcey', 'Rémi Massé']);
    // 42 <Intervention> in 42-1-2-en.xml.gz (zcat | grep -c)
    expect(r.tables.speeches.current).toBe(42);
    // 20 turns of 42-1-2 come from ten members printed with their riding (Sahota 7, Massé 5, one each for Stubbs,
    // Paul-Hus, DeCourcey, Trudel, Nater, Kwan, Watts, Bittle): those on the 2023 roster gain an observed 2015 term,
    // the others are the four former members above. Ministers printed by title only (Prime Minister, Leader of the
    // Government…) have no 2015 seat known to this subset, and the Speaker of 2015 is on no roster here.
    expect(r.attribution['speeches/hoc-hansard']).toEqual({ total: 42, linked: 20, rate: 0.4762 });
    expect(r.tables.chunks_fts_data).toBeUndefined();
    expect(r.skipped!.total).toBeGreaterThan(0);
    const file = new Database(db, { readonly: true });
    const build = file.prepare('SELECT sources FROM build').get() as { sources: string };
    const sources = JSON.parse(build.sources) as Array<{ id: string; version: string; url: string }>;
    // sha256sum ../shared/datasets/hoc-members-2023/parliament-members.xml
    expect(sources.find((s) => s.id === 'fetch:hoc-members-2023/parliament-members.xml')).toMatchObject({
      version: 'sha256:bd97e74e550b91069fd4838032a09d2f76f04a3d698dfae5dcb02f0b6df5de0c',
      url: MEMBERS_URL,
    });
    const federal = file.prepare("SELECT last_verified_at FROM jurisdictions WHERE jurisdiction = 'federal'").get() as {
      last_verified_at: string;
    };
    file.close();
    expect(Date.now() - Date.parse(federal.last_verified_at)).toBeLessThan(120_000);
  }, 60_000);

  test('an unchanged night builds nothing; a broken source is reported stale', async () => {
    const before = sha(join(opts.publishDir, 'canpol.db'));
    up.behave(up.pathOf(MEMBERS_URL), { kind: 'status', status: 500 });
    const r = await runPipeline(opts);
    up.behave(up.pathOf(MEMBERS_URL), null);
    expect(r.status).toBe('unchanged');
    expect(r.stale_sources).toEqual(['hoc-members-xml']);
    expect(r.fetch.totals).toMatchObject({ updated: 0, stale: 1 });
    expect(r.timings.build).toBeUndefined();
    expect(sha(join(opts.publishDir, 'canpol.db'))).toBe(before);
  });

  test('a forced rebuild of the same inputs reuses every vector and changes no row', async () => {
    const r = await runPipeline({ ...opts, rebuild: true });
    expect(r.status).toBe('published');
    expect(r.search!.encoder).toBe('reused');
    expect(r.search!.embedded).toBe(0);
    expect(r.search!.reused).toBe(r.search!.chunks);
    for (const [table, c] of Object.entries(r.tables))
      expect({ table, added: c.added, removed: c.removed }).toEqual({ table, added: 0, removed: 0 });
  }, 60_000);

  test('a table shrinking past --max-shrink trips the guard and nothing is published', async () => {
    const before = sha(join(opts.publishDir, 'canpol.db'));
    const legislators = JSON.parse(readFileSync(join(DATASETS, 'hoc-members-2023/federal-legislators.json'), 'utf8')) as unknown[];
    up.behave(up.pathOf(OFFICES_URL), {
      kind: 'replace',
      body: JSON.stringify(legislators.slice(0, 200)),
      contentType: 'application/json',
    });
    const r = await runPipeline(opts);
    up.behave(up.pathOf(OFFICES_URL), null);
    expect(r.status).toBe('failed');
    const guard = r.guards.find((g) => g.guard === 'no table shrinks too much')!;
    expect(guard.ok).toBe(false);
    // 200 of the 337 sitting members are left; the Hansard speakers whose 2023 record went with the cut are
    // written from their full 2015 labels instead (4 such people before, 8 now: 137 removed, 4 added), so 341 → 208.
    expect(guard.detail).toContain('politicians 341 → 208 (−39.0 %');
    expect(r.tables.politicians).toMatchObject({ previous: 341, current: 208, removed: 137, added: 4 });
    expect(sha(join(opts.publishDir, 'canpol.db'))).toBe(before);
  }, 60_000);

  test('records removed because the publisher changed a file are published, each table naming its removed rows and the change', async () => {
    const legislators = JSON.parse(readFileSync(join(DATASETS, 'hoc-members-2023/federal-legislators.json'), 'utf8')) as unknown[];
    up.behave(up.pathOf(OFFICES_URL), { kind: 'replace', body: JSON.stringify(legislators.slice(1)), contentType: 'application/json' });
    const r = await runPipeline(opts);
    up.behave(up.pathOf(OFFICES_URL), null);
    expect(r.status).toBe('published');
    const offices = r.removals!.find((t) => t.table === 'offices')!;
    expect(offices.removed).toBe(r.tables.offices.removed);
    expect(offices.removed).toBeGreaterThan(0);
    expect(offices.sample.length).toBe(Math.min(offices.removed, 20));
    expect(offices.explained).toBe(true);
    expect(offices.reasons).toContainEqual({
      kind: 'changed upstream',
      detail: 'hoc-members-offices: hoc-members-2023/federal-legislators.json',
      rows: null,
    });
    expect(r.guards.find((g) => g.guard === 'no records lost without a named reason')).toMatchObject({ ok: true });
    expect(readFileSync(join(opts.publishDir, 'report.md'), 'utf8')).toContain('## Removed records');
    // The publisher restores the file: the offices come back (rows keyed by position move: explained by the same change).
    const back = await runPipeline(opts);
    expect(back.status).toBe('published');
    expect(back.tables.offices.current).toBe(r.tables.offices.previous!);
    expect(back.removals!.every((t) => t.explained && t.reasons.some((x) => x.detail.startsWith('hoc-members-offices')))).toBe(true);
  }, 120_000);

  test('a record gone while every input is byte-identical and no importer skipped more fails the publish, naming the record', async () => {
    // The last release holds a politician no input produces (as a bug that dropped one would look from the other side).
    const db = new Database(join(opts.publishDir, 'canpol.db'));
    db.exec(
      "CREATE TEMP TABLE extra AS SELECT * FROM politicians LIMIT 1; UPDATE extra SET id = 'tampered-id', key = 'tampered/key'; INSERT INTO politicians SELECT * FROM extra;",
    );
    db.close();
    const before = sha(join(opts.publishDir, 'canpol.db'));
    const r = await runPipeline({ ...opts, rebuild: true });
    expect(r.status).toBe('failed');
    const guard = r.guards.find((g) => g.guard === 'no records lost without a named reason')!;
    expect(guard.ok).toBe(false);
    expect(guard.detail).toContain('politicians −1 (tampered-id [tampered/key])');
    expect(r.removals!.find((t) => t.table === 'politicians')).toMatchObject({ removed: 1, explained: false, reasons: [] });
    // Within the shrink limit, so only the reason guard stopped it.
    expect(r.guards.find((g) => g.guard === 'no table shrinks too much')!.ok).toBe(true);
    expect(sha(join(opts.publishDir, 'canpol.db'))).toBe(before);
  }, 120_000);
});
