// `canpol import mp-twitter-handles`: a hand-kept 2022 list of MPs' Twitter/X handles → social
// records. The list has no PersonId, so each row is linked through the identity rule by name, riding
// and party among the MPs serving on the row's start date; rows it cannot link are reported with the
// raw name, never guessed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { filePresent } from '../import-stats.js';
import { readSourceNotes } from '../source-notes.js';
import { profileUrl, screenName } from './handle.js';
import { HANDLES_FILE, readHandleRows, repairBytes, type HandleRow } from './read-csv.js';
import { judgeSharedHandles } from './shared-handles.js';

export const IDENTITY_SOURCE = 'mp-twitter-handles';

export function importMpHandles(from: string, ctx: ImportContext): ImportOutput {
  const stats: Record<string, number> = { rows: 0, rows_with_handle: 0, matched: 0 };
  const path = join(from, HANDLES_FILE);
  const socials: Array<SourceInput<'socials'>> = [];
  if (filePresent(ctx, HANDLES_FILE, path)) {
    const { text, repaired, invalid } = repairBytes(readFileSync(path));
    stats.em_dashes_repaired = repaired;
    if (invalid) {
      stats.bytes_not_utf8 = invalid;
      ctx.log(`${invalid} byte(s) still not UTF-8 after repair (read as U+FFFD)`);
    }
    const rows = readHandleRows(text);
    stats.rows = rows.length;
    const skip = (row: HandleRow, reason: string, detail?: string) =>
      ctx.skip({ file: HANDLES_FILE, record: `line ${row.line}${row.name ? ` ${row.name}` : ''}`, reason, ...(detail ? { detail } : {}) });

    const candidates: Array<{ row: HandleRow; handle: string }> = [];
    for (const row of rows) {
      if (!row.name) {
        skip(row, 'row without a name');
        continue;
      }
      if (!row.screenName) {
        skip(row, 'row without a handle');
        continue;
      }
      const handle = screenName(row.screenName);
      if (!handle) {
        skip(row, 'handle not a valid screen name', row.screenName);
        continue;
      }
      candidates.push({ row, handle });
    }
    stats.rows_with_handle = candidates.length;

    const verdicts = judgeSharedHandles(candidates);
    const seen = new Set<string>();
    for (const { row, handle } of candidates) {
      const verdict = verdicts.get(row)!;
      if (!verdict.keep) {
        skip(row, verdict.others ? 'handle listed for several MPs' : 'row repeated', `@${handle}`);
        continue;
      }
      const who = ctx.identity.resolve(IDENTITY_SOURCE, {
        name: row.name,
        lastName: row.lastName || null,
        constituency: row.riding || null,
        party: row.party || null,
        on: row.startDate,
      });
      if (who.key === null) {
        skip(
          row,
          who.reason === 'ambiguous' ? 'politician ambiguous' : 'politician not matched',
          `${row.name} (${row.riding || 'no riding'}, ${row.party || 'no party'}, from ${row.startDate ?? '?'}) @${handle}`,
        );
        continue;
      }
      const k = `${who.key} ${handle.toLowerCase()}`;
      if (seen.has(k)) {
        skip(row, 'row repeated', `@${handle} already linked to ${who.key}`);
        continue;
      }
      seen.add(k);
      stats.matched++;
      // The list says nothing about whether an account still exists; live until a check says not.
      socials.push({ politician_key: who.key, platform: 'twitter', handle, url: profileUrl(handle), is_live: true });
    }
    // Share of rows with a usable handle that were linked, in percent (the report also has the tally).
    stats.match_rate_percent = candidates.length ? Math.round((stats.matched / candidates.length) * 1000) / 10 : 0;
    ctx.log(`${stats.matched}/${candidates.length} rows with a handle linked to a politician (${stats.match_rate_percent}%)`);
  }

  const notes = readSourceNotes(from);
  return {
    records: { socials },
    sources: [
      {
        id: 'mp-twitter-handles-2022',
        version: notes.commit ?? 'unknown',
        ...(notes.repository ? { url: `https://github.com/${notes.repository}` } : {}),
        licence: 'CC0 1.0',
      },
    ],
    coverage: [],
    stats,
  };
}

export const mpHandlesImporter: Importer = {
  kind: 'mp-twitter-handles',
  summary: "MPs' Twitter/X handles (2022 list), linked to politicians by name and riding",
  datasetDir: 'mp-twitter-handles-2022',
  run: importMpHandles,
};
