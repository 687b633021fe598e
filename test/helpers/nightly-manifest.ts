// The repo's sources manifest cut down to a few sources (and Hansard to chosen files), so the
// fetch and pipeline tests stay fast while exercising the real configuration.
import { join } from 'node:path';
import type { SourcesManifest } from '../../build-db/fetch/manifest-types.js';
import { readManifest } from '../../build-db/fetch/read-manifest.js';

export const REPO = join(import.meta.dir, '..', '..');
export const DATASETS = join(REPO, '..', 'shared', 'datasets');
export const MANIFEST_PATH = join(REPO, 'config', 'sources.manifest.json');

export function repoManifest(): SourcesManifest {
  const read = readManifest(MANIFEST_PATH);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.manifest;
}

/** The members, handles and one Hansard sitting (42-1-2-en) with what their importers read beside them. */
export const SMALL = [
  'hoc-members-xml',
  'hoc-members-offices',
  'mp-twitter-handles',
  'hoc-hansard-xml',
  'openparliament-sessions',
  'fed-ridings-2013-directory',
  'ocd-division-ids',
];

export function subsetManifest(ids: string[] = SMALL, hansardFiles = ['42-1-2-en.xml.gz']): SourcesManifest {
  const m = repoManifest();
  return {
    ...m,
    // The loopback upstream needs no politeness; the tests that check spacing set it themselves.
    defaults: { ...m.defaults, spacing_ms: 0 },
    sources: m.sources
      .filter((s) => ids.includes(s.id))
      .map((s) => (s.id === 'hoc-hansard-xml' ? { ...s, files: s.files.filter((f) => hansardFiles.includes(f.path)) } : s)),
  };
}
