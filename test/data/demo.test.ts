// The demo bundle: generated deterministically, valid, labelled as demo, and rich enough to
// exercise every endpoint and all 14 jurisdictions. Expected values are counted from the JSONL
// files themselves, independently of the build and the server.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildDataFile } from '../../build-db/build.js';
import { ids } from '../../build-db/ids.js';
import { JURISDICTIONS } from '../../src/core/domain/enums.js';
import { openDataFile, type DataFile } from '../../src/core/data-file/open-data-file.js';
import { createApp } from '../../src/server/http/app.js';
import { tempDir } from '../helpers/fixture.js';

const repo = resolve(import.meta.dir, '../..');
const dir = tempDir('canpol-demo-');
const BUN = join(repo, 'node_modules/.bin/bun');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;
const rows = (file: string): Rec[] =>
  readFileSync(join(dir, 'a', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

let data: DataFile;
let app: ReturnType<typeof createApp>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const get = async (path: string): Promise<any> => {
  const res = await app.request(`/api/public/v1${path}`);
  expect(res.status).toBe(200);
  return res.json();
};

beforeAll(() => {
  for (const out of ['a', 'b']) {
    const r = spawnSync(BUN, [join(repo, 'data/generate-demo.ts'), join(dir, out)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
  }
  const result = buildDataFile({ sources: join(dir, 'a'), out: join(dir, 'demo.db') });
  if (!result.ok)
    throw new Error(
      result.issues
        .slice(0, 10)
        .map((i) => JSON.stringify(i))
        .join('\n'),
    );
  data = openDataFile(join(dir, 'demo.db'));
  app = createApp({ data });
}, 120_000);
afterAll(() => {
  data?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('demo bundle', () => {
  test('the generator is deterministic: two runs, identical bytes', () => {
    const files = readdirSync(join(dir, 'a')).sort();
    expect(readdirSync(join(dir, 'b')).sort()).toEqual(files);
    for (const f of files) expect(readFileSync(join(dir, 'b', f)).equals(readFileSync(join(dir, 'a', f)))).toBe(true);
  });

  test('labelled as demo data in the build, /health and every coverage row', async () => {
    expect(data.build.is_demo).toBe(true);
    const health = (await (await app.request('/health')).json()) as Rec;
    expect(health.demo).toBe(true);
    const { items } = await get('/jurisdiction-sources');
    for (const row of items) expect(row.notes).toStartWith('Demo data');
  });

  test('all 14 jurisdictions, each with sitting politicians whose count matches the list endpoint', async () => {
    const cov = await get('/coverage');
    expect(cov.jurisdictions.map((r: Rec) => r.jurisdiction)).toEqual([...JURISDICTIONS]);
    expect(cov.summary.total).toBe(14);
    for (const status of ['live', 'partial', 'blocked', 'none']) expect(cov.summary[status]).toBeGreaterThan(0);
    const politicians = rows('politicians.jsonl');
    for (const row of cov.jurisdictions) {
      const list = await get(`/politicians?jurisdiction=${row.jurisdiction}&limit=1`);
      expect(row.politicians_count).toBeGreaterThan(0);
      expect(list.total).toBe(row.politicians_count);
      const expected = politicians.filter(
        (p) =>
          (row.jurisdiction === 'federal'
            ? p.level === 'federal'
            : p.level === 'provincial' && p.province_territory === row.jurisdiction) &&
          p.is_active &&
          !p.deceased &&
          p.terms.some((t: Rec) => t.end_at == null),
      ).length;
      expect(row.politicians_count).toBe(expected);
    }
  });

  test('Ontario is large enough to paginate, and a walk sees every member once', async () => {
    const first = await get('/politicians?jurisdiction=ON&limit=50');
    expect(first.pages).toBeGreaterThan(2);
    const seen = new Set<string>(first.items.map((p: Rec) => p.id));
    for (let page = 2; page <= first.pages; page++)
      for (const p of (await get(`/politicians?jurisdiction=ON&limit=50&page=${page}`)).items) seen.add(p.id);
    expect(seen.size).toBe(first.total);
  });

  test('edge cases are present', async () => {
    const politicians = rows('politicians.jsonl');
    const former = politicians.filter((p) => !p.is_active || p.deceased);
    expect(former.length).toBeGreaterThan(0);
    expect((await get('/politicians?status=former&limit=1')).total).toBe(former.length);

    const offices = rows('offices.jsonl');
    const constituencyCount = new Map<string, Set<string>>();
    for (const o of offices.filter((o) => o.kind === 'constituency')) {
      constituencyCount.set(o.politician_key, (constituencyCount.get(o.politician_key) ?? new Set()).add(o.phone));
    }
    const twoOffices = [...constituencyCount].find(([, phones]) => phones.size >= 2)![0];
    expect(
      (await get(`/politicians/${ids.politician(twoOffices)}/offices`)).items.filter((o: Rec) => o.kind === 'constituency').length,
    ).toBeGreaterThanOrEqual(2);
    const withOffices = new Set(offices.map((o) => o.politician_key));
    const noOffice = politicians.find((p) => !withOffices.has(p.key))!;
    expect((await get(`/politicians/${ids.politician(noOffice.key)}/offices`)).items).toEqual([]);

    const dead = rows('socials.jsonl').find((s) => !s.is_live)!;
    const live = (await get(`/politicians/${ids.politician(dead.politician_key)}/socials`)).items;
    const all = (await get(`/politicians/${ids.politician(dead.politician_key)}/socials?include_dead=true`)).items;
    expect(all.length).toBe(
      live.length + rows('socials.jsonl').filter((s) => s.politician_key === dead.politician_key && !s.is_live).length,
    );

    const bills = rows('bills.jsonl');
    const noEvents = bills.find((b) => !b.events?.length)!;
    expect((await get(`/bills/${ids.bill(noEvents.session_key, noEvents.bill_number)}/events`)).events).toEqual([]);
    const unmatched = bills.find((b) => b.sponsors?.some((s: Rec) => s.politician_key == null))!;
    const sponsors = (await get(`/bills/${ids.bill(unmatched.session_key, unmatched.bill_number)}/sponsors`)).sponsors;
    expect(sponsors.some((s: Rec) => s.politician_id === null && s.sponsor_name_raw)).toBe(true);
    expect(bills.some((b) => /[éèàç]/.test(b.title))).toBe(true);

    const votes = rows('votes.jsonl');
    const voice = votes.find((v) => v.vote_type === 'voice' && !v.positions?.length)!;
    expect((await get(`/votes/${ids.vote(voice.key)}/positions`)).positions).toEqual([]);
    const tied = votes.find((v) => v.result === 'tied')!;
    const tiedVote = (await get(`/votes/${ids.vote(tied.key)}`)).vote;
    expect(tiedVote.ayes).toBe(tiedVote.nays);
  });

  test('every endpoint of the core API answers with data', async () => {
    const politician = (await get('/politicians?jurisdiction=federal&limit=1')).items[0];
    for (const sub of ['', '/offices', '/socials?include_dead=true', '/posts']) await get(`/politicians/${politician.id}${sub}`);
    const bill = (await get('/bills?level=federal&limit=1')).items[0];
    for (const sub of ['', '/events', '/sponsors']) await get(`/bills/${bill.id}${sub}`);
    const vote = (await get('/votes?vote_type=division&limit=1')).items[0];
    expect((await get(`/votes/${vote.id}/positions`)).positions.length).toBe(vote.positions_count);
    expect((await get('/committees/meetings')).total).toBeGreaterThan(0);
    expect((await get('/bills?level=provincial&limit=1')).total).toBeGreaterThan(0);
    expect((await get('/votes?level=provincial&limit=1')).total).toBeGreaterThan(0);
  });
});
