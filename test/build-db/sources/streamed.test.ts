// The streamed import: speeches are read a megabyte at a time and never held as an array, yet are
// validated, counted, digested and checked as before.
import { afterAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkReferences } from '../../../build-db/sources/check-references.js';
import { formatIssue, readBundle } from '../../../build-db/sources/read-bundle.js';
import { readLines } from '../../../build-db/sources/read-lines.js';
import { mapRecords } from '../../../build-db/sources/files.js';
import { tempDir, writeFixture } from '../../helpers/fixture.js';

const root = tempDir('canpol-streamed-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('readLines', () => {
  test('lines and their numbers across buffer edges, multi-byte characters split between reads included', () => {
    const text = 'première ligne\r\n\nélan — “Québec” 🍁\nx\nfin sans saut';
    const path = join(root, 'lines.txt');
    writeFileSync(path, text);
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const seen: Buffer[] = [];
      const got = [...readLines(path, (b) => seen.push(Buffer.from(b)), size)];
      expect(got.map((l) => l.text)).toEqual(text.split('\n'));
      expect(got.map((l) => l.line)).toEqual([1, 2, 3, 4, 5]);
      expect(Buffer.concat(seen).toString('utf8')).toBe(text);
    }
  });

  test('an empty file has no lines', () => {
    const path = join(root, 'empty.txt');
    writeFileSync(path, '');
    expect([...readLines(path)]).toEqual([]);
  });
});

describe('streamed speeches', () => {
  test('not an array; counted; every iteration reads the same records; digest of the bytes', () => {
    const dir = join(root, 'ok');
    mkdirSync(dir);
    writeFixture(dir);
    const read = readBundle(dir);
    if (!read.ok) throw new Error(read.issues.map(formatIssue).join('\n'));
    const speeches = read.bundle.records.speeches;
    expect(Array.isArray(speeches)).toBe(false);
    const lines = readFileSync(join(dir, 'speeches.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    expect(speeches.length).toBe(lines.length);
    const first = [...speeches].map((s) => s.record.key);
    expect(first).toEqual(lines.map((l) => JSON.parse(l).key));
    expect([...speeches].map((s) => s.record.key)).toEqual(first);
    expect(read.bundle.digests['speeches.jsonl']).toBe(
      createHash('sha256')
        .update(readFileSync(join(dir, 'speeches.jsonl')))
        .digest('hex'),
    );
  });

  test("a change made with mapRecords holds on every pass (changing one pass's objects would be lost)", () => {
    const dir = join(root, 'mapped');
    mkdirSync(dir);
    writeFixture(dir);
    const read = readBundle(dir);
    if (!read.ok) throw new Error(read.issues.map(formatIssue).join('\n'));
    const { records } = read.bundle;
    for (const { record } of records.speeches) record.politician_key = 'lost';
    expect([...records.speeches].some((s) => s.record.politician_key === 'lost')).toBe(false);
    records.speeches = mapRecords(records.speeches, (r) => {
      r.record.politician_key = 'kept';
      return r;
    });
    expect(records.speeches.length).toBeGreaterThan(0);
    for (let pass = 0; pass < 2; pass++) expect([...records.speeches].every((s) => s.record.politician_key === 'kept')).toBe(true);
  });

  test('a bad speech and a duplicate key are named by file, line and field', () => {
    const dir = join(root, 'bad');
    mkdirSync(dir);
    writeFixture(dir);
    const path = join(dir, 'speeches.jsonl');
    const lines = readFileSync(path, 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    appendFileSync(path, `${JSON.stringify({ ...JSON.parse(lines[0]), language: 'de' })}\n`);
    const read = readBundle(dir);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.issues.map(formatIssue).join('\n')).toContain(`speeches.jsonl:${lines.length + 1}: language`);

    writeFileSync(path, `${lines.join('\n')}\n${lines[0]}\n`);
    const again = readBundle(dir);
    if (!again.ok) throw new Error('the duplicate is a reference problem, not a record problem');
    expect(checkReferences(again.bundle.records, again.bundle.speechChecks).map(formatIssue)).toContain(
      `speeches.jsonl:${lines.length + 1}: key: duplicate key ${JSON.stringify(JSON.parse(lines[0]).key)} (first on line 1)`,
    );
  });
});
