// Committee Evidence beyond the standing committees, against the loopback upstream serving folders
// laid out as www.ourcommons.ca and www.parl.ca: joint committees (their pages are on www.parl.ca and
// answer 404 on ourcommons.ca: parl-monitor docs/canada-federal-sources-scope.md), subcommittees named
// inside their committee's item of the list, and when held Evidence and viewers are asked for again.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runFetch, type FetchReport } from '../../../build-db/fetch/run-fetch.js';
import { DATASETS } from '../../helpers/nightly-manifest.js';
import { committeeSource, discoveryManifest, publishCommitteeList, publishMeetings } from '../../helpers/publisher-folder.js';
import { publicDoc } from '../../helpers/public-docs.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';
import { loopbackPublisher } from '../../helpers/loopback-publisher.js';

const HAVE = existsSync(DATASETS);
setDefaultTimeout(20_000);
const PARL = 'www.parl.ca';
const manifest = { ...discoveryManifest(), sources: [committeeSource], sessions: [{ id: '44-1', opened: '2021-11-22' }] };
const xmlFiles = (r: FetchReport) =>
  r.sources[0].files
    .map((f) => f.file)
    .filter((f) => f.endsWith('.xml.gz'))
    .sort();
const at = (iso: string) => () => iso;

describe.skipIf(!HAVE)('committee evidence from both hosts', () => {
  let up: Upstream;
  let root: string;
  let cache: string;
  const run = (now?: string) => runFetch({ manifest, cache, mirror: up.mirror, ...(now ? { now: at(now) } : {}) });
  const asked = (part: string) => up.requests.filter((r) => r.path.includes(part));

  loopbackPublisher(manifest, 'committee', (p) => {
    ({ up, root, cache } = p);
  });

  test('a joint committee is walked on www.parl.ca, a subcommittee from its committee item; no 404, the source fresh, also the next night', async () => {
    publishCommitteeList(root, '44-1', { standing: ['JUST'], joint: ['AMAD'], subcommittees: { JUST: ['SDIR'] } });
    publishMeetings(root, '44-1', 'JUST', [{ number: 11, docId: 4423056, evidence: true }]);
    publishMeetings(root, '44-1', 'SDIR', [{ number: 3, docId: 4500001, evidence: true }]);
    publishMeetings(root, '44-1', 'AMAD', [{ number: 10, docId: 11823690, evidence: true }], PARL);

    const first = await run();
    expect(xmlFiles(first)).toEqual(
      ['11823690-en', '11823690-fr', '4423056-en', '4423056-fr', '4500001-en', '4500001-fr'].map(
        (f) => `hoc-hansard-xml-samples/${f}.xml.gz`,
      ),
    );
    expect(first.sources[0].status).toBe('fresh');
    expect(first.sources[0].problems).toEqual([]);
    expect(up.requests.filter((r) => r.status === 404)).toEqual([]);
    expect(asked('/www.ourcommons.ca/Committees/en/AMAD/')).toEqual([]);
    expect(asked(`/${PARL}/Content/Committee/441/AMAD/Evidence/EV11823690/AMADEV10-E.XML`).length).toBe(1);

    up.requests.length = 0;
    const second = await run();
    expect(second.sources[0].status).toBe('fresh');
    expect(up.requests.filter((r) => r.status === 404)).toEqual([]);
    // The sitting session's pages are asked again (new meetings); held viewers and XML are not.
    expect(asked(`/${PARL}/Committees/en/AMAD/Meetings`).length).toBe(1);
    expect(asked('/DocumentViewer/')).toEqual([]);
  });

  test('a joint committee the list does not mark: asked on www.parl.ca after the 404, then there first', async () => {
    publishCommitteeList(root, '44-1', { standing: ['REGS'] });
    publishMeetings(root, '44-1', 'REGS', [{ number: 5, docId: 11900001, evidence: true }], PARL);

    const first = await run();
    expect(xmlFiles(first)).toEqual(['11900001-en', '11900001-fr'].map((f) => `hoc-hansard-xml-samples/${f}.xml.gz`));
    expect(first.sources[0].status).toBe('fresh');
    expect(asked('/www.ourcommons.ca/Committees/en/REGS/Meetings').map((r) => r.status)).toEqual([404]);

    up.requests.length = 0;
    const second = await run();
    expect(second.sources[0].status).toBe('fresh');
    expect(asked('/www.ourcommons.ca/Committees/en/REGS/')).toEqual([]);
    expect(asked(`/${PARL}/Committees/en/REGS/Meetings`).map((r) => r.status)).toEqual([304]);
  });

  test("held Evidence is asked for again as it passes each age from its meeting's day; a revised transcript replaces the copy", async () => {
    publishCommitteeList(root, '44-1', { standing: ['ETHI'] });
    publishMeetings(root, '44-1', 'ETHI', [{ number: 32, docId: 11796600, evidence: true, date: '2026-03-02' }]);
    const en = '/www.ourcommons.ca/Content/Committee/441/ETHI/Evidence/EV11796600/ETHIEV32-E.XML';
    const nights = async (...days: string[]) => {
      const got: number[] = [];
      for (const d of days) {
        up.requests.length = 0;
        await run(`${d}T08:00:00.000Z`);
        got.push(asked(en).length);
      }
      return got;
    };
    // Held on the 2nd; ages 1, 2, 3 fall on the 3rd, 4th and 5th, 7 on the 9th; none on the 6th to the 8th.
    expect(await nights('2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-08', '2026-03-09')).toEqual([
      1, 1, 1, 1, 0, 0, 1,
    ]);
    // A night missed is made up: ages 14 and 21 passed while nobody asked; asked once on the 25th.
    expect(await nights('2026-03-25', '2026-03-26')).toEqual([1, 0]);
    // The House revises the transcript: the next age (30 days, 1 April) fetches the new text.
    const file = join(root, en.slice(1));
    const revised = gunzipSync(readFileSync(join(DATASETS, 'hoc-hansard-xml-samples', '12324877-en.xml.gz')))
      .toString('utf8')
      .replace('</Hansard>', '<!-- revised --></Hansard>');
    writeFileSync(file, revised);
    up.requests.length = 0;
    const r = await run('2026-04-01T08:00:00.000Z');
    expect(asked(en).length).toBe(1);
    expect(r.sources[0].items.changed).toEqual(['hoc-hansard-xml-samples/11796600-en.xml.gz']);
    expect(gunzipSync(readFileSync(join(cache, 'hoc-hansard-xml-samples/11796600-en.xml.gz'))).toString('utf8')).toContain(
      '<!-- revised -->',
    );
  });

  test("a closed session's meetings page with no evidence (a subcommittee that met in camera) is asked while recent, then only at the ages", async () => {
    const m = {
      ...manifest,
      sessions: [
        { id: '44-1', opened: '2021-11-22' },
        { id: '45-1', opened: '2025-05-26' },
      ],
    };
    publishCommitteeList(root, '44-1', { standing: ['JUST'], subcommittees: { JUST: ['SJUS'] } });
    publishMeetings(root, '44-1', 'JUST', [{ number: 11, docId: 4423056, evidence: true }]);
    publishMeetings(root, '44-1', 'SJUS', [{ number: 1, docId: 0, evidence: false }]);
    publishCommitteeList(root, '45-1', { standing: [] });
    const page = '/www.ourcommons.ca/Committees/en/SJUS/Meetings?parl=44&session=1';
    const got: number[] = [];
    for (const d of ['2026-03-02', '2026-03-03', '2026-03-17', '2026-03-18', '2026-03-19']) {
      up.requests.length = 0;
      const r = await runFetch({ manifest: m, cache, mirror: up.mirror, now: at(`${d}T08:00:00.000Z`) });
      expect(r.sources[0].status).toBe('fresh');
      got.push(asked(page).length);
    }
    // First held on the 2nd: nightly within 14 days, at age 14 (the 16th, made up on the 17th), then not before age 21.
    expect(got).toEqual([1, 1, 1, 0, 0]);
    // The committee's page that led to evidence is not asked again at all: its session closed.
    expect(asked('/www.ourcommons.ca/Committees/en/JUST/Meetings?parl=44')).toEqual([]);
  });

  test("a closed session with no committee list (older than the House's pages) is no failure, and stops being asked after 30 days", async () => {
    const m = {
      ...manifest,
      sessions: [
        { id: '35-1', opened: '1994-01-17' },
        { id: '44-1', opened: '2021-11-22' },
      ],
    };
    publishCommitteeList(root, '44-1', { standing: ['ETHI'] });
    publishMeetings(root, '44-1', 'ETHI', [{ number: 32, docId: 11796600, evidence: true }]);
    const list = '/www.ourcommons.ca/Committees/en/List?parl=35&session=1';
    const got: number[][] = [];
    for (const d of ['2026-03-02', '2026-03-03', '2026-03-31', '2026-04-02']) {
      up.requests.length = 0;
      const r = await runFetch({ manifest: m, cache, mirror: up.mirror, now: at(`${d}T08:00:00.000Z`) });
      expect(r.sources[0].status).toBe('fresh');
      expect(r.sources[0].problems).toEqual([]);
      got.push(asked(list).map((q) => q.status));
    }
    expect(got).toEqual([[404], [404], [404], []]);
  });

  test('a viewer with no XML link is asked each night for 14 days from its meeting, then only at the ages; the XML is found once posted', async () => {
    publishCommitteeList(root, '44-1', { standing: [], joint: ['BILI'] });
    publishMeetings(root, '44-1', 'BILI', [{ number: 2, docId: 12000002, evidence: true, date: '2026-03-02', noXml: true }], PARL);
    const viewer = `/${PARL}/DocumentViewer/en/44-1/BILI/meeting-2/evidence`;
    const got: number[] = [];
    for (const d of ['2026-03-02', '2026-03-10', '2026-03-15', '2026-03-16', '2026-03-17', '2026-03-20', '2026-03-23']) {
      up.requests.length = 0;
      const r = await run(`${d}T08:00:00.000Z`);
      expect(r.sources[0].status).toBe('fresh');
      got.push(asked(viewer).length);
    }
    // Nightly until the 15th (within 14 days), then at age 14 (the 16th) and age 21 (the 23rd) only.
    expect(got).toEqual([1, 1, 1, 1, 0, 0, 1]);
    // The XML is posted later: the next age (30 days, 1 April) finds it.
    publishMeetings(root, '44-1', 'BILI', [{ number: 2, docId: 12000002, evidence: true, date: '2026-03-02' }], PARL);
    const r = await run('2026-04-01T08:00:00.000Z');
    expect(xmlFiles(r)).toEqual(['12000002-en', '12000002-fr'].map((f) => `hoc-hansard-xml-samples/${f}.xml.gz`));
  });
});

// The joint committee AMAD's meetings page and an evidence viewer as www.parl.ca served them (saved by
// thejoycething-code/parl-monitor, /work/public-docs/SOURCES.md), walked with the manifest's selectors.
const SAVED = 'thejoycething-code+parl-monitor/tests/fixtures';
const meetingsPage = publicDoc(`${SAVED}/ca_cmte_amad_441_meetings.html`);
const viewerPage = publicDoc(`${SAVED}/ca_cmte_amad_441_10_evidence.html`);

describe.skipIf(!HAVE || !meetingsPage || !viewerPage)(
  'a joint committee on the pages www.parl.ca served (saved copies; skipped without them)',
  () => {
    let up: Upstream;
    let root: string;
    let cache: string;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'canpol-amad-'));
      cache = mkdtempSync(join(tmpdir(), 'canpol-amad-cache-'));
      publishCommitteeList(root, '44-1', { standing: [], joint: ['AMAD'] });
      const put = (path: string, body: string | Buffer) => {
        mkdirSync(dirname(join(root, PARL, path)), { recursive: true });
        writeFileSync(join(root, PARL, path), body);
      };
      put('Committees/en/AMAD/Meetings?parl=44&session=1', readFileSync(meetingsPage!));
      put('DocumentViewer/en/44-1/AMAD/meeting-10/evidence', readFileSync(viewerPage!));
      // Meeting 11's viewer was not saved: its page answers 404 here. The XML is a real Evidence file of the datasets.
      const xml = gunzipSync(readFileSync(join(DATASETS, 'hoc-hansard-xml-samples', '12324877-en.xml.gz')));
      put('Content/Committee/441/AMAD/Evidence/EV11823690/AMADEV10-E.XML', xml);
      put('Content/Committee/441/AMAD/Evidence/EV11823690/AMADEV10-F.XML', xml);
      up = await startUpstream({ ...manifest, sources: [] }, DATASETS, root);
    });
    afterAll(async () => {
      await up.close();
      rmSync(root, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    });

    test("the evidence buttons of the public meetings (10, 11; 12 was in camera), meeting 10's XML from its viewer, all on www.parl.ca; re-checks count from the row's day", async () => {
      const r = await runFetch({ manifest, cache, mirror: up.mirror, now: at('2022-06-20T08:00:00.000Z') });
      const asked = up.requests.map((q) => `${q.status} ${q.path}`);
      expect(asked.filter((q) => q.includes('/DocumentViewer/')).sort()).toEqual([
        `200 /${PARL}/DocumentViewer/en/44-1/AMAD/meeting-10/evidence`,
        `404 /${PARL}/DocumentViewer/en/44-1/AMAD/meeting-11/evidence`,
      ]);
      // Only the session's committee list is on www.ourcommons.ca.
      expect(asked.filter((q) => q.includes('www.ourcommons.ca'))).toEqual(['200 /www.ourcommons.ca/Committees/en/List?parl=44&session=1']);
      expect(xmlFiles(r)).toEqual(['hoc-hansard-xml-samples/11823690-en.xml.gz', 'hoc-hansard-xml-samples/11823690-fr.xml.gz']);
      // Meeting 10 sat on 30 May 2022 (its row's class): ages 21 (20 June) and 30 (29 June) from that day, not from the fetch.
      up.requests.length = 0;
      await runFetch({ manifest, cache, mirror: up.mirror, now: at('2022-06-28T08:00:00.000Z') });
      expect(up.requests.filter((q) => q.path.endsWith('AMADEV10-E.XML'))).toEqual([]);
      await runFetch({ manifest, cache, mirror: up.mirror, now: at('2022-06-29T08:00:00.000Z') });
      expect(up.requests.filter((q) => q.path.endsWith('AMADEV10-E.XML')).length).toBe(1);
    });
  },
);
