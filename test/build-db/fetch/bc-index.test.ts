// BC Hansard sittings found from the Legislature's own document index (LIMS HDMS, one JSON per
// session), served by the loopback upstream as a folder laid out as lims.leg.bc.ca; a sitting added
// to the index between runs is found, nothing already held is downloaded again.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { LISTERS } from '../../../build-db/fetch/listers.js';
import { REVISION_AGES } from '../../../build-db/fetch/recheck-schedule.js';
import { runFetch } from '../../../build-db/fetch/run-fetch.js';
import { DATASETS, subsetManifest } from '../../helpers/nightly-manifest.js';
import { startUpstream, type Upstream } from '../../helpers/upstream-server.js';

const SAMPLES = join(DATASETS, 'bc-hansard-html-samples');
const HAVE = existsSync(SAMPLES);
const INDEX = 'https://lims.leg.bc.ca/hdms/debates/43rd2nd';

type Node = {
  fileName: string;
  published?: boolean;
  debateAttributes: { nodes: Array<{ debateType: { name: string } | null; redirectLink?: string; committeeALink?: string }> };
};
const node = (fileName: string, type: string | null = 'House', redirectLink?: string, committeeALink?: string): Node => ({
  fileName,
  published: !/blues/i.test(fileName),
  debateAttributes: {
    nodes: [
      {
        debateType: type ? { name: type } : null,
        ...(redirectLink ? { redirectLink } : {}),
        ...(committeeALink ? { committeeALink } : {}),
      },
    ],
  },
});
const index = (nodes: Node[]) => JSON.stringify({ allHansardFileAttributes: { nodes } });

test('the index lister keeps House sittings, a final over its Blues, and skips committee transcripts', () => {
  const nodes = [
    node('20260212pm-House-Blues.htm'),
    node('20260218pm-House-Blues.htm', 'House', 'https://lims.leg.bc.ca/hdms/file/Debates/43rd2nd/20260218pm-Hansard-n118.html'),
    node('20260218pm-Hansard-n118.html'),
    node('20260226pm-CommitteeA-Blues.htm', 'Section A'),
    node('20100301pm-Hansard-v12n3.htm', null),
    node('20100302pm-Hansard-v12n4.htm', null, undefined, 'https://lims.leg.bc.ca/x'),
    node('notes.pdf'),
  ];
  const { files, problems } = LISTERS['bc-hansard-debates'](index(nodes), (p) => p, INDEX);
  expect(problems).toEqual([]);
  expect(files.map((f) => [f.path, f.url])).toEqual([
    ['20100301pm-Hansard-v12n3.htm.gz', 'https://lims.leg.bc.ca/hdms/file/Debates/43rd2nd/20100301pm-Hansard-v12n3.htm'],
    ['20260212pm-House-Blues.htm.gz', 'https://lims.leg.bc.ca/hdms/file/Debates/43rd2nd/20260212pm-House-Blues.htm'],
    ['20260218pm-Hansard-n118.html.gz', 'https://lims.leg.bc.ca/hdms/file/Debates/43rd2nd/20260218pm-Hansard-n118.html'],
  ]);
  expect(LISTERS['bc-hansard-debates']('{"data": 1}', (p) => p, INDEX).problems).toEqual([
    'debate index has no allHansardFileAttributes.nodes',
  ]);
});

test('a final marked published: false is not asked for: its sitting keeps the Blues (the draft); a final is re-checked at the revision ages from its day, a Blues every night', () => {
  const unpublished = { ...node('20260219pm-Hansard-n119.html'), published: false };
  const nodes = [
    node('20260218pm-House-Blues.htm', 'House', 'https://lims.leg.bc.ca/hdms/file/Debates/43rd2nd/20260218pm-Hansard-n118.html'),
    node('20260218pm-Hansard-n118.html'),
    node('20260219pm-House-Blues.htm', 'House', 'https://lims.leg.bc.ca/hdms/file/Debates/43rd2nd/20260219pm-Hansard-n119.html'),
    unpublished,
  ];
  const { files } = LISTERS['bc-hansard-debates'](index(nodes), (p) => p, INDEX);
  expect(files.map((f) => [f.path, f.dated ?? null, f.recheck_ages?.length ?? 0])).toEqual([
    ['20260218pm-Hansard-n118.html.gz', '2026-02-18', REVISION_AGES.length],
    ['20260219pm-House-Blues.htm.gz', null, 0],
  ]);
});

test("the session lister names each session's debate index from the first parliament asked for on", () => {
  const list = JSON.stringify({
    allParliaments: {
      nodes: [
        { number: 42, annotation: 'nd', sessionsByParliamentId: { nodes: [{ number: 5, annotation: 'th' }] } },
        { number: 43, annotation: 'rd', sessionsByParliamentId: { nodes: [{ number: 2, annotation: 'nd' }, { number: 1 }] } },
        { number: 44, sessionsByParliamentId: { nodes: [{ number: 11 }, { number: 'x' }] } },
      ],
    },
  });
  const { files, problems } = LISTERS['bc-hansard-sessions'](list, (p) => p, 'https://lims.leg.bc.ca/lims/parliaments', {
    from_parliament: 43,
  });
  // A missing annotation is the English ordinal (44th, 11th, 1st).
  expect(files.map((f) => [f.path, f.url, f.list_with])).toEqual([
    ['index/43rd1st.json', 'https://lims.leg.bc.ca/hdms/debates/43rd1st', 'bc-hansard-debates'],
    ['index/43rd2nd.json', 'https://lims.leg.bc.ca/hdms/debates/43rd2nd', 'bc-hansard-debates'],
    ['index/44th11th.json', 'https://lims.leg.bc.ca/hdms/debates/44th11th', 'bc-hansard-debates'],
  ]);
  expect(problems).toEqual(['parliament 44th: a session without a number']);
  expect(LISTERS['bc-hansard-sessions']('{"data": {}}', (p) => p, 'https://lims.leg.bc.ca/lims/parliaments').problems).toEqual([
    'parliament list has no allParliaments.nodes',
  ]);
  expect(LISTERS['bc-hansard-sessions']('<html>', (p) => p, 'https://lims.leg.bc.ca/lims/parliaments').problems[0]).toStartWith(
    'parliament list is not JSON',
  );
});

describe.skipIf(!HAVE)('BC Hansard discovered from the document index', () => {
  const manifest = subsetManifest(['bc-hansard-html']);
  let up: Upstream;
  let root: string;
  let cache: string;
  const host = () => join(root, 'lims.leg.bc.ca', 'hdms');
  const publish = (name: string, sample = name) => {
    mkdirSync(join(host(), 'file', 'Debates', '43rd2nd'), { recursive: true });
    writeFileSync(join(host(), 'file', 'Debates', '43rd2nd', name), gunzipSync(readFileSync(join(SAMPLES, `${sample}.gz`))));
  };
  const writeIndex = (session: string, nodes: Node[]) => {
    mkdirSync(join(host(), 'debates'), { recursive: true });
    writeFileSync(join(host(), 'debates', session), index(nodes));
  };
  const first = [
    node('20260212pm-House-Blues.htm'),
    node('20260218pm-House-Blues.htm', 'House', 'https://lims.leg.bc.ca/hdms/file/Debates/43rd2nd/20260218pm-Hansard-n118.html'),
    node('20260309am-House-Blues.htm'),
    node('20260415pm-House-Blues.htm'),
    node('20260226pm-CommitteeA-Blues.htm', 'Section A'),
  ];
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'canpol-bc-publisher-'));
    cache = mkdtempSync(join(tmpdir(), 'canpol-bc-cache-'));
    for (const f of [
      '20260212pm-House-Blues.htm',
      '20260218pm-Hansard-n118.html',
      '20260309am-House-Blues.htm',
      '20260415pm-House-Blues.htm',
    ])
      publish(f);
    writeIndex('43rd1st', []);
    writeIndex('43rd2nd', first);
    up = await startUpstream(manifest, DATASETS, root);
  });
  afterAll(async () => {
    await up.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });
  const fetchNow = () => runFetch({ manifest, cache, mirror: up.mirror, timeoutMs: 5_000, retries: 1, backoffMs: 5 });
  const held = () =>
    readdirSync(join(cache, 'bc-hansard-html-samples'))
      .filter((f) => f.endsWith('.gz'))
      .sort();

  test('first run: the sittings the index names, the final where one is out, no committee transcript', async () => {
    const r = await fetchNow();
    expect(r.sources[0].status).toBe('fresh');
    expect(held()).toEqual([
      '20260212pm-House-Blues.htm.gz',
      '20260218pm-Hansard-n118.html.gz',
      '20260309am-House-Blues.htm.gz',
      '20260415pm-House-Blues.htm.gz',
    ]);
    expect(r.sources[0].items.new.length).toBe(7); // the session list, two session indexes, four sittings
  });

  test('a sitting added to the index is found next run; nothing held is downloaded again', async () => {
    publish('20260416pm-House-Blues.htm');
    writeIndex('43rd2nd', [...first, node('20260416pm-House-Blues.htm')]);
    up.requests.length = 0;
    const r = await fetchNow();
    expect(held()).toContain('20260416pm-House-Blues.htm.gz');
    expect(r.sources[0].items.new).toEqual(['bc-hansard-html-samples/20260416pm-House-Blues.htm.gz']);
    expect(r.sources[0].items.changed).toEqual(['bc-hansard-html-samples/index/43rd2nd.json']);
    // Every file already held was answered 304.
    expect(
      up.requests
        .filter((q) => q.status === 200)
        .map((q) => q.path)
        .sort(),
    ).toEqual(['/lims.leg.bc.ca/hdms/debates/43rd2nd', '/lims.leg.bc.ca/hdms/file/Debates/43rd2nd/20260416pm-House-Blues.htm']);
  });

  test('a session the Legislature opens is found from its list of sessions, with its sittings', async () => {
    mkdirSync(join(root, 'lims.leg.bc.ca', 'lims'), { recursive: true });
    const sessions = [
      { number: 1, annotation: 'st' },
      { number: 2, annotation: 'nd' },
      { number: 3, annotation: 'rd' },
    ];
    writeFileSync(
      join(root, 'lims.leg.bc.ca', 'lims', 'parliaments'),
      JSON.stringify({
        allParliaments: {
          nodes: [
            { number: 42, annotation: 'nd', sessionsByParliamentId: { nodes: [{ number: 5, annotation: 'th' }] } },
            { number: 43, annotation: 'rd', sessionsByParliamentId: { nodes: sessions } },
          ],
        },
      }),
    );
    mkdirSync(join(host(), 'file', 'Debates', '43rd3rd'), { recursive: true });
    writeFileSync(
      join(host(), 'file', 'Debates', '43rd3rd', '20261006pm-House-Blues.htm'),
      gunzipSync(readFileSync(join(SAMPLES, '20260212pm-House-Blues.htm.gz'))),
    );
    writeIndex('43rd3rd', [node('20261006pm-House-Blues.htm')]);
    up.requests.length = 0;
    const r = await fetchNow();
    expect([...r.sources[0].items.new].sort()).toEqual([
      'bc-hansard-html-samples/20261006pm-House-Blues.htm.gz',
      'bc-hansard-html-samples/index/43rd3rd.json',
    ]);
    expect(r.sources[0].items.changed).toEqual(['bc-hansard-html-samples/index/parliaments.json']);
    expect(held()).toContain('20261006pm-House-Blues.htm.gz');
    // The 42nd Parliament is before the manifest's from_parliament (43): its session is not asked for.
    expect(up.requests.some((q) => q.path.includes('42nd5th'))).toBe(false);
  });
});
