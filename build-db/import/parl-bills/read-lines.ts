// bills_metadata.jsonl.gz: one JSON object per line, `{ session, bill, source_path, metadata_xml }`,
// the XML being the upstream metadata.xml byte for byte. The file is read line by line from the
// unzipped bytes (230 MB of XML: one slice decoded at a time, never one giant string).
import { gunzipSync } from 'node:zlib';

export const BILLS_FILE = 'bills_metadata.jsonl.gz';

export interface BillLine {
  line: number;
  /** "44-1", as the wrapper names it (checked against the XML later). */
  session: string | null;
  bill: string | null;
  xml: string;
}

export interface LineProblem {
  line: number;
  session: string | null;
  bill: string | null;
  reason: string;
  detail: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Every non-blank line, as a bill line or a problem (bad JSON, no XML). */
export function* readLines(gz: Buffer): Generator<BillLine | LineProblem> {
  const bytes = gunzipSync(gz);
  let start = 0;
  for (let line = 1; start < bytes.length; line++) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const raw = bytes.toString('utf8', start, end).trim();
    start = end + 1;
    if (!raw) continue;
    let obj: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
      obj = parsed as Record<string, unknown>;
    } catch (e) {
      yield {
        line,
        session: null,
        bill: null,
        reason: 'line is not a JSON object',
        detail: `${(e as Error).message}: ${raw.slice(0, 80)}`,
      };
      continue;
    }
    const session = str(obj.session);
    const bill = str(obj.bill);
    const xml = str(obj.metadata_xml);
    if (!xml) {
      yield { line, session, bill, reason: 'line without metadata_xml', detail: Object.keys(obj).join(', ') };
      continue;
    }
    yield { line, session, bill, xml };
  }
}

export const isProblem = (x: BillLine | LineProblem): x is LineProblem => 'reason' in x;

/** How a skipped record is named in the report: "line 12 (44-1 C-11)". */
export const recordName = (line: number, session: string | null, bill: string | null) => `line ${line} (${session ?? '?'} ${bill ?? '?'})`;
