// Wikidata's entity JSON (`https://www.wikidata.org/wiki/Special:EntityData/Q….json`):
// `{ entities: { Q…: { id, labels, claims: { P…: [statement] } } } }`, each statement
// `{ mainsnak: { snaktype, datavalue: { value, type } }, rank, qualifiers: { P…: [snak] } }`.
// Only what the importers read is typed; anything else in the file is ignored.

export interface Snak {
  snaktype?: string;
  property?: string;
  datavalue?: { value?: unknown; type?: string };
}

export interface Statement {
  mainsnak?: Snak;
  rank?: 'preferred' | 'normal' | 'deprecated';
  qualifiers?: Record<string, Snak[]>;
}

export interface Entity {
  id: string;
  labels: Record<string, { value?: string }>;
  claims: Record<string, Statement[]>;
}

const QID = /^Q[1-9]\d*$/;

/** The one entity of an EntityData file, or why the file is not one. */
export function readEntity(text: string): { entity: Entity } | { problem: string } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { problem: `not JSON: ${(err as Error).message}` };
  }
  const entities = (doc as { entities?: Record<string, unknown> } | null)?.entities;
  if (!entities || typeof entities !== 'object') return { problem: 'no "entities" object' };
  const list = Object.values(entities) as Array<Partial<Entity> & { missing?: unknown }>;
  if (list.length !== 1) return { problem: `${list.length} entities, expected one` };
  const e = list[0];
  if (typeof e?.id !== 'string' || !QID.test(e.id)) return { problem: 'entity without a Q id' };
  if ('missing' in e) return { problem: `${e.id} is missing (deleted on Wikidata)` };
  return { entity: { id: e.id, labels: e.labels ?? {}, claims: e.claims ?? {} } };
}

/** Statements of a property that say something (a value, not deprecated). */
export const statements = (e: Entity, property: string): Statement[] =>
  (e.claims[property] ?? []).filter((s) => s.rank !== 'deprecated' && s.mainsnak?.snaktype === 'value');

/** A string value (external ids, usernames, URLs). */
export const stringValue = (s: Statement): string | null => {
  const v = s.mainsnak?.datavalue?.value;
  return typeof v === 'string' ? v : null;
};

/** An item value's Q id. */
export const itemValue = (s: Statement): string | null => {
  const v = s.mainsnak?.datavalue?.value as { id?: unknown } | undefined;
  return typeof v?.id === 'string' ? v.id : null;
};

/** A time qualifier (P580 start, P582 end) as YYYY-MM-DD; null when absent or less precise than a day
 *  (Wikidata writes a year as `+2015-00-00T00:00:00Z`, precision 9). */
export function qualifierDay(s: Statement, property: string): string | null {
  const v = s.qualifiers?.[property]?.find((q) => q.snaktype === 'value')?.datavalue?.value as
    | { time?: unknown; precision?: unknown }
    | undefined;
  if (typeof v?.time !== 'string') return null;
  const m = /^\+(\d{4})-(\d{2})-(\d{2})T/.exec(v.time);
  if (!m || m[2] === '00' || m[3] === '00' || (typeof v.precision === 'number' && v.precision < 11)) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** Whether a qualifier is present at all (an end time of "unknown value" still ends it). */
export const hasQualifier = (s: Statement, property: string) => (s.qualifiers?.[property] ?? []).length > 0;

/** The English label, else the French one. */
export const label = (e: Entity): string | null => e.labels.en?.value ?? e.labels.fr?.value ?? null;
