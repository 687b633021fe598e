// The operations port (issue 45 item 3): /health and /metrics on a listening socket of their own, so
// a load balancer's probe does not wait in the API port's accept queue; anything else there is a 404
// in the documented error shape naming where the API is.
import { describe, expect, test } from 'bun:test';
import { fixtureServers, serveFails } from '../../server/ops/serve-process.js';

const { serve } = fixtureServers();

for (const runtime of ['node', 'bun'] as const) {
  describe(`serve on ${runtime} --ops-port`, () => {
    test('/health and /metrics answer on the operations port; the API does not; the API port serves everything', async () => {
      const s = await serve(['--rate-limit', 'off', '--log', 'off', '--ops-port', '0'], {}, { runtime });
      const ops = /operations port (http:\/\/[^:\s]+:\d+)/.exec(s.stderr())?.[1];
      expect(ops).toBeDefined();
      expect(ops).not.toBe(s.base);
      const health = await fetch(`${ops}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', in_flight: 1 });
      const metrics = await fetch(`${ops}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('canpol_http_requests_in_flight');
      const api = await fetch(`${ops}/api/public/v1/coverage`);
      expect(api.status).toBe(404);
      const error = (await api.json()) as { code: string; message: string };
      expect(error.code).toBe('not_found');
      expect(error.message).toContain(`${s.base}/api/public/v1`);
      expect((await fetch(`${s.base}/api/public/v1/coverage`)).status).toBe(200);
      expect((await fetch(`${s.base}/health`)).status).toBe(200);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }, 30_000);
  });
}

describe('--ops-port is checked before the server starts', () => {
  test('a value that is neither a port nor off is refused with one line', async () => {
    const { code, stderr } = await serveFails(['--ops-port', 'health']);
    expect(code).toBe(1);
    expect(stderr).toContain('--ops-port must be a port number 0-65535 or off, got "health"');
  }, 30_000);
});
