// A speech's row in the speeches table, derived from its source record in one place: the writer
// (write-database.ts) inserts it, and the carry-over check (reuse-speeches.ts) derives it again for
// a sample of speeches, to compare with a previous file's rows.
import type { Located } from './sources/files.js';
import { ids } from './ids.js';

export type SpeechRecord = Located<'speeches'>['record'];

/** The ids a speech's keys resolve to, as this build writes them. */
export interface SpeechRefs {
  sessionId(key: string): string | undefined;
  politicianId(key: string | null): string | null;
}

export type SpeechValues = Record<string, string | number | null>;

export const INSERT_SPEECH_SQL = `INSERT INTO speeches VALUES (@id, @key, @session_id, @politician_id, @speaker_name_raw, @speaker_role, @party_at_time, @spoken_at, @speaker_kind, @language, @level, @province_territory, @speech_type, @is_presiding, @text, @source_url, @source_anchor, @source_system, @meeting_url, @order_of_business, @subject, @committee_name, @sequence, @is_draft)`;

export function speechRow(record: SpeechRecord, refs: SpeechRefs): SpeechValues {
  const { session_key: sessionKey, politician_key: politicianKey, ...fields } = record;
  return {
    ...fields,
    id: ids.speech(record.key),
    session_id: sessionKey === null ? null : (refs.sessionId(sessionKey) ?? null),
    politician_id: refs.politicianId(politicianKey),
    is_presiding: record.is_presiding ? 1 : 0,
    is_draft: record.is_draft ? 1 : 0,
  };
}
