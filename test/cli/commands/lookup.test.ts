// canpol lookup: the body of /postcodes/{pc}/representatives or /boundaries/lookup, from the data
// file in this process, identical to the server's; refusals print the API's error and exit 1.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { lookupCommand, lookupPath } from '../../../src/cli/commands/lookup.js';
import { buildFixture, type Fixture } from '../../helpers/fixture.js';
import { K1A0A6_REPRESENTATIVES, representativesOf, withBoundariesAndPostcodes } from '../../helpers/lookup-fixture.js';

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture(withBoundariesAndPostcodes);
});
afterAll(() => fx.cleanup());

/** Runs the command, returns its exit code and the one JSON text it printed. */
async function lookup(query: string, level?: string): Promise<{ code: number; text: string }> {
  const out: string[] = [];
  const code = await lookupCommand({ data: fx.dbPath, query, level, write: (t) => out.push(t) });
  expect(out.length).toBe(1);
  return { code, text: out[0] };
}

const server = async (path: string) => (await fx.get(path)).json();

describe('lookup POSTCODE', () => {
  test("the representatives of a postcode, the server's body exactly, pretty-printed", async () => {
    const { code, text } = await lookup('K1A0A6');
    expect(code).toBe(0);
    const body = JSON.parse(text);
    expect(representativesOf(body)).toEqual(K1A0A6_REPRESENTATIVES);
    expect(body.postcode).toBe('K1A 0A6');
    expect(body).toEqual(await server('/postcodes/K1A0A6/representatives'));
    expect(text).toBe(JSON.stringify(body, null, 2));
  });

  test('every form the API accepts gives the same answer', async () => {
    const want = (await lookup('K1A0A6')).text;
    for (const form of ['K1A 0A6', 'k1a-0a6', ' K1A0A6 ']) expect((await lookup(form)).text).toBe(want);
  });

  test("not a postcode: the API's 400 JSON, exit 1", async () => {
    for (const bad of ['garbage', '12345', 'K1A0A6/../../health', '45.4,abc']) {
      const { code, text } = await lookup(bad);
      expect(code).toBe(1);
      expect(JSON.parse(text)).toMatchObject({ statusCode: 400, code: 'invalid_parameter', issues: [{ param: 'postcode' }] });
    }
  });

  test("a well-formed postcode not in the data: the API's 404 JSON, exit 1", async () => {
    const { code, text } = await lookup('K1C1A1');
    expect(code).toBe(1);
    expect(JSON.parse(text)).toMatchObject({ statusCode: 404, code: 'not_found' });
  });
});

describe('lookup LAT,LNG', () => {
  test("the ridings at a point, the server's body exactly", async () => {
    const { code, text } = await lookup('45.7,-75.3');
    expect(code).toBe(0);
    const body = JSON.parse(text);
    expect({
      federal: body.federal.constituency_id,
      provincial: body.provincial.constituency_id,
      municipal: body.municipal.constituency_id,
    }).toEqual({ federal: 'fed-2023/35001', provincial: 'on-2022/ottawa-centre', municipal: 'city-wards/ward-2' });
    expect(body).toEqual(await server('/boundaries/lookup?lat=45.7&lng=-75.3'));
    // Spaces around the comma (the shell split "45.7, -75.3" into two arguments, joined again).
    expect((await lookup('45.7, -75.3')).text).toBe(text);
  });

  test('--level keeps one level', async () => {
    const body = JSON.parse((await lookup('45.7,-75.3', 'federal')).text);
    expect(body).toEqual(await server('/boundaries/lookup?lat=45.7&lng=-75.3&level=federal'));
    expect(body.federal.constituency_id).toBe('fed-2023/35001');
  });

  test("out of range or a bad level: the API's 400 naming the parameters, exit 1", async () => {
    const range = await lookup('91,200');
    expect(range.code).toBe(1);
    expect(
      JSON.parse(range.text)
        .issues.map((i: { param: string }) => i.param)
        .sort(),
    ).toEqual(['lat', 'lng']);
    const level = await lookup('45.7,-75.3', 'galactic');
    expect(level.code).toBe(1);
    expect(JSON.parse(level.text).issues.map((i: { param: string }) => i.param)).toEqual(['level']);
  });
});

test('lookupPath: a point goes to /boundaries/lookup, anything else to the postcode route, escaped', () => {
  expect(lookupPath('45.42,-75.70')).toBe('/boundaries/lookup?lat=45.42&lng=-75.70');
  expect(lookupPath('+45.5 , -.5', 'municipal')).toBe('/boundaries/lookup?lat=%2B45.5&lng=-.5&level=municipal');
  expect(lookupPath('K1A 0A6')).toBe('/postcodes/K1A%200A6/representatives');
  expect(lookupPath('a/b?c')).toBe('/postcodes/a%2Fb%3Fc/representatives');
});

describe('canpol lookup on the command line', () => {
  const repo = join(import.meta.dir, '../../..');
  const cli = (...args: string[]) =>
    spawnSync(join(repo, 'node_modules/.bin/bun'), [join(repo, 'src/cli/main.ts'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, CANPOL_DATA: fx.dbPath },
    });

  test('a postcode given as two words is joined again; the JSON goes to stdout', async () => {
    const r = cli('lookup', 'K1A', '0A6');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${(await lookup('K1A0A6')).text}\n`);
  });

  test('no argument, or an unknown option: usage error, exit 2, one line pointing at --help (issue 21)', () => {
    for (const args of [['lookup'], ['lookup', 'K1A0A6', '--bogus'], ['lookup', '']]) {
      const r = cli(...args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^canpol lookup: [^\n]+ \(see canpol lookup --help\)\n$/);
    }
    expect(cli('lookup').stderr).toBe('canpol lookup: a POSTCODE or LAT,LNG is required (see canpol lookup --help)\n');
  }, 30_000);

  test('--help lists the declared settings and options', () => {
    const r = cli('lookup', '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--data VALUE');
    expect(r.stdout).toContain('[env CANPOL_DATA, default data/canpol.db]');
    expect(r.stdout).toContain('--level VALUE');
  });
});
