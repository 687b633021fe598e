// The parlinfo-parliamentarians pack (one JSON line per person with a seat since 1993-10-25) built
// from the ParlInfo person profiles in the cache, each run. A profile that cannot be read leaves the
// last pack in place (the source is then stale); ParlInfo's own error answer saved as a person's file
// is reported and left out, as the datasets pack left it out.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { writeFileAtomic } from '../cache-state.js';
import type { FileOutcome } from '../fetch-file.js';
import { extractPerson, parlinfoError, type PackLine } from './extract.js';
import { unwrapJsonp } from './jsonp.js';
import { PROFILE_PATH } from './people-files.js';
import { pythonJson } from './python-json.js';

/** The file the parlinfo-parliamentarians importer reads (its PEOPLE_FILE). */
export const PARLINFO_PACK = 'parlinfo-people-1993-2020.jsonl.gz';

export function assembleParlinfoPack(
  dir: string,
  datasetDir: string,
  files: FileOutcome[],
): { output: string | null; changed: boolean; problems: string[]; notes: string[] } {
  const prefix = `${datasetDir}/`;
  const profiles = files.map((f) => ({ f, rel: f.file.slice(prefix.length) })).filter(({ rel }) => PROFILE_PATH.test(rel));
  if (!profiles.length) return { output: null, changed: false, problems: ['no person profile listed: pack not built'], notes: [] };
  const problems: string[] = [];
  const notes: string[] = [];
  const lines: Array<{ order: string; line: PackLine }> = [];
  for (const { f, rel } of profiles) {
    const id = PROFILE_PATH.exec(rel)![1];
    const path = join(dir, rel);
    if (!existsSync(path)) {
      problems.push(`${rel}: not in the cache (${f.result})`);
      continue;
    }
    let text: string;
    try {
      text = gunzipSync(readFileSync(path)).toString('utf8');
    } catch (err) {
      problems.push(`${rel}: not gzip: ${(err as Error).message}`);
      continue;
    }
    const { value, problem } = unwrapJsonp(text);
    if (problem) {
      problems.push(`${rel}: ${problem}`);
      continue;
    }
    const error = parlinfoError(value);
    if (error) {
      notes.push(`${rel}: ParlInfo answered an error for person ${id}, left out (${error.slice(0, 160)})`);
      continue;
    }
    let line: PackLine | null;
    try {
      line = extractPerson(value);
    } catch (err) {
      problems.push(`${rel}: ${(err as Error).message}`);
      continue;
    }
    if (!line) continue;
    if (String(line.PersonId) !== id) {
      problems.push(`${rel}: Person.PersonId ${line.PersonId} differs from the file's person ${id}`);
      continue;
    }
    // The upstream files' order (git sorts tree entries bytewise: `10002?callback=1` < `1001?…` < `100?…`), which the datasets pack kept.
    lines.push({ order: `${id}?callback=1`, line });
  }
  if (problems.length)
    return {
      output: null,
      changed: false,
      problems: [...problems, `pack not rebuilt: ${problems.length} of ${profiles.length} profile(s) unusable`],
      notes,
    };
  lines.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  const body = gzipSync(`${lines.map((x) => pythonJson(x.line)).join('\n')}\n`, { level: 9 });
  const out = join(dir, PARLINFO_PACK);
  const same = existsSync(out) && readFileSync(out).equals(body);
  if (!same) writeFileAtomic(out, body);
  return { output: PARLINFO_PACK, changed: !same, problems: [], notes };
}
