// Builds of the hand-written fixture, one after another in one folder, each with an optional
// `--reuse` file: for the tests of what a build takes over from a previous file (the speeches and
// chunk rows, the keyword index). Each build gets its own sources folder and file.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../build-db/build.js';
import { writeFixture, type FixtureRecords } from './fixture.js';

export interface ReuseBuild {
  out: string;
  log: string[];
}

export interface ReuseBuilderOptions {
  dir: string;
  now: Date;
  /** Every build's edit first (e.g. longer speeches), then the test's own. */
  base?: (r: FixtureRecords) => void;
}

/** `build(reuse, edit, then)`: the fixture (edited; `then` may change its files once written) built
 *  with `reuse`; the file and the build's progress lines. Throws on source issues. */
export function reuseBuilder({ dir, now, base }: ReuseBuilderOptions) {
  let built = 0;
  return (reuse: string | null, edit?: (r: FixtureRecords) => void, then?: (sources: string) => void): ReuseBuild => {
    const n = built++;
    const sources = join(dir, `sources-${n}`);
    mkdirSync(sources);
    writeFixture(sources, (r) => {
      base?.(r);
      edit?.(r);
    });
    then?.(sources);
    const out = join(dir, `${n}.db`);
    const log: string[] = [];
    const result = buildDataFile({ sources, out, now, reuse, onProgress: (m) => log.push(m) });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    return { out, log };
  };
}
