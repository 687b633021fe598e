// Bad input never reaches a 500: every route and every parameter of the endpoint table
// (src/openapi/endpoints.ts, so a new route or parameter is fuzzed without touching this file) gets
// control characters, invalid percent-escapes, FTS5 syntax, huge and repeated values, over a real
// socket. Each answer is a 200, or a 4xx with the documented error body (decisions 2: statusCode,
// code, error, message; its status is the catalog's). Seeded: a failure repeats; bounded: < 30 s.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Agent, request } from 'node:http';
import { listen, type Listening } from '../../../src/server/http/serve.js';
import { ENDPOINTS, fullPath, type Endpoint } from '../../../src/server/endpoints.js';
import { ERROR_CATALOG } from '../../../src/server/openapi/error-catalog.js';
import { buildFixture, fixtureIds, type Fixture } from '../../helpers/fixture.js';

let fx: Fixture;
let server: Listening;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
beforeAll(async () => {
  fx = buildFixture();
  server = await listen(fx.app.fetch, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  agent.destroy();
  await server?.close();
  fx?.cleanup();
});

/** Values as they go on the wire (already percent-encoded where a client would encode). */
const enc = (s: string) => encodeURIComponent(s);
const HOSTILE: string[] = [
  // control characters, encoded as a client sends them
  ...Array.from({ length: 32 }, (_, i) => `abc${enc(String.fromCharCode(i))}def`),
  enc('\u007f'),
  '%00',
  'abc%00',
  '%00abc%00def',
  // invalid or odd percent-escapes: a lone %, bad hex, a lone UTF-8 lead byte, overlong NUL, a surrogate
  '%',
  '%%',
  '%zz',
  'a%2',
  '%E9',
  '%C3',
  '%C0%80',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%FF%FE',
  '%25',
  '%2525',
  // FTS5 query syntax and SQL-ish text
  enc('"'),
  enc('""'),
  enc('" OR "'),
  enc('NEAR(a b, 2)'),
  enc('a*'),
  enc('*'),
  enc('^a'),
  enc('a AND b'),
  enc('NOT'),
  enc('col:abc'),
  enc('(a'),
  enc('a)'),
  enc('{a b}:c'),
  enc('-a'),
  enc('+'),
  enc("'; DROP TABLE bills; --"),
  enc('%_\\'),
  enc('\\'),
  // numbers and dates at and past their edges
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '-0',
  '1.5',
  '+1',
  '%201',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  // text of every kind
  '',
  enc(' '),
  'true',
  'null',
  enc('🍁🍁'),
  enc('e\u0301'),
  enc('\uFEFF'),
  enc('\u202Eabc'),
  enc('Ǆ'),
  'a,b,,c',
  ',',
  enc(fixtureIds.alice),
  enc(fixtureIds.alice.toUpperCase()),
];

/** xorshift32: the same sequence on every run. */
function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

/** Valid path values, so the query parameters behind them are reached. */
const VALID_PATH: Record<string, string> = {
  id: fixtureIds.alice,
  source_set: 'federal-electoral-districts',
  slug: 'ottawa-centre',
  postcode: 'K1A0A6',
};
const validPath = (e: Endpoint, rand: (n: number) => number, path = fullPath(e)) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name !== 'id') return VALID_PATH[name] ?? 'x';
    // An id path of each resource: a valid id of it (unknown ones are 404s, also fine).
    if (e.path.startsWith('/bills')) return fixtureIds.c11;
    if (e.path.startsWith('/votes')) return fixtureIds.vote1;
    return rand(2) ? fixtureIds.alice : fixtureIds.bob;
  });

function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(new URL(server.url).port), path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${path}: no answer in 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

const STATUS_OF: Record<string, number> = Object.fromEntries(Object.entries(ERROR_CATALOG).map(([code, e]) => [code, e.status]));

/** What is wrong with an answer, or null when it is a 200 or a documented 4xx. */
function problemWith(r: { status: number; type: string; body: string }, e: Endpoint): string | null {
  if (r.status === 200) return null;
  if (r.status < 400 || r.status >= 500) return `status ${r.status}: ${r.body.slice(0, 200)}`;
  if (!r.type.startsWith('application/json')) return `a ${r.status} as ${r.type}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(r.body);
  } catch {
    return `a ${r.status} whose body is not JSON`;
  }
  const code = String(body.code);
  if (body.statusCode !== r.status || STATUS_OF[code] !== r.status || typeof body.error !== 'string' || typeof body.message !== 'string')
    return `not the documented error shape: ${r.body.slice(0, 200)}`;
  // A route may answer only the errors the table says it can (and not_found for any unknown path).
  if (code !== 'not_found' && code !== 'invalid_parameter' && !e.errors.includes(code as never))
    return `${code}, not among ${e.path}'s errors`;
  return null;
}

describe('fuzzing every route and parameter of the endpoint table', () => {
  test('hostile values, repeated and huge parameters, hostile path segments: 200 or a documented 4xx, never 5xx', async () => {
    const t0 = performance.now();
    const rand = prng(47);
    const failures: string[] = [];
    let sent = 0;
    // Four requests in flight (the agent's sockets); the list is made first, so the order is fixed.
    const queue: Array<[Endpoint, string]> = [];
    const check = async (e: Endpoint, path: string) => {
      queue.push([e, path]);
    };
    let params = 0;
    for (const e of ENDPOINTS) {
      const names = Object.keys(e.query ?? {});
      params += names.length;
      const base = validPath(e, rand);
      for (const name of names) {
        // Every hostile value alone, then a seeded pairing with another parameter's hostile value.
        for (const v of HOSTILE) await check(e, `${base}?${name}=${v}`);
        for (let i = 0; i < 4; i++) {
          const other = names[rand(names.length)];
          await check(e, `${base}?${name}=${HOSTILE[rand(HOSTILE.length)]}&${other}=${HOSTILE[rand(HOSTILE.length)]}`);
        }
        await check(e, `${base}?${name}=a&${name}=b`); // given twice
        await check(e, `${base}?${Array.from({ length: 200 }, (_, i) => `${name}=${i}`).join('&')}`); // given 200 times
        await check(e, `${base}?${name}=${'a'.repeat(6000)}`); // huge
        await check(e, `${base}?${name}=${'%22'.repeat(2000)}`); // huge, all quotes
        await check(e, `${base}?${name}`); // no '=' at all
        await check(e, `${base}?${name}=`);
      }
      // Unknown parameters, hostile names, and every parameter at once.
      await check(e, `${base}?%00=1&%zz=2&=3&&${enc('"')}=4`);
      if (names.length) await check(e, `${base}?${names.map((n) => `${n}=${HOSTILE[rand(HOSTILE.length)]}`).join('&')}`);
      // Hostile path segments in each path parameter's place.
      for (const v of e.pathParams ? HOSTILE.filter((x) => x !== '' && !x.startsWith('%2F')) : []) {
        for (const name of Object.keys(e.pathParams!)) await check(e, validPath(e, rand, fullPath(e).replace(`{${name}}`, v)));
      }
    }
    const run = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const [e, path] = item;
        sent++;
        const p = problemWith(await get(path), e);
        if (p) failures.push(`GET ${path.slice(0, 300)} → ${p}`);
      }
    };
    await Promise.all([run(), run(), run(), run()]);
    const seconds = (performance.now() - t0) / 1000;
    expect(failures.slice(0, 20)).toEqual([]);
    // The table is walked, not a fixed list: every route and every parameter was reached.
    expect(params).toBeGreaterThan(60);
    expect(sent).toBeGreaterThan(ENDPOINTS.length * 10);
    console.error(`fuzz: ${sent} requests over ${ENDPOINTS.length} routes and ${params} parameters in ${seconds.toFixed(1)} s`);
  }, 60_000);
});
