// Committee Evidence revisions against the loopback upstream: N meetings of the sitting session, their
// days spread evenly over the 1,000 days before a first backfill, fetched into an empty cache; then a
// week of nights, counting what each asks for again (Evidence XML as it passes openparliament's ages
// from its meeting's day). Shows that a backfill does not come due at once and what a night costs.
//   bun bench/committee-revisions.ts [N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFetch } from '../build-db/fetch/run-fetch.js';
import { DATASETS } from '../test/helpers/nightly-manifest.js';
import { committeeSource, discoveryManifest, publishCommitteeList, publishMeetings } from '../test/helpers/publisher-folder.js';
import { startUpstream } from '../test/helpers/upstream-server.js';

const n = Number(process.argv[2]) || 200;
const DAY = 86_400_000;
const backfill = Date.parse('2026-03-02T08:00:00Z');
const root = mkdtempSync(join(tmpdir(), 'canpol-bench-committees-'));
const cache = mkdtempSync(join(tmpdir(), 'canpol-bench-committees-cache-'));
const committees = ['ETHI', 'JUST', 'HESA', 'FEWO'];
publishCommitteeList(root, '44-1', { standing: committees });
committees.forEach((acronym, c) => {
  const meetings = [];
  for (let i = c; i < n; i += committees.length) {
    const date = new Date(backfill - Math.round(((i + 0.5) * 1000) / n) * DAY).toISOString().slice(0, 10);
    meetings.push({ number: i + 1, docId: 10_000_000 + i, evidence: true, date });
  }
  publishMeetings(root, '44-1', acronym, meetings);
});
const manifest = { ...discoveryManifest(), sources: [committeeSource], sessions: [{ id: '44-1', opened: '2021-11-22' }] };
const up = await startUpstream({ ...manifest, sources: [] }, DATASETS, root);
for (let night = 0; night <= 7; night++) {
  up.requests.length = 0;
  const r = await runFetch({ manifest, cache, mirror: up.mirror, spacingMs: 0, now: () => new Date(backfill + night * DAY).toISOString() });
  const xml = up.requests.filter((q) => q.path.endsWith('.XML')).length;
  console.log(
    JSON.stringify({
      night,
      meetings: n,
      requests: r.totals.requests,
      evidence_xml: xml,
      viewers: up.requests.filter((q) => q.path.includes('/DocumentViewer/')).length,
      seconds: r.seconds,
    }),
  );
}
await up.close();
rmSync(root, { recursive: true, force: true });
rmSync(cache, { recursive: true, force: true });
