// The legisinfo-bills importer reading LEGISinfo's per-bill XML exports as the nightly fetches them
// (`<parl>-<sess>/bills/<code>/metadata.xml`), beside or instead of the bill pack: real records from
// ../shared/datasets/legisinfo-bills, an export superseding the pack's line for the same bill.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Identity } from '../../../build-db/import/identity.js';
import { importParlBills } from '../../../build-db/import/parl-bills/index.js';
import type { ImportContext, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';

const PACK = join(import.meta.dir, '../../../../shared/datasets/legisinfo-bills/bills_metadata.jsonl.gz');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function run(from: string) {
  const skips: Skip[] = [];
  const ctx: ImportContext = { identity: new Identity([]), existing: {}, skip: (s) => skips.push(s), log: () => {} };
  const out = importParlBills(from, ctx);
  return { out, skips, bills: (out.records.bills ?? []) as Array<SourceInput<'bills'>> };
}

describe.skipIf(!existsSync(PACK))('LEGISinfo per-bill exports', () => {
  // Two real 45-1 records (C-2, C-3), as LEGISinfo serves them.
  const lines = gunzipSync(readFileSync(PACK))
    .toString('utf8')
    .split('\n')
    .filter((l) => /"session": "45-1", "bill": "C-[23]"/.test(l));
  const record = (code: string) => JSON.parse(lines.find((l) => l.includes(`"bill": "${code}"`))!);

  test('the exports alone are a complete source', () => {
    const from = tempDir('canpol-legisinfo-');
    dirs.push(from);
    for (const code of ['C-2', 'C-3']) {
      mkdirSync(join(from, '45-1/bills', code), { recursive: true });
      writeFileSync(join(from, '45-1/bills', code, 'metadata.xml'), record(code).metadata_xml);
    }
    const { bills, skips } = run(from);
    expect(bills.map((b) => `${b.session_key} ${b.bill_number}`).sort()).toEqual(['ca/session/45-1 C-2', 'ca/session/45-1 C-3']);
    expect(skips.filter((s) => s.reason === 'file missing')).toEqual([]);
  });

  test("an export supersedes the pack's line for the same bill; the pack fills in the rest", () => {
    const from = tempDir('canpol-legisinfo-');
    dirs.push(from);
    writeFileSync(join(from, 'bills_metadata.jsonl.gz'), gzipSync(`${lines.join('\n')}\n`));
    const c3 = record('C-3');
    const title = /<LongTitleEn>([^<]+)<\/LongTitleEn>/.exec(c3.metadata_xml)![1];
    mkdirSync(join(from, '45-1/bills/C-3'), { recursive: true });
    writeFileSync(
      join(from, '45-1/bills/C-3/metadata.xml'),
      c3.metadata_xml.replace(`<LongTitleEn>${title}</LongTitleEn>`, `<LongTitleEn>${title} (as exported)</LongTitleEn>`),
    );
    const { bills, out } = run(from);
    expect(bills.length).toBe(2);
    const got = bills.find((b) => b.bill_number === 'C-3')! as { title?: string; title_en?: string };
    expect(JSON.stringify(got)).toContain('(as exported)');
    expect(out.stats?.pack_lines_superseded_by_export).toBe(1);
  });
});
