// `canpol import qc-hansard`: the Journal des débats of the Assemblée nationale (one HTML page per
// sitting, French) → speeches in French, speakers linked to Québec members only (never a federal
// MP of the same name), presiding officers by their office and the holder the label names.
import { wallClockTimestamp } from '../../../src/core/domain/time-zones.js';
import type { SpeechType } from '../../../src/core/domain/enums.js';
import type { ImportContext, Importer, ImportOutput, SourceInput } from '../types.js';
import { importStats } from '../import-stats.js';
import { QC_REUSE, QC_TERMS, readPages } from './files.js';
import { isJournal, readSitting, readTurns, type QcSitting, type QcTurn } from './journal.js';
import { unlinkedReason } from '../identity.js';
import { firstFileOfSitting } from '../sitting-files.js';

export const QC_HANSARD_SOURCE = 'qc-hansard';

function speechType(t: QcTurn, s: QcSitting): SpeechType {
  if (s.committee) return 'committee';
  if (t.speaker.presiding) return 'presiding';
  if (t.orderOfBusiness === 'Questions et réponses orales') return 'question_period';
  if (t.orderOfBusiness === 'Déclarations de députés' || t.orderOfBusiness === 'Déclarations ministérielles') return 'statement';
  return 'floor';
}

const sessionKey = (s: QcSitting) => `qc/session/${s.legislature}-${s.session}`;

function speechRecords(
  turns: QcTurn[],
  s: QcSitting,
  file: string,
  ctx: ImportContext,
  add: (k: string, n?: number) => void,
): Array<SourceInput<'speeches'>> {
  const out: Array<SourceInput<'speeches'>> = [];
  const roster = ctx.identity.hasRoster('provincial', 'QC');
  for (const t of turns) {
    const record = `paragraph ${t.paragraph} (${t.speaker.raw})`;
    const text = t.paragraphs.join('\n\n');
    if (!text) {
      ctx.skip({ file, record, reason: 'speaker line with no text' });
      continue;
    }
    if (t.minutes === null) {
      ctx.skip({ file, record, reason: 'speech before any printed time' });
      continue;
    }
    let key: string | null = null;
    const person = t.speaker.kind === 'member' || t.speaker.kind === 'presiding';
    if (person && !roster)
      ctx.skip({
        file,
        record,
        reason: 'speaker unlinked: no Québec member roster in the bundle',
        detail: `${t.speaker.raw} on ${s.date}`,
      });
    else if (person && !t.speaker.lastName)
      ctx.skip({ file, record, reason: 'speaker unlinked: presiding officer not named', detail: `${t.speaker.raw} on ${s.date}` });
    else if (person) {
      const r = ctx.identity.resolve(QC_HANSARD_SOURCE, {
        lastName: t.speaker.lastName,
        constituency: t.speaker.riding,
        on: s.date,
        level: 'provincial',
        province: 'QC',
      });
      if (r.key === null)
        ctx.skip({
          file,
          record,
          reason: unlinkedReason('speaker', r.reason, 'Québec members'),
          detail: `${t.speaker.raw} on ${s.date}${r.detail ? `: ${r.detail}` : ''}`,
        });
      key = r.key;
      if (key) add('speeches_linked');
    }
    const sequence = out.length + 1;
    out.push({
      // A committee's meeting numbers its speeches apart from the House's sitting of the same day.
      key: s.committee ? `qc/speech/${s.date}/${s.committee.meeting ?? s.committee.name}/${sequence}` : `qc/speech/${s.date}/${sequence}`,
      session_key: sessionKey(s),
      politician_key: key,
      speaker_name_raw: t.speaker.raw,
      speaker_role: t.speaker.role,
      speaker_kind: t.speaker.kind,
      spoken_at: wallClockTimestamp(s.date, t.minutes * 60, 'QC'),
      language: 'fr',
      level: 'provincial',
      province_territory: 'QC',
      speech_type: speechType(t, s),
      is_presiding: t.speaker.presiding,
      text,
      source_url: s.url,
      source_anchor: t.anchor,
      source_system: QC_HANSARD_SOURCE,
      order_of_business: t.orderOfBusiness,
      subject: t.subject,
      ...(s.committee ? { committee_name: s.committee.name, meeting_url: s.url } : {}),
      sequence,
    });
  }
  return out;
}

export function importQcHansard(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({
    sittings: 0,
    committee_meetings: 0,
    speeches: 0,
    committee_speeches: 0,
    speeches_linked: 0,
    presiding_turns: 0,
    collective_turns: 0,
  });
  const speeches: Array<SourceInput<'speeches'>> = [];
  const sessions = new Map<string, SourceInput<'sessions'>>();
  const seen = new Map<string, string>();
  for (const page of readPages(from).filter((p) => isJournal(p.html))) {
    const s = readSitting(page.html);
    if (!s) {
      ctx.skip({ file: page.file, record: 'whole file', reason: 'no legislature, session or sitting date in the header' });
      continue;
    }
    // One House sitting a day; a committee may meet the same day (several committees, one each).
    const sitting = s.committee ? `${s.date} ${s.committee.meeting ?? s.committee.name}` : s.date;
    if (!firstFileOfSitting(seen, sitting, page.file, ctx)) continue;
    const { turns, problems } = readTurns(page.html);
    for (const p of problems)
      ctx.skip({ file: page.file, record: `paragraph ${p.paragraph}`, reason: p.reason, ...(p.detail ? { detail: p.detail } : {}) });
    const records = speechRecords(turns, s, page.file, ctx, add);
    speeches.push(...records);
    add(s.committee ? 'committee_meetings' : 'sittings');
    add(s.committee ? 'committee_speeches' : 'speeches', records.length);
    add('presiding_turns', records.filter((r) => r.is_presiding).length);
    add('collective_turns', records.filter((r) => r.speaker_kind === 'collective').length);
    // The header prints the session's opening day ("début : 29 novembre 2022").
    if (s.sessionStart && !sessions.has(sessionKey(s))) {
      sessions.set(sessionKey(s), {
        key: sessionKey(s),
        level: 'provincial',
        province_territory: 'QC',
        parliament_number: s.legislature,
        session_number: s.session,
        name: `${s.legislature}e législature, ${s.session}${s.session === 1 ? 're' : 'e'} session`,
        start_date: s.sessionStart,
      });
    }
  }
  ctx.log(
    `${speeches.length} speeches from ${stats.sittings} Québec sittings and ${stats.committee_meetings} committee meetings, ${stats.speeches_linked} linked`,
  );
  return {
    records: { speeches, ...(sessions.size ? { sessions: [...sessions.values()] } : {}) },
    sources: [
      {
        id: 'qc-journal-des-debats',
        version: [...seen.keys()].sort().join(' '),
        url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/journaux-debats.html',
        licence: QC_TERMS,
      },
    ],
    coverage: [
      {
        jurisdiction: 'QC',
        hansard: 'partial',
        ...(stats.committee_meetings ? { committees: 'partial' as const } : {}),
        source_urls: { hansard: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/journaux-debats.html' },
        notes: `Québec Journal des débats: ${stats.sittings} sitting(s) and ${stats.committee_meetings} committee meeting(s), French; ${stats.speeches_linked} of ${stats.speeches + stats.committee_speeches} speeches linked to a member.`,
      },
    ],
    stats,
  };
}

export const qcHansardImporter: Importer = {
  terms: QC_REUSE,
  kind: 'qc-hansard',
  summary: 'Assemblée nationale du Québec Journal des débats HTML (French) → speeches',
  datasetDir: 'provincial-samples/qc-hansard',
  run: importQcHansard,
};
