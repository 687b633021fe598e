// `canpol import ns-hansard`: Nova Scotia Hansard pages (nslegislature.ca, one HTML page a sitting,
// stored as assembly-<A>-session-<S>/house_<YYmonDD>.htm as the site names them) → speeches, and
// recorded divisions with every member's position. A roll that does not add up to the Clerk's count
// is refused and reported. Speakers and voters are linked among Nova Scotia members serving that day,
// when a Nova Scotia roster is in the bundle (speakers by their profile slug first).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import { importStats } from '../import-stats.js';
import type { ImportContext, Importer, ImportOutput, SourceInput } from '../types.js';
import { readNsDivisions } from './divisions.js';
import { unlinkedReason } from '../identity.js';
import { nsSpeechRecords } from './speeches.js';
import { readNsSitting } from './turns.js';
import { firstFileOfSitting } from '../sitting-files.js';

const SESSION_DIR = /^assembly-(\d+)-session-(\d+)$/;
// The site's names: "house_26feb24" (24 February 2026), a part letter ("house_24feb27a") or a copy
// suffix ("house_26mar25-0", which the listing dates 26 March: the page's own date wins).
const SITTING_FILE = /^house_(\d{2})([a-z]{3})(\d{2})(?:[a-z]|-\d+)?\.html?$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "house_26feb24" → "2026-02-24" (YYmonDD; Hansard online since 1994: 94-99 are the 1900s). */
export function sittingDate(file: string): string | null {
  const m = SITTING_FILE.exec(file);
  const month = m ? MONTHS.indexOf(m[2]) + 1 : 0;
  if (!m || !month || Number(m[3]) < 1 || Number(m[3]) > 31) return null;
  const yy = Number(m[1]);
  return `${yy >= 94 ? 1900 + yy : 2000 + yy}-${String(month).padStart(2, '0')}-${m[3]}`;
}

export function importNsHansard(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({
    sittings: 0,
    speeches: 0,
    speeches_linked: 0,
    presiding_turns: 0,
    divisions: 0,
    divisions_refused: 0,
    positions: 0,
    positions_linked: 0,
  });
  const votes: Array<SourceInput<'votes'>> = [];
  const speeches: Array<SourceInput<'speeches'>> = [];
  const seen = new Map<string, string>();
  const sessions = new Map<string, SourceInput<'sessions'>>();
  const roster = ctx.identity.hasRoster('provincial', 'NS');
  for (const dir of readdirSync(from)
    .filter((d) => SESSION_DIR.test(d) && statSync(join(from, d)).isDirectory())
    .sort()) {
    const [, assembly, session] = SESSION_DIR.exec(dir)!.map(Number);
    const sessionKey = `ns/session/${assembly}-${session}`;
    for (const name of readdirSync(join(from, dir))
      .filter((f) => SITTING_FILE.test(f))
      .sort()) {
      const file = `${dir}/${name}`;
      const html = readFileSync(join(from, file), 'utf8');
      const sitting = readNsSitting(html);
      const date = sitting.date ?? sittingDate(name);
      if (!date) {
        ctx.skip({ file, record: 'whole file', reason: 'sitting with no date on the page or in the file name' });
        continue;
      }
      if (!firstFileOfSitting(seen, date, file, ctx)) continue;
      add('sittings');
      const known = sessions.get(sessionKey);
      if (!known || date < known.start_date)
        sessions.set(sessionKey, {
          key: sessionKey,
          level: 'provincial',
          province_territory: 'NS',
          parliament_number: assembly,
          session_number: session,
          name: `${assembly}th General Assembly, Session ${session}`,
          start_date: date,
        });
      const url = sitting.url ?? `https://nslegislature.ca/legislative-business/hansard-debates/${dir}/${name.replace(/\.html?$/, '')}`;
      for (const text of sitting.unattributed)
        ctx.skip({ file, record: text.slice(0, 80), reason: 'text after a heading with no speaker: not a speech' });
      const said = nsSpeechRecords({ ...sitting, date }, { file, sessionKey, url }, ctx, add);
      speeches.push(...said);
      add('speeches', said.length);
      add('presiding_turns', said.filter((r) => r.is_presiding).length);
      const { divisions, refused } = readNsDivisions(html);
      for (const r of refused) {
        add('divisions_refused');
        ctx.skip({
          file,
          record: r.question ?? 'a division',
          reason: "division refused: the roll does not add up to the Clerk's count",
          detail: r.reason,
        });
      }
      divisions.forEach((d, i) => {
        const position = (raw: string, side: 'yea' | 'nay') => {
          add('positions');
          let key: string | null = null;
          if (roster) {
            const r = ctx.identity.resolve('ns-hansard', { name: raw, on: date, level: 'provincial', province: 'NS' });
            key = r.key;
            if (r.key !== null) add('positions_linked');
            else
              ctx.skip({
                file,
                record: `${d.question ?? 'division'}: ${raw}`,
                reason: unlinkedReason('voter', r.reason, 'Nova Scotia members'),
              });
          } else
            ctx.skip({
              file,
              record: `${d.question ?? 'division'}: ${raw}`,
              reason: 'voter unlinked: no Nova Scotia roster in the bundle',
            });
          return { politician_key: key, politician_name_raw: raw, position: side };
        };
        votes.push({
          key: `ns/vote/${assembly}-${session}/${date}/${i + 1}`,
          session_key: sessionKey,
          bill_number: d.bill,
          vote_type: 'division',
          occurred_at: wallClockTimestamp(date, (d.minutes ?? 0) * 60, 'NS'),
          // The Speaker's word when printed, else the Clerk's count decides.
          result: d.result ?? (d.yeas.length > d.nays.length ? 'passed' : d.yeas.length < d.nays.length ? 'defeated' : 'tied'),
          ayes: d.yeas.length,
          nays: d.nays.length,
          motion_text: d.question,
          source_system: 'ns-hansard',
          source_url: url,
          positions: [...d.yeas.map((n) => position(n, 'yea')), ...d.nays.map((n) => position(n, 'nay'))],
        });
        add('divisions');
      });
    }
  }
  return {
    records: { votes, speeches, sessions: [...sessions.values()] },
    sources: [
      {
        id: 'ns-hansard',
        version: `${stats.sittings} sitting(s)`,
        url: 'https://nslegislature.ca/legislative-business/hansard-debates',
        licence: 'Nova Scotia House of Assembly (terms of reuse not verified)',
      },
    ],
    coverage:
      votes.length || speeches.length
        ? [
            {
              jurisdiction: 'NS',
              ...(speeches.length ? { hansard: 'partial' as const } : {}),
              ...(votes.length ? { votes: 'partial' as const } : {}),
              source_urls: { hansard: 'https://nslegislature.ca/legislative-business/hansard-debates' },
              notes: `Nova Scotia Hansard: ${stats.sittings} sitting(s), ${stats.speeches_linked} of ${stats.speeches} speeches linked to a member; divisions: ${votes.length} from the YEAS/NAYS rolls checked against the Clerk's count (${stats.divisions_refused} refused).`,
            },
          ]
        : [],
    stats,
  };
}

export const nsHansardImporter: Importer = {
  kind: 'ns-hansard',
  summary: "Nova Scotia Hansard HTML → speeches and recorded divisions (YEAS/NAYS rolls, the Clerk's count)",
  datasetDir: 'ns-hansard',
  optional: 'not in the shared datasets: fetched by the nightly (source ns-hansard, 10 s apart per the crawl delay)',
  run: importNsHansard,
};
