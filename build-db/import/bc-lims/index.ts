// `canpol import bc-lims`: the BC Legislative Assembly's LIMS data → sessions (GraphQL
// `allSessions`), bills with readings and sponsor (progress-of-bills JSON per session id), and recorded
// divisions with positions from the sitting days' Votes and Proceedings (`bc-votes/<43rd2nd>/v<yymmdd>.htm`;
// the V&P listing's days without their file are reported). Reads `bc-bills/bc_sessions.json`,
// `bc-bills/bc_bills_<sessionId>.json`, `bc-votes/bc_vp_list_*.json`, `bc-votes/<folder>/v*.htm`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filePresent, importStats } from '../import-stats.js';
import type { Importer, ImportContext, ImportOutput, SourceInput } from '../types.js';
import { mapBill, type LimsBill } from './bills.js';
import { readSessions, sessionRecord } from './sessions.js';
import { readVotesListing } from './votes-listing.js';
import { importVpDays } from './vp-votes.js';

export const SOURCE_SYSTEM = 'bc-lims';
export const BC_TERMS =
  'Data of the Legislative Assembly of British Columbia (lims.leg.bc.ca); reuse terms unverified: no licence is stated with the data';
export const memberKey = (id: number) => `bc-lims/member/${id}`;

function readJson(from: string, file: string, ctx: ImportContext): unknown | null {
  try {
    return JSON.parse(readFileSync(join(from, file), 'utf8'));
  } catch (e) {
    ctx.skip({ file, record: 'whole file', reason: 'file is not valid JSON', detail: String(e).slice(0, 200) });
    return null;
  }
}

export function importBcLims(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ sessions: 0, bills: 0, sponsors_linked: 0, vp_files_listed: 0, vp_issues_listed: 0, divisions: 0 });
  const bills: Array<SourceInput<'bills'>> = [];
  const SESSIONS = 'bc-bills/bc_sessions.json';
  const json = filePresent(ctx, SESSIONS, join(from, SESSIONS)) ? readJson(from, SESSIONS, ctx) : null;
  const { sessions, problems } = json ? readSessions(json) : { sessions: [], problems: [] };
  for (const p of problems) ctx.skip({ file: SESSIONS, record: p.record, reason: 'session node unreadable', detail: p.detail });
  stats.sessions = sessions.length;
  const roster = ctx.identity.hasRoster('provincial', 'BC');

  const billsDir = join(from, 'bc-bills');
  for (const name of existsSync(billsDir)
    ? readdirSync(billsDir)
        .filter((f) => /^bc_bills_\d+\.json$/.test(f))
        .sort()
    : []) {
    const file = `bc-bills/${name}`;
    const id = Number(/\d+/.exec(name)![0]);
    const session = sessions.find((s) => s.id === id);
    if (!session) {
      ctx.skip({ file, record: 'whole file', reason: 'bills of a session id not in the sessions list', detail: `session id ${id}` });
      continue;
    }
    const raw = readJson(from, file, ctx);
    if (!Array.isArray(raw)) {
      if (raw !== null) ctx.skip({ file, record: 'whole file', reason: 'bills file is not an array' });
      continue;
    }
    for (const [i, b] of (raw as LimsBill[]).entries()) {
      const record = `bill ${b?.billNumber ?? `#${i + 1}`}`;
      // The sponsor: by LIMS member id when a roster with those ids is in the bundle, else by name
      // among BC members serving on the first reading.
      let sponsor: string | null = null;
      if (Number.isInteger(b?.memberId)) sponsor = ctx.identity.canonical(memberKey(b.memberId!));
      if (!sponsor && b?.memberAlias && roster) {
        const r = ctx.identity.resolve(SOURCE_SYSTEM, {
          name: b.memberAlias,
          on: b.firstReading ?? null,
          level: 'provincial',
          province: 'BC',
        });
        sponsor = r.key;
      }
      const mapped = mapBill(b ?? {}, session, sponsor);
      if (!mapped.ok) {
        ctx.skip({ file, record, reason: mapped.reason, detail: mapped.detail });
        continue;
      }
      if (b.memberAlias && !sponsor)
        ctx.skip({
          file,
          record,
          reason: roster ? 'sponsor unlinked: no BC member of that name or id' : 'sponsor unlinked: no BC member roster in the bundle',
          detail: `${b.memberAlias} (LIMS member ${b.memberId ?? '?'})`,
        });
      if (sponsor) add('sponsors_linked');
      if (b.reinstated) add('bills_reinstated');
      bills.push(mapped.bill);
      add('bills');
    }
  }

  const votesDir = join(from, 'bc-votes');
  for (const name of existsSync(votesDir)
    ? readdirSync(votesDir)
        .filter((f) => /^bc_vp_list_.+\.json$/.test(f))
        .sort()
    : []) {
    const file = `bc-votes/${name}`;
    const raw = readJson(from, file, ctx);
    if (raw === null) continue;
    for (const day of readVotesListing(raw, file, ctx)) {
      add('vp_files_listed');
      add('vp_issues_listed', day.issues.length);
      if (day.folder && existsSync(join(votesDir, day.folder, day.fileName))) continue;
      ctx.skip({
        file,
        record: `${day.fileName} of ${day.date ?? '?'} (Votes and Proceedings No. ${day.issues.join(', ') || '?'})`,
        reason: 'sitting day listed; its Votes and Proceedings file is not in the dataset',
        detail: day.url ?? 'no file named',
      });
    }
  }
  const votes = importVpDays(from, sessions, ctx, add, new Set(bills.map((b) => `${b.session_key} ${b.bill_number}`)));

  return {
    records: { sessions: sessions.map(sessionRecord), bills, ...(votes.length ? { votes } : {}) },
    sources: [
      { id: 'bc-lims', version: `${sessions.length} sessions, ${bills.length} bills`, url: 'https://lims.leg.bc.ca/', licence: BC_TERMS },
    ],
    coverage: [
      {
        jurisdiction: 'BC',
        ...(bills.length ? { bills: 'partial' as const } : {}),
        ...(votes.length ? { votes: 'partial' as const } : {}),
        source_urls: {
          bills: 'https://lims.leg.bc.ca/pdms/bills/progress-of-bills/',
          votes_and_proceedings: 'https://lims.leg.bc.ca/pdms/votes-and-proceedings/',
        },
        notes: `BC bills: ${bills.length} bills of ${new Set(bills.map((b) => b.session_key)).size} session(s) from LIMS progress-of-bills; BC divisions: ${votes.length} from ${stats.vp_files_read ?? 0} Votes and Proceedings day file(s) with each member's position (${stats.divisions_refused ?? 0} refused: names not adding up to the printed totals), of ${stats.vp_files_listed} day(s) the V&P listing names. Terms of the BC data: unverified (no licence stated).`,
      },
    ],
    stats,
  };
}

export const bcLimsImporter: Importer = {
  kind: SOURCE_SYSTEM,
  summary: 'BC LIMS JSON and V&P HTML (sessions, progress of bills, Votes and Proceedings) → sessions, bills, votes',
  datasetDir: 'provincial-samples',
  terms: { commercial: 'unverified', summary: BC_TERMS },
  run: importBcLims,
};
