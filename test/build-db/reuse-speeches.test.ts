// `--reuse` and the speeches (build-db/reuse-speeches.ts): a previous file's speeches and chunk rows
// are carried over when it was built from the same speech, politician and session files and a
// sample of its rows is what this build derives; the file is then equal, table by table, to a build
// without it. Any other input, or a row this build would write differently, and they are written.
import { afterAll, describe, expect, test } from 'bun:test';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { computeChecksums } from '../../src/core/data-file/data-checksums.js';
import { tempDir } from '../helpers/fixture.js';
import { reuseBuilder } from '../helpers/reuse-builds.js';

const dir = tempDir('canpol-carry-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const now = new Date('2026-11-02T00:00:00Z');
// Speeches of several chunks each, so that chunk rowids and spans are worth checking.
const build = reuseBuilder({
  dir,
  now,
  base: (r) =>
    r.speeches.forEach((s, i) => {
      s.text = Array.from({ length: 3 + i }, (_, k) => `Paragraph ${k} of speech ${i} on housing and rail. ${'word '.repeat(250)}`).join(
        '\n\n',
      );
    }),
});
let tamperedFiles = 0;

/** Every checksum the build records (each table's rows with their types, the schema, the blobs). */
function checksums(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true });
  try {
    return Object.fromEntries(computeChecksums(db).map((c) => [`${c.kind} ${c.name}`, c.sha256]));
  } finally {
    db.close();
  }
}

const carried = (log: string[]) => log.some((m) => m.startsWith('speeches: carried over'));
const notCarried = (log: string[]) => log.find((m) => m.startsWith('speeches: not carried over'));

/** A copy of `from` changed by `sql` (the previous file as another version of the code would have
 *  written it). */
function tampered(from: string, sql: string): string {
  const path = join(dir, `tampered-${tamperedFiles++}.db`);
  copyFileSync(from, path);
  const db = new Database(path);
  db.exec(sql);
  db.close();
  return path;
}

describe('--reuse carries the speeches and chunk rows over only when they are the ones this build would write', () => {
  const first = build(null);
  const chunks = (() => {
    const db = new Database(first.out, { readonly: true });
    const n = db.prepare('SELECT count(*) FROM chunk_rows').pluck().get() as number;
    db.close();
    return n;
  })();

  test('same inputs: carried, and the file equals a build without --reuse in every checksum', () => {
    expect(chunks).toBeGreaterThan(8);
    const second = build(first.out);
    expect(carried(second.log)).toBe(true);
    expect(second.log.some((m) => m.startsWith(`speeches: carried over 4 from ${first.out} in `))).toBe(true);
    expect(second.log.some((m) => m.startsWith(`search chunks: carried over ${chunks} with the speeches`))).toBe(true);
    expect(second.log.some((m) => m.startsWith('wrote') && m.includes('search chunks'))).toBe(false);
    expect(checksums(second.out)).toEqual(checksums(build(null).out));
  });

  test('a speech changed: its file differs, so nothing is carried, and the build writes the change', () => {
    const changed = build(first.out, (r) => {
      r.speeches[2].text += ' One more sentence.';
    });
    expect(notCarried(changed.log)).toContain('its speeches.jsonl was another file');
    const db = new Database(changed.out, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM speeches WHERE text LIKE ?').pluck().get('%One more sentence.')).toBe(1);
    db.close();
  });

  test("a politician changed (a chunk row carries the speaker's is_active): not carried", () => {
    const changed = build(first.out, (r) => {
      r.politicians[0].is_active = false;
    });
    expect(notCarried(changed.log)).toContain('its politicians.jsonl was another file');
  });

  test('the same speeches split over two files: not carried from one file; carried from a build of the same two', () => {
    const splitInTwo = (sources: string) => {
      const lines = readFileSync(join(sources, 'speeches.jsonl'), 'utf8').trimEnd().split('\n');
      writeFileSync(join(sources, 'speeches.jsonl'), `${lines.slice(0, 2).join('\n')}\n`);
      writeFileSync(join(sources, 'speeches.more.jsonl'), `${lines.slice(2).join('\n')}\n`);
    };
    const split = build(first.out, undefined, splitInTwo);
    expect(notCarried(split.log)).toContain('it was built from other speeches files (speeches.jsonl)');
    // Rowids run on from one part file to the next, in name order, in both builds.
    const again = build(split.out, undefined, splitInTwo);
    expect(carried(again.log)).toBe(true);
    expect(checksums(again.out)).toEqual(checksums(split.out));
  });

  test('a previous file of another schema, without source digests, or holding other speeches than its build row says: not carried', () => {
    expect(notCarried(build(tampered(first.out, 'UPDATE build SET schema_version = schema_version - 1')).log)).toMatch(
      /it has schema \d+, this build \d+/,
    );
    expect(notCarried(build(tampered(first.out, 'ALTER TABLE build DROP COLUMN source_digests')).log)).toContain(
      'its build record names no source digests',
    );
    expect(notCarried(build(tampered(first.out, "UPDATE build SET source_digests = 'not json'")).log)).toContain(
      'its build record names no source digests',
    );
    expect(notCarried(build(tampered(first.out, 'DELETE FROM speeches WHERE rowid = 4')).log)).toContain(
      'it holds 3 speeches (the last at rowid 3), this build 4',
    );
    expect(notCarried(build(tampered(first.out, 'DROP VIEW chunks; DROP TABLE chunk_rows')).log)).toContain(
      'no speeches and chunk rows of this form',
    );
  });

  test('rows this build derives differently (a changed id scheme, merge or chunker): not carried, naming the row and column', () => {
    expect(notCarried(build(tampered(first.out, 'UPDATE speeches SET politician_id = NULL WHERE rowid = 2')).log)).toMatch(
      /^speeches: not carried over .* \(speech 2 \(speeches\.jsonl:2\) differs in politician_id;/,
    );
    expect(
      notCarried(
        build(tampered(first.out, 'UPDATE chunk_rows SET byte_end = byte_end - 1 WHERE speech_rowid = 3 AND chunk_index = 1')).log,
      ),
    ).toContain("speech 3 (speeches.jsonl:3)'s chunk 1 differs in byte_end");
    expect(notCarried(build(tampered(first.out, 'DELETE FROM chunk_rows WHERE speech_rowid = 1 AND chunk_index = 0')).log)).toMatch(
      /speech 1 \(speeches\.jsonl:1\) has \d+ chunks there, \d+ with this build's chunker/,
    );
    expect(notCarried(build(tampered(first.out, 'UPDATE chunk_rows SET rowid = 100000 - rowid')).log)).toContain(
      'chunks are not at consecutive rowids',
    );
    // The first speech's chunks moved last, each still after the one before: the order rule broken.
    const firstSpeech = 'SELECT id FROM speeches ORDER BY spoken_at, key LIMIT 1';
    expect(
      notCarried(build(tampered(first.out, `UPDATE chunk_rows SET rowid = rowid + 100000 WHERE speech_id = (${firstSpeech})`)).log),
    ).toContain('chunks are not in (spoken_at, key) order there');
  });
});
