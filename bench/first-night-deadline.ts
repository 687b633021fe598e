// The first real night on www.ourcommons.ca with the fetch deadline, as a scaled simulation: the
// committed manifest's House sources (Debates, divisions, member export, committee Evidence) against
// a loopback publisher sized as the sitting session is assumed to be (docs/nightly.md, "The first
// real night"), with the politeness spacing and the deadline both divided by SCALE. What it measures:
// the fetcher's order (the sitting session first, Evidence older than two weeks last) and how much
// of each part is done by the deadline, night after night. What it assumes: the counts below and
// that the House answers every request at once (transfer time is not modelled).
//   node_modules/.bin/bun bench/first-night-deadline.ts [SCALE=50]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runFetch } from '../build-db/fetch/run-fetch.js';
import type { SourcesManifest } from '../build-db/fetch/manifest-types.js';
import { DATASETS, repoManifest } from '../test/helpers/nightly-manifest.js';
import { HOUSE, publishCommitteeList, publishVoteList } from '../test/helpers/publisher-folder.js';
import { startUpstream } from '../test/helpers/upstream-server.js';

const SCALE = Number(process.argv[2] ?? 50);
// Assumed for 45-1 (opened 2025-05-26): docs/nightly.md's estimates.
const SITTINGS = 130;
const DIVISIONS = 175;
const COMMITTEES = 25;
const MEETINGS = 40; // with evidence, per committee: 3,000 requests (viewer, EN, FR)
const OPENED = '2025-05-26';
const DEADLINE_MIN = 35;

const root = mkdtempSync(join(tmpdir(), 'canpol-first-night-publishers-'));
const cache = mkdtempSync(join(tmpdir(), 'canpol-first-night-cache-'));
const put = (path: string, body: string) => {
  const file = join(root, HOUSE, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
};
// A small document the checks accept (root Hansard, over min_bytes): the bench counts requests, not bytes.
const hansard = (id: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Hansard id="${id}" xml:lang="EN">${'<ParaText>Text of the sitting.</ParaText>'.repeat(200)}</Hansard>\n`;

for (let n = 1; n <= SITTINGS; n++) {
  const n3 = String(n).padStart(3, '0');
  for (const l of ['E', 'F']) put(`Content/House/451/Debates/${n3}/HAN${n3}-${l}.XML`, hansard(`${n}${l}`));
}
const day = (i: number, of: number) => {
  const from = Date.parse(`${OPENED}T00:00:00Z`);
  return new Date(from + ((Date.now() - from) * (i + 1)) / of).toISOString().slice(0, 10);
};
publishVoteList(
  root,
  '45-1',
  Array.from({ length: DIVISIONS }, (_, i) => ({ number: i + 1, date: day(i, DIVISIONS) })),
);
put(
  'Members/en/search/xml?parliament=45',
  `<?xml version="1.0"?><ArrayOfMemberOfParliament>${'<MemberOfParliament><PersonOfficialFirstName>A</PersonOfficialFirstName></MemberOfParliament>'.repeat(40)}</ArrayOfMemberOfParliament>`,
);
const acronyms = Array.from({ length: COMMITTEES }, (_, i) => `C${String(i).padStart(2, '0')}A`);
publishCommitteeList(root, '45-1', { standing: acronyms });
for (const [c, acr] of acronyms.entries()) {
  const rows = Array.from({ length: MEETINGS }, (_, m) => {
    const date = day(m * COMMITTEES + c, MEETINGS * COMMITTEES);
    return `<div class="accordion-item meeting-item-${date}"><a class="btn btn-meeting-evidence" href="//${HOUSE}/DocumentViewer/en/45-1/${acr}/meeting-${m + 1}/evidence">Evidence</a></div>`;
  });
  put(`Committees/en/${acr}/Meetings?parl=45&session=1`, `<!DOCTYPE html><html><body>${rows.join('\n')}</body></html>`);
  for (let m = 1; m <= MEETINGS; m++) {
    const xml = `/Content/Committee/451/${acr}/Evidence/EV${c * 1000 + m}/${acr}EV${m}`;
    put(
      `DocumentViewer/en/45-1/${acr}/meeting-${m}/evidence`,
      `<!DOCTYPE html><html><body><a class="btn btn-export-xml" href="${xml}-E.XML">XML</a></body></html>`,
    );
    put(`${xml.slice(1)}-E.XML`, hansard(`${acr}${m}E`));
    put(`${xml.slice(1)}-F.XML`, hansard(`${acr}${m}F`));
  }
}

const repo = repoManifest();
const ids = ['hoc-debates', 'hoc-votes', 'hoc-members-by-parliament', 'hoc-committee-evidence'];
const manifest: SourcesManifest = { ...repo, sources: repo.sources.filter((s) => ids.includes(s.id)) };
const up = await startUpstream({ ...manifest, sources: [] }, DATASETS, root);
const spacingMs = manifest.defaults.spacing_ms / SCALE;
console.log(
  `assumed 45-1: ${SITTINGS} sittings (EN+FR), ${DIVISIONS} divisions, ${COMMITTEES} committees × ${MEETINGS} meetings with evidence; ` +
    `spacing ${manifest.defaults.spacing_ms} ms and deadline ${DEADLINE_MIN} min, both ÷ ${SCALE}; --since ${OPENED}`,
);
try {
  for (let night = 1; night <= 6; night++) {
    const before = up.requests.length;
    const t0 = performance.now();
    const report = await runFetch({
      manifest,
      cache,
      mirror: up.mirror,
      since: OPENED,
      politeToLoopback: true,
      spacingMs,
      deadline: Date.now() + (DEADLINE_MIN * 60_000) / SCALE,
    });
    const minutes = ((performance.now() - t0) / 1000 / 60) * SCALE;
    const asked = up.requests.slice(before);
    const kinds: Array<[string, RegExp]> = [
      ['Debates', /\/Content\/House\//],
      ['divisions', /\/members\/en\/votes/],
      ['committee pages', /\/Committees\//],
      ['evidence viewers', /\/DocumentViewer\/en\/45-1\/[A-Z0-9]+\/meeting-/],
      ['Evidence XML', /\/Content\/Committee\//],
    ];
    const count = kinds.map(([k, re]) => `${k} ${asked.filter((r) => re.test(r.path)).length}`).join(', ');
    // When the sitting session's Debates and divisions were done, at full scale.
    const lastHouse = Math.max(...asked.filter((r) => /\/Content\/House\/451\/|\/members\/en\/votes/.test(r.path)).map((r) => r.at));
    const houseDone = ((lastHouse - asked[0].at) / 1000 / 60) * SCALE;
    const per = report.sources
      .map((s) => `${s.id} ${s.status} ${s.files.length} files${s.backfill ? `, ${s.backfill.deferred} left` : ''}`)
      .join('; ');
    console.log(`night ${night}: ${asked.length} requests, ≈ ${minutes.toFixed(1)} min at full scale; ${per}`);
    console.log(`  requests: ${count}; the sitting session's Debates and divisions done at ≈ ${houseDone.toFixed(1)} min`);
    if (!report.sources.some((s) => s.backfill)) break;
  }
} finally {
  await up.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
}
