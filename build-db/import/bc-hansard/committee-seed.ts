// The committee seed list (bc-committee-meetings-seed.json) names BC committee transcript URLs with
// their dates in the file names, but holds no transcript text. No speech is made up from it: each
// meeting is reported as skipped, and the list is counted in the import stats.
import { existsSync, readFileSync } from 'node:fs';
import type { ImportContext } from '../types.js';

export const SEED_FILE = 'bc-committee-meetings-seed.json';

interface Seed {
  parliament?: number;
  session?: number;
  committees?: Record<string, { transcript_urls?: unknown }>;
}

// ".../Committees/43rd2nd/fgs/20260225am-Finance-Victoria-Blues.htm"
const MEETING_URL = /\/Committees\/(\d+)(?:st|nd|rd|th)(\d+)(?:st|nd|rd|th)\/([^/]+)\/(\d{8})(am|pm)-[^/]+\.html?$/i;

export function readCommitteeSeed(path: string, ctx: ImportContext): Record<string, number> {
  if (!existsSync(path)) return {};
  let seed: Seed;
  try {
    seed = JSON.parse(readFileSync(path, 'utf8')) as Seed;
  } catch (e) {
    ctx.skip({ file: SEED_FILE, record: 'whole file', reason: 'committee seed is not valid JSON', detail: String(e) });
    return {};
  }
  const stats: Record<string, number> = { committee_seed_committees: 0, committee_seed_meetings: 0 };
  for (const [code, committee] of Object.entries(seed.committees ?? {})) {
    stats.committee_seed_committees++;
    const urls = Array.isArray(committee?.transcript_urls) ? committee.transcript_urls : [];
    for (const url of urls) {
      const m = typeof url === 'string' ? MEETING_URL.exec(url) : null;
      if (!m) {
        ctx.skip({ file: SEED_FILE, record: `${code}: ${String(url)}`, reason: 'committee seed entry is not a transcript URL' });
        continue;
      }
      stats.committee_seed_meetings++;
      const session = `committee_seed_meetings_${m[1]}_${m[2]}`;
      stats[session] = (stats[session] ?? 0) + 1;
      ctx.skip({
        file: SEED_FILE,
        record: url as string,
        reason: 'committee transcript not in the dataset',
        detail: `${code} meeting of ${m[4].slice(0, 4)}-${m[4].slice(4, 6)}-${m[4].slice(6)} ${m[5]}`,
      });
    }
  }
  return stats;
}
