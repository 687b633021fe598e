// JSON written as Python's `json.dumps(value, ensure_ascii=False)` writes it (", " and ": "
// separators, text as UTF-8): the form of the datasets' ParlInfo pack, so the pack the nightly
// assembles is byte-for-byte the reference pack when the records are the same, and a difference
// between the two is a difference in the records. Strings are escaped as JSON.stringify escapes them
// (quote, backslash, control characters: the same escapes Python writes).

export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not JSON: ${value}`);
    // Python writes 1.0 where JavaScript writes 1; the ParlInfo fields kept are integers, dates and text.
    return JSON.stringify(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`)
      .join(', ')}}`;
  throw new Error(`not JSON: ${typeof value}`);
}
