// The HTTP benchmark covers every GET endpoint of the API (src/server/openapi/endpoints.ts) plus /metrics, and
// every URL it would measure answers 200: a benchmark of 404s or 400s measures nothing.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { scenariosFor } from '../../bench/http-scenarios.mjs';
import { ENDPOINTS } from '../../src/server/endpoints.js';
import { buildFixture, type Fixture } from '../helpers/fixture.js';
import { withBoundariesAndPostcodes } from '../helpers/lookup-fixture.js';

let f: Fixture;
beforeAll(() => {
  f = buildFixture(withBoundariesAndPostcodes);
});
afterAll(() => f.cleanup());

test('one scenario or more per endpoint, and each URL answers 200', async () => {
  const byEndpoint = scenariosFor(f.dbPath, { distinctPerSlice: 5, slices: 2 });
  expect(Object.keys(byEndpoint).sort()).toEqual([...ENDPOINTS.map((e) => e.id), 'metrics'].sort());
  const names = Object.values(byEndpoint)
    .flat()
    .map((s) => s.name);
  expect(new Set(names).size).toBe(names.length);
  for (const [id, scenarios] of Object.entries(byEndpoint)) {
    expect(scenarios.length).toBeGreaterThan(0);
    for (const s of scenarios) {
      for (const path of [...(s.paths ?? []), ...(s.distinct ?? []).slice(0, 3)]) {
        if (id === 'metrics') continue; // served by `canpol serve` with --metrics on, not by a bare app
        const res = await f.app.request(path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
      }
    }
  }
});
