// `canpol import openparliament-fixtures`: openparliament.ca's fixture of 179 politicians (around
// 2010) with their elected-member records (riding, party, dates, sessions) → politicians, for the
// other spellings of names openparliament keeps (`alternate_name`: "bob rae") and as one more
// source of seats. Sessions and parties of the fixture are read by other importers (hoc-hansard).
//   - key `openparliament/politician/<pk>`; joined to a known politician by name and riding/dates.
//   - each elected-member record is one seat, cut per Parliament like ParlInfo's; a record still open
//     in the fixture stays open in the Parliament then sitting (the build closes it).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ottawaDay } from '../../sources/merge-politicians.js';
import { claimPerson, type ClaimMethod } from '../people/claim.js';
import { caucusName, federalPartyRecord } from '../people/federal-parties.js';
import { loadFederalRidings } from '../people/federal-ridings.js';
import { parliamentSpans, splitByParliament } from '../people/seat-terms.js';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { filePresent, importStats } from '../import-stats.js';

export const POLITICIANS_FILE = 'politicians.json';
export const RIDINGS_FILE = 'ridings.json';
export const PARTIES_FILE = 'parties.json';

type Term = NonNullable<SourceInput<'politicians'>['terms']>[number];
interface Fixture {
  model: string;
  pk: number | string;
  fields: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const dated = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

export function importOpenparliament(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats();
  const read = (file: string): Fixture[] => {
    const path = join(from, file);
    if (!filePresent(ctx, file, path)) return [];
    try {
      const rows = JSON.parse(readFileSync(path, 'utf8')) as unknown;
      if (!Array.isArray(rows)) throw new Error('not a JSON array');
      return rows as Fixture[];
    } catch (e) {
      ctx.skip({ file, record: 'whole file', reason: 'unreadable file', detail: (e as Error).message });
      return [];
    }
  };
  const fixtures = read(POLITICIANS_FILE);
  const ridingNames = new Map(read(RIDINGS_FILE).map((r) => [String(r.pk), str(r.fields.name_en)]));
  const partyNames = new Map(read(PARTIES_FILE).map((r) => [String(r.pk), str(r.fields.short_name_en) ?? str(r.fields.name_en)]));
  const members = fixtures.filter((f) => f.model === 'core.electedmember');
  const vintage =
    members
      .flatMap((m) => [dated(m.fields.start_date), dated(m.fields.end_date)])
      .filter((d): d is string => !!d)
      .sort()
      .at(-1) ?? '2010-01-01';
  const info = new Map<string, Map<string, string[]>>();
  for (const f of fixtures.filter((x) => x.model === 'core.politicianinfo')) {
    const who = String(f.fields.politician),
      schema = str(f.fields.schema),
      value = str(f.fields.value);
    if (!schema || !value) continue;
    const m = info.get(who) ?? new Map<string, string[]>();
    m.set(schema, [...(m.get(schema) ?? []), value]);
    info.set(who, m);
  }
  const ridings = loadFederalRidings(dirname(from));
  const spans = parliamentSpans();

  const politicians: Array<SourceInput<'politicians'>> = [];
  const parties = new Map<string, SourceInput<'parties'>>();
  for (const p of fixtures.filter((f) => f.model === 'core.politician')) {
    const name = str(p.fields.name);
    const record = `politician ${p.pk}${name ? ` ${name}` : ''}`;
    if (!name) {
      ctx.skip({ file: POLITICIANS_FILE, record, reason: 'politician without a name' });
      continue;
    }
    const terms: Term[] = [];
    for (const m of members.filter((x) => String(x.fields.politician) === String(p.pk))) {
      const start = dated(m.fields.start_date);
      const riding = ridingNames.get(String(m.fields.riding)) ?? null;
      if (!start || !riding) {
        ctx.skip({
          file: POLITICIANS_FILE,
          record: `electedmember ${m.pk} (${name})`,
          reason: 'elected member without a start date or a known riding',
        });
        continue;
      }
      const printed = partyNames.get(String(m.fields.party));
      const party = printed ? caucusName(printed) : null;
      if (party) {
        const rec = federalPartyRecord(party);
        parties.set(rec.key, rec);
      }
      for (const piece of splitByParliament({ start, end: dated(m.fields.end_date) }, spans, vintage)) {
        const r = ridings.riding(riding, piece.parliament);
        terms.push({
          start_at: ottawaDay(piece.start),
          end_at: piece.end ? ottawaDay(piece.end) : null,
          elected_office: 'MP',
          party,
          parliament_number: piece.parliament,
          constituency_id: r.id,
          constituency_name: r.name,
        });
      }
    }
    if (!terms.length) {
      ctx.skip({ file: POLITICIANS_FILE, record, reason: 'politician without a seat in the fixture (a candidate only)' });
      continue;
    }
    terms.sort((a, b) => a.start_at.localeCompare(b.start_at));
    const latest = terms.at(-1)!;
    const extra = info.get(String(p.pk));
    const claimed = claimPerson(
      ctx.identity,
      {
        name,
        other_names: (extra?.get('alternate_name') ?? []).filter((n) => n.toLowerCase() !== name.toLowerCase()),
        first_name: str(p.fields.name_given),
        last_name: str(p.fields.name_family),
        party: latest.party ?? null,
        elected_office: 'MP',
        level: 'federal',
        constituency_id: latest.constituency_id ?? null,
        constituency_name: latest.constituency_name ?? null,
        is_active: terms.some((t) => t.end_at === null),
        updated_at: `${vintage}T00:00:00Z`,
        terms,
      },
      [`openparliament/politician/${p.pk}`],
      ctx,
      { file: POLITICIANS_FILE, record },
    );
    add(`people_joined_by_${claimed.method}` as `people_joined_by_${ClaimMethod}`);
    politicians.push(claimed.politician);
  }
  stats.politicians = politicians.length;
  ctx.log(`${politicians.length} politicians (fixture of ${vintage})`);
  return {
    records: { politicians, parties: [...parties.values()] },
    sources: [
      {
        id: 'openparliament-fixtures',
        version: `michaelmulley/openparliament fixtures (${vintage})`,
        url: 'https://github.com/michaelmulley/openparliament',
        licence: 'openparliament.ca compilation of House of Commons information (code AGPL-3.0)',
      },
    ],
    coverage: [],
    stats,
  };
}

export const openparliamentImporter: Importer = {
  kind: 'openparliament-fixtures',
  summary: 'openparliament.ca fixture politicians (~2010) → politicians with other name spellings',
  datasetDir: 'openparliament-fixtures',
  run: importOpenparliament,
};
