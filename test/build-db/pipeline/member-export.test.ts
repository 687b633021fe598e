// The nightly with the House's member search export: a 45th-Parliament export published at its real
// URL on the loopback upstream is fetched, imported and built, so the next data file holds those MPs
// as sitting (with their seat in the 2023 Representation Order) beside the 2023 roster's members.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourcesManifest } from '../../../build-db/fetch/manifest-types.js';
import { DATA_FILE } from '../../../build-db/pipeline/publish.js';
import { runPipeline, type PipelineOptions } from '../../../build-db/pipeline/run-pipeline.js';
import { MEMBERS_45, memberExport } from '../../helpers/member-export.js';
import { DATASETS, repoManifest, subsetManifest } from '../../helpers/nightly-manifest.js';
import { publishMemberExport } from '../../helpers/publisher-folder.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';
import { loopbackPipeline } from '../../helpers/loopback-publisher.js';

const HAVE = existsSync(DATASETS);

describe.skipIf(!HAVE)('the nightly with the member search export', () => {
  let up: Upstream;
  let dir: string;
  let root: string;
  let opts: PipelineOptions;
  beforeAll(async () => {
    const base = subsetManifest([
      'hoc-members-xml',
      'hoc-members-offices',
      'openparliament-sessions',
      'fed-ridings-2013-directory',
      'ocd-division-ids',
    ]);
    const members = repoManifest().sources.find((s) => s.id === 'hoc-members-by-parliament')!;
    expect(members.importer).toBe('hoc-members-by-parliament');
    // The manifest's min_bytes (2000) is for a real export of 300+ members; this one holds three.
    const small = { ...members, check: { ...members.check, min_bytes: 500 } };
    const manifest: SourcesManifest = { ...base, sessions: [{ id: '45-1', opened: '2025-05-26' }], sources: [...base.sources, small] };
    dir = mkdtempSync(join(tmpdir(), 'canpol-nightly-members-'));
    root = join(dir, 'publishers');
    up = await startUpstream(manifest, DATASETS, root);
    opts = loopbackPipeline(dir, manifest, up.mirror);
  });
  afterAll(async () => {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const people = () => {
    const db = new Database(join(dir, 'release', DATA_FILE), { readonly: true });
    try {
      const rows = db
        .prepare(`SELECT p.key, p.name, p.status, t.parliament_number, t.constituency_id, t.end_at
        FROM politicians p JOIN politician_terms t ON t.politician_id = p.id ORDER BY p.key, t.ord`)
        .all() as Array<Record<string, unknown>>;
      return (key: string) => rows.filter((r) => r.key === key);
    } finally {
      db.close();
    }
  };

  test('an export published at its real path makes the next data file hold its MPs as sitting', async () => {
    const one = await runPipeline(opts);
    expect(one.error).toBeNull();
    expect(one.status).toBe('published');
    expect(people()('ca-hoc/person/123456')).toEqual([]);

    // Ziad Aboultaif (PersonId 89156, the 2023 roster's) re-elected; a new member; one who left.
    publishMemberExport(
      root,
      45,
      memberExport([
        {
          id: '89156',
          first: 'Ziad',
          last: 'Aboultaif',
          riding: 'Edmonton Manning',
          province: 'Alberta',
          caucus: 'Conservative',
          from: '2025-04-28T00:00:00',
        },
        ...MEMBERS_45.slice(1),
      ]),
    );
    const two = await runPipeline(opts);
    expect(two.error).toBeNull();
    expect(two.status).toBe('published');
    expect(two.sources.find((s) => s.id === 'hoc-members-by-parliament')!.items.new).toEqual(['hoc-members-by-parliament/members-45.xml']);
    const of = people();
    expect(of('ca-hoc/person/123456').map((r) => [r.status, r.parliament_number, r.constituency_id, r.end_at])).toEqual([
      ['sitting', 45, 'federal-electoral-districts-2023/35075', null],
    ]);
    // The roster's 44th-Parliament seat is closed at the dissolution now that the 45th is in the file.
    expect(of('ca-hoc/person/89156').map((r) => [r.status, r.parliament_number, r.end_at === null])).toEqual([
      ['sitting', 44, false],
      ['sitting', 45, true],
    ]);
    expect(of('ca-hoc/person/25000').map((r) => [r.status, r.parliament_number, r.end_at])).toEqual([
      ['former', 45, '2025-08-11T04:00:00Z'],
    ]);
  }, 240_000);
});
