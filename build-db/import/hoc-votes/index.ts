// `canpol import hoc-votes`: the House's vote list and vote detail exports (fetched by the nightly,
// build-db/fetch/discover/index-list.ts) → one vote per recorded division with every member's
// position, voters linked by their House PersonId (`ca-hoc/person/<PersonId>`) through ctx.identity,
// else by name and riding on the day. Where the Hansard importer also read the division, the record
// with more positions is kept (build-db/import/reconcile.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { importStats } from '../import-stats.js';
import { readParticipants, readVoteList, type ListedDivision } from './read-exports.js';

const SESSION_DIR = /^(\d{1,2})-(\d)$/;
export const VOTERS = 'hoc-votes voters';
const MOTION_MAX = 2000;

function resultOf(d: ListedDivision): 'passed' | 'defeated' | 'tied' | null {
  const r = (d.result ?? '').toLowerCase();
  if (r === 'agreed to') return 'passed';
  if (r === 'negatived') return 'defeated';
  if (r === 'tie') return 'tied';
  return null;
}

export function importHocVotes(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats();
  const votes: Array<SourceInput<'votes'>> = [];
  const sessions = existsSync(from)
    ? readdirSync(from)
        .filter((d) => SESSION_DIR.test(d))
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    : [];
  if (!sessions.length) ctx.log(`${from}: no vote exports (hoc-votes/<parliament>-<session>/votes.xml)`);
  for (const dir of sessions) {
    const listFile = join(dir, 'votes.xml');
    if (!existsSync(join(from, listFile))) {
      ctx.skip({ file: listFile, record: 'whole file', reason: 'file missing' });
      continue;
    }
    const [, p, s] = SESSION_DIR.exec(dir)!;
    const { divisions, problems } = readVoteList(readFileSync(join(from, listFile), 'utf8'));
    for (const pr of problems) ctx.skip({ file: listFile, ...pr });
    for (const d of divisions) {
      const record = `division ${d.number}`;
      const result = resultOf(d);
      if (!result) {
        ctx.skip({ file: listFile, record, reason: 'unknown result name', detail: d.result ?? '(empty)' });
        continue;
      }
      const date = d.at.slice(0, 10);
      const [hh, mm, ss] = d.at.slice(11, 19).split(':').map(Number);
      const detailFile = join(dir, `${d.number}.xml`);
      const positions: NonNullable<SourceInput<'votes'>['positions']> = [];
      if (existsSync(join(from, detailFile))) {
        const seen = new Set<string>();
        for (const m of readParticipants(readFileSync(join(from, detailFile), 'utf8'))) {
          if (!m.position) {
            ctx.skip({ file: detailFile, record: `${record}: ${m.name || '?'}`, reason: 'participant with no yea, nay or paired flag' });
            continue;
          }
          if (!m.name) {
            ctx.skip({ file: detailFile, record, reason: 'participant without a name' });
            continue;
          }
          const r = ctx.identity.resolve(VOTERS, {
            key: m.personId && /^\d+$/.test(m.personId) ? `ca-hoc/person/${m.personId}` : null,
            name: m.name,
            constituency: m.constituency,
            on: date,
          });
          let key = r.key;
          if (key && seen.has(key)) {
            ctx.skip({
              file: detailFile,
              record: `${record}: ${m.name}`,
              reason: 'second position for one politician: left unlinked',
              detail: key,
            });
            key = null;
          }
          if (key) seen.add(key);
          else add('positions_unlinked');
          positions.push({
            politician_key: key,
            politician_name_raw: m.name,
            party_at_time: m.caucus,
            constituency_at_time: m.constituency,
            position: m.position,
          });
        }
        add('divisions_with_positions');
      } else add('divisions_without_detail');
      const motion = d.subject ? (d.subject.length > MOTION_MAX ? `${d.subject.slice(0, MOTION_MAX - 1)}…` : d.subject) : null;
      votes.push({
        key: `ca-hoc/vote/${p}-${s}/${d.number}`,
        session_key: `ca/session/${p}-${s}`,
        bill_number: d.bill ? d.bill.toUpperCase() : null,
        vote_type: 'division',
        occurred_at: wallClockTimestamp(date, (hh || 0) * 3600 + (mm || 0) * 60 + (ss || 0), 'federal'),
        result,
        ayes: d.yeas,
        nays: d.nays,
        motion_text: motion,
        source_system: 'hoc-votes',
        source_url: `https://www.ourcommons.ca/members/en/votes/${p}/${s}/${d.number}`,
        positions,
      });
      add('divisions');
      add('positions', positions.length);
    }
  }
  ctx.log(`${votes.length} divisions, ${stats.positions ?? 0} positions (${stats.positions_unlinked ?? 0} unlinked)`);
  return {
    records: { votes },
    sources: [
      {
        id: 'hoc-votes',
        version: 'fetched',
        url: 'https://www.ourcommons.ca/members/en/votes',
        licence: "© House of Commons; reproduction permitted for non-commercial use with attribution (Speaker's permission)",
      },
    ],
    coverage: [],
    stats,
  };
}

export const hocVotesImporter: Importer = {
  kind: 'hoc-votes',
  summary: "House of Commons vote list and vote detail exports → divisions with every member's position",
  datasetDir: 'hoc-votes',
  optional: 'fetched by the nightly (config/sources.manifest.json hoc-votes); no copy in the shared datasets',
  run: importHocVotes,
};
