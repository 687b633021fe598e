// Request-and-check helpers shared by the route tests; `fixture` is read lazily (built in beforeAll).
import { expect } from 'bun:test';
import type { Fixture } from './fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any; // a response body, checked field by field by the tests

export function httpHelpers(fixture: () => Fixture) {
  const json = (res: Response): Promise<Json> => res.json();

  async function getJson(path: string): Promise<{ status: number; body: Json; res: Response }> {
    const res = await fixture().get(path);
    return { status: res.status, body: await res.json(), res };
  }

  /** A 200, or a thrown error showing what came instead. */
  async function ok(path: string): Promise<{ res: Response; body: Json }> {
    const { status, body, res } = await getJson(path);
    if (status !== 200) throw new Error(`GET ${path}: ${status} ${JSON.stringify(body)}`);
    return { res, body };
  }

  /** A 400 `invalid_parameter` whose issues name exactly `params` (any order). */
  async function expectInvalid(path: string, params: string[]) {
    const { status, body, res } = await getJson(path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, code: 'invalid_parameter', error: 'Bad Request' });
    expect(typeof body.message).toBe('string');
    expect(body.issues.map((i: Json) => i.param).sort()).toEqual([...params].sort());
    for (const issue of body.issues) expect(typeof issue.message).toBe('string');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    return body;
  }

  async function expectNotFound(path: string) {
    const { status, body, res } = await getJson(path);
    expect(status).toBe(404);
    expect(body).toMatchObject({ statusCode: 404, code: 'not_found', error: 'Not Found' });
    expect(typeof body.message).toBe('string');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  }

  /** One field of every item of a 200 list response, in order (ids by default). */
  async function listField(path: string, field = 'id'): Promise<unknown[]> {
    const { status, body } = await getJson(path);
    expect(status).toBe(200);
    return body.items.map((item: Json) => item[field]);
  }

  async function expectCache(path: string, maxAge: number) {
    const res = await fixture().get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe(`public, max-age=${maxAge}`);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  }

  return { json, getJson, ok, ok200: async (path: string) => (await ok(path)).body, expectInvalid, expectNotFound, expectCache, listField };
}
