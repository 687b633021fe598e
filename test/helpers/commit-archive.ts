// A repository's archive at a commit as codeload.github.com serves it: a gzipped tar whose members
// sit under one top folder `<repo>-<commit>/`, written with node-tar from files laid out on disk.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { create } from 'tar';

/** `files`: repository paths and their bytes. */
export function commitArchive(repo: string, commit: string, files: Iterable<[string, Buffer | string]>): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'canpol-archive-'));
  try {
    const top = `${repo}-${commit}`;
    for (const [path, body] of files) {
      const to = join(dir, top, path);
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, body);
    }
    const tar = join(dir, 'archive.tar');
    create({ file: tar, cwd: dir, sync: true, portable: true }, [top]);
    return gzipSync(readFileSync(tar));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
