// The single binary (make binary, docs/binary.md): built once as a Node single executable, copied
// with a data file into an empty folder, and run there with no Node, no node_modules and a bare
// environment. Every native path is exercised: better-sqlite3 (every command), sqlite-vec (opening
// the data file, the build's vector phase), onnxruntime (the data file's encoder embeds the query).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCommand } from '../../../src/cli/commands/build.js';
import { lookupCommand } from '../../../src/cli/commands/lookup.js';
import { buildBinary } from '../../../src/cli/natives/build-binary.js';
import { onnxCleanup } from '../../helpers/encoder-corpus.js';
import { tempDir, writeFixture } from '../../helpers/fixture.js';
import { K1A0A6_REPRESENTATIVES, representativesOf, withBoundariesAndPostcodes } from '../../helpers/lookup-fixture.js';
import { tinyModel, WORDPIECE } from '../../helpers/tiny-transformer.js';

const root = tempDir('canpol-binary-');
const work = join(root, 'work'); // the test's own files: the compiled binary, the sources, the model
const empty = join(root, 'empty'); // where the binary runs: only the binary and the data file
const tmp = join(root, 'tmp'); // the binary's TMPDIR, so whatever it leaves there is removed with root
const binary = join(empty, 'canpol');
const env = { PATH: '/usr/bin:/bin', HOME: root, TMPDIR: tmp };
const cleanOnnx = onnxCleanup();

beforeAll(async () => {
  for (const d of [work, empty, tmp]) mkdirSync(d);
  await buildBinary(join(work, 'canpol'));
  copyFileSync(join(work, 'canpol'), binary);
  // The data file: the fixture with boundaries and postcodes, and a pretrained (tiny) encoder so
  // that search embeds its query with onnxruntime inside the binary.
  const sources = join(work, 'sources');
  mkdirSync(sources);
  writeFixture(sources, withBoundariesAndPostcodes);
  writeFileSync(join(work, 'model.onnx'), tinyModel(true));
  writeFileSync(join(work, 'tokenizer.json'), JSON.stringify(WORDPIECE));
  const code = await buildCommand({
    sources,
    out: join(work, 'canpol.db'),
    reuse: 'none',
    encoderModel: join(work, 'model.onnx'),
    encoderTokenizer: join(work, 'tokenizer.json'),
    encoderPrefixes: 'none',
  });
  if (code !== 0) throw new Error(`fixture build failed: ${code}`);
  copyFileSync(join(work, 'canpol.db'), join(empty, 'canpol.db'));
}, 60_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  cleanOnnx();
});

const run = (...args: string[]) => spawnSync(binary, args, { cwd: empty, env, encoding: 'utf8' });

describe('the binary alone in an empty folder', () => {
  test('is one file and holds every command; --help of each is generated from the settings', () => {
    expect(readdirSync(empty).sort()).toEqual(['canpol', 'canpol.db']);
    const help = run('--help');
    expect(help.status).toBe(0);
    for (const c of ['serve', 'build', 'import', 'keys', 'verify', 'info', 'fetch', 'pipeline', 'lookup', 'search'])
      expect(help.stdout).toContain(`  ${c} `);
    const serve = run('serve', '--help');
    expect(serve.stdout).toContain('--port N');
    expect(serve.stdout).toContain('[env PORT, default 8080]');
    expect(run('search', '--help').stdout).toContain('--lang VALUE');
  });

  test('info and verify read the data file (the default --data, data/canpol.db, is not there: exit 1)', () => {
    const info = run('info', '--data', 'canpol.db');
    expect(info.status).toBe(0);
    expect(JSON.parse(info.stdout)).toMatchObject({ dataset_name: 'canpol test fixture', is_demo: true });
    const verify = run('verify', 'canpol.db');
    expect(verify.status).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true, problems: [] });
    const missing = run('info');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('data file data/canpol.db does not exist');
  });

  test('lookup: a postcode and a point, the same JSON as the command run from source', async () => {
    const pc = run('lookup', 'K1A0A6', '--data', 'canpol.db');
    expect(pc.status).toBe(0);
    expect(representativesOf(JSON.parse(pc.stdout))).toEqual(K1A0A6_REPRESENTATIVES);
    const fromSource: string[] = [];
    await lookupCommand({ data: join(work, 'canpol.db'), query: 'K1A0A6', write: (t) => fromSource.push(t) });
    expect(pc.stdout).toBe(`${fromSource[0]}\n`);
    const point = run('lookup', '45.7,-75.3', '--data', 'canpol.db');
    expect(point.status).toBe(0);
    expect(JSON.parse(point.stdout).municipal.constituency_id).toBe('city-wards/ward-2');
    const bad = run('lookup', '91,200', '--data', 'canpol.db');
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ statusCode: 400, code: 'invalid_parameter' });
  });

  test("search embeds the query with the data file's encoder (onnxruntime inside the binary)", () => {
    const r = run('search', 'housing', '--data', 'canpol.db', '--limit', '3');
    expect(r.status).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.items.length).toBeGreaterThan(0);
    // A similarity is only there when the query was embedded and compared with the chunk vectors.
    expect(body.items.some((i: { similarity: number | null }) => typeof i.similarity === 'number')).toBe(true);
  });

  test('keys create writes the key store beside the data file', () => {
    const r = run('keys', 'create', '--name', 'laptop', '--tier', 'dev', '--data', 'canpol.db');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^cpd_live_[0-9A-Za-z]+_[0-9A-Za-z]+$/);
    expect(existsSync(join(empty, 'canpol.keys.json'))).toBe(true);
  });

  test('build: the binary compiles a bundle with an encoder (sqlite-vec and onnxruntime in the build), and verify passes', () => {
    cpSync(join(work, 'sources'), join(empty, 'sources'), { recursive: true });
    copyFileSync(join(work, 'model.onnx'), join(empty, 'model.onnx'));
    copyFileSync(join(work, 'tokenizer.json'), join(empty, 'tokenizer.json'));
    const built = run(
      'build',
      '--sources',
      'sources',
      '--out',
      'rebuilt.db',
      '--encoder-model',
      'model.onnx',
      '--encoder-tokenizer',
      'tokenizer.json',
    );
    expect(built.stderr).toContain('built rebuilt.db');
    expect(built.status).toBe(0);
    expect(run('verify', 'rebuilt.db').status).toBe(0);
    expect(statSync(join(empty, 'rebuilt.db')).size).toBeGreaterThan(0);
  }, 30_000);

  test('serve: /health, an API route and a search route answer; SIGTERM stops it and its unpacked files go', async () => {
    const child: ChildProcess = spawn(binary, ['serve', '--data', 'canpol.db', '--port', '0', '--rate-limit', 'off'], {
      cwd: empty,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr!.on('data', (d) => {
          err += d;
          const m = /listening on (http:\/\/[^/\s]+)/.exec(err);
          if (m) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
      });
      // koffi's addon is embedded: the queue delay counts from the request's arrival at the host.
      expect(err).toContain('queue delay (from arrival at the host)');
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', dataset: 'canpol test fixture' });
      const reps = await (await fetch(`${url}/api/public/v1/postcodes/K1A0A6/representatives`)).json();
      expect(representativesOf(reps)).toEqual(K1A0A6_REPRESENTATIVES);
      const found = await fetch(`${url}/api/public/v1/search/speeches?q=housing&limit=3`);
      expect(found.status).toBe(200);
      expect(Array.isArray(((await found.json()) as { items: unknown }).items)).toBe(true);
      expect(readdirSync(tmp).some((f) => f.startsWith('canpol-natives-'))).toBe(true);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(readdirSync(tmp).filter((f) => f.startsWith('canpol-natives-'))).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 20_000);
});
