// The nightly workflow's `publish` job (.github/workflows/nightly.yml), which puts the data file and
// its sha256 on the rolling GitHub release `nightly`. GitHub cannot be reached here, so its shell
// script is run as the job runs it (bash -eo pipefail) with a stand-in `gh` that keeps the release
// as a folder and logs its calls: the first night creates the release, the same build id uploads
// nothing, a new build id replaces the assets, and a file that fails its sha256 uploads nothing.
import { afterAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { tempDir } from '../helpers/fixture.js';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string;
  if?: string;
  permissions?: Record<string, string>;
  outputs?: Record<string, string>;
  steps: Step[];
}
const repo = resolve(import.meta.dir, '../..');
const workflow = Bun.YAML.parse(readFileSync(join(repo, '.github/workflows/nightly.yml'), 'utf8')) as {
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};
const publish = workflow.jobs.publish!;
const script = publish.steps.find((s) => s.run)!.run!;

const root = tempDir('canpol-publish-');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const bin = join(root, 'bin');
const state = join(root, 'gh'); // the release: state/nightly/<asset>
const work = join(root, 'work');
const release = join(work, 'release'); // where download-artifact puts the canpol-data artifact
mkdirSync(bin);
mkdirSync(state);
mkdirSync(release, { recursive: true });
// Only the gh subcommands the script uses, as gh behaves: `release view` fails when there is no
// release, `release download` fails when no asset matches.
writeFileSync(
  join(bin, 'gh'),
  `#!/bin/bash
R="$GHSTATE/nightly"
echo "$*" >> "$GHSTATE/log"
case "$1 $2" in
  "release view") [ -d "$R" ] ;;
  "release create") mkdir -p "$R" ;;
  "release download") [ -f "$R/$5" ] || exit 1; cp "$R/$5" "$7/" ;;
  "release upload") shift 3; for f in "$@"; do [ "$f" = --clobber ] || cp "$f" "$R/"; done ;;
  "release edit") cp "$5" "$R/NOTES" ;;
  *) echo "unexpected gh $*" >&2; exit 2 ;;
esac
`,
);
chmodSync(join(bin, 'gh'), 0o755);

function night(buildId: string, { damage = false } = {}): { status: number | null; stdout: string; calls: string[] } {
  const db = Buffer.from(`data file of ${buildId}`);
  writeFileSync(join(release, 'canpol.db'), db);
  writeFileSync(join(release, 'canpol.db.sha256'), `${createHash('sha256').update(db).digest('hex')}  canpol.db\n`);
  writeFileSync(
    join(release, 'release.json'),
    JSON.stringify({ build_id: buildId, schema_version: 9, bytes: db.length, published_at: '2026-11-25T07:40:00Z' }),
  );
  writeFileSync(join(release, 'report.md'), `# ${buildId}\n`);
  if (damage) appendFileSync(join(release, 'canpol.db'), 'x');
  writeFileSync(join(state, 'log'), '');
  const r = spawnSync('bash', ['-eo', 'pipefail', '-c', script], {
    cwd: work,
    encoding: 'utf8',
    env: { PATH: `${bin}:${process.env.PATH}`, GHSTATE: state, GITHUB_SHA: 'abc123', GH_TOKEN: 'x', GH_REPO: 'o/r' },
  });
  return { status: r.status, stdout: r.stdout + r.stderr, calls: readFileSync(join(state, 'log'), 'utf8').split('\n').filter(Boolean) };
}
const asset = (name: string) => readFileSync(join(state, 'nightly', name), 'utf8');

describe('nightly workflow: publish job', () => {
  test('runs after a successful make nightly, downloads its artifact, and alone may write', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(workflow.jobs.nightly!.permissions).toBeUndefined();
    expect(publish.permissions).toEqual({ contents: 'write' });
    expect(publish.needs).toBe('nightly');
    expect(publish.if).toBe("needs.nightly.outputs.built == 'success'");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
    expect(workflow.jobs.nightly!.outputs!.built).toBe('${{ steps.build.outcome }}');
    expect(workflow.jobs.nightly!.steps.find((s) => (s as { id?: string }).id === 'build')!.run).toStartWith('make nightly');
    const upload = workflow.jobs.nightly!.steps.find((s) => s.with?.name === 'canpol-data')!;
    const download = publish.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))!;
    expect(download.with).toEqual({ name: 'canpol-data', path: 'release' });
    for (const f of ['canpol.db', 'canpol.db.sha256', 'release.json', 'report.md'])
      expect(upload.with!.path).toContain(`data/release/${f}`);
  });

  test('first night: creates the release and uploads the file before its checksum; the assets pass sha256sum -c', () => {
    const r = night('b1');
    expect(r.status).toBe(0);
    expect(r.calls[0]).toBe('release view nightly');
    expect(r.calls[1]).toStartWith('release create nightly --prerelease --target abc123');
    expect(r.calls.slice(2, 4)).toEqual([
      'release upload nightly canpol.db --clobber',
      'release upload nightly canpol.db.sha256 release.json report.md --clobber',
    ]);
    expect(JSON.parse(asset('release.json')).build_id).toBe('b1');
    expect(spawnSync('sha256sum', ['-c', 'canpol.db.sha256'], { cwd: join(state, 'nightly') }).status).toBe(0);
    expect(asset('NOTES')).toContain('The data file of build b1 (schema version 9,');
    expect(asset('NOTES')).toContain('sha256sum -c canpol.db.sha256');
  });

  test('the same build id again: nothing uploaded', () => {
    const r = night('b1');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('build b1 is already the nightly release');
    expect(r.calls.some((c) => c.startsWith('release upload'))).toBe(false);
  });

  test('a new build id replaces the assets', () => {
    const r = night('b2');
    expect(r.status).toBe(0);
    expect(r.calls.filter((c) => c.startsWith('release upload'))).toHaveLength(2);
    expect(JSON.parse(asset('release.json')).build_id).toBe('b2');
    expect(asset('canpol.db')).toBe('data file of b2');
    expect(spawnSync('sha256sum', ['-c', 'canpol.db.sha256'], { cwd: join(state, 'nightly') }).status).toBe(0);
  });

  test('a data file that fails its sha256: the job fails before any gh call', () => {
    const r = night('b3', { damage: true });
    expect(r.status).not.toBe(0);
    expect(r.calls).toEqual([]);
    expect(JSON.parse(asset('release.json')).build_id).toBe('b2');
    expect(existsSync(join(state, 'nightly', 'canpol.db'))).toBe(true);
  });
});
