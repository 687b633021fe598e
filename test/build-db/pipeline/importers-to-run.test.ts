// The night's importers: a companion (qc-votes reads qc-hansard's pages) runs wherever the importer
// whose source was fetched runs, and never without it or without its folder.
import { describe, expect, test } from 'bun:test';
import { importersToRun } from '../../../build-db/pipeline/importers-to-run.js';
import { IMPORTERS } from '../../../build-db/import/registry.js';
import { repoManifest } from '../../helpers/nightly-manifest.js';

const kinds = (used: string[], present = (_: string) => true) => importersToRun(IMPORTERS, new Set(used), present).map((i) => i.kind);

describe('importersToRun', () => {
  test('qc-votes runs with qc-hansard, after qc-bills, and not alone', () => {
    expect(kinds(['qc-hansard', 'qc-bills'])).toEqual(['qc-hansard', 'qc-bills', 'qc-votes']);
    expect(kinds(['qc-hansard'])).toEqual(['qc-hansard', 'qc-votes']);
    expect(kinds(['qc-bills'])).toEqual(['qc-bills']);
    expect(kinds(['qc-hansard'], (dir) => dir !== 'provincial-samples/qc-hansard')).toEqual([]);
  });

  test("every companion's importer is named by a source of the committed manifest", () => {
    const named = new Set(repoManifest().sources.map((s) => s.importer));
    const companions = IMPORTERS.filter((i) => i.companionOf);
    expect(companions.map((i) => i.kind)).toContain('qc-votes');
    for (const i of companions) expect({ kind: i.kind, named: named.has(i.companionOf!) }).toEqual({ kind: i.kind, named: true });
  });
});
