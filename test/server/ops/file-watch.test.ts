// When the replacement watch decides to reload: a new identity seen on two polls in a row.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReplacementDetector, fileIdentity } from '../../../src/server/ops/file-watch.js';

const dir = mkdtempSync(join(tmpdir(), 'canpol-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a rename over the path changes the identity; a missing file has none', () => {
  const path = join(dir, 'data.db');
  writeFileSync(path, 'a');
  const first = fileIdentity(path);
  writeFileSync(join(dir, 'next.db'), 'a'); // same size and content: only the inode tells
  renameSync(join(dir, 'next.db'), path);
  expect(fileIdentity(path)).not.toBe(first);
  expect(fileIdentity(join(dir, 'absent.db'))).toBeNull();
});

test('reload once a new identity holds for a whole interval, not while it keeps changing', () => {
  const d = createReplacementDetector('A');
  expect(d.poll('A')).toBe(false);
  expect(d.poll('B1')).toBe(false); // changed: wait
  expect(d.poll('B2')).toBe(false); // still being written
  expect(d.poll('B2')).toBe(true); // settled
  expect(d.poll('B2')).toBe(false); // served now
  expect(d.poll(null)).toBe(false); // gone between an unlink and a rename
  expect(d.poll('C')).toBe(false);
  expect(d.poll('C')).toBe(true);
});

test('a reload for another reason (SIGHUP) sets what is served, so the watch does not repeat it', () => {
  const d = createReplacementDetector('A');
  expect(d.poll('B')).toBe(false);
  d.served = 'B';
  expect(d.poll('B')).toBe(false);
  expect(d.poll('A')).toBe(false);
  expect(d.poll('A')).toBe(true);
});
