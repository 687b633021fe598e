// ParlInfo's person profiles are JSONP: `/**/ typeof 1 === 'function' && 1({...});` (the answer to
// `GetPersonWebProfile/<id>?callback=1`). The object inside is plain JSON.

/** The JSON object a JSONP body wraps, or what is wrong with it (the caller names the file). */
export function unwrapJsonp(text: string): { value: unknown; problem: null } | { value: null; problem: string } {
  const body = text.replace(/^\uFEFF/, '').trim();
  // The callback's name is whatever the request asked for (`1`, `jQuery3310…`): any identifier or number.
  const m = /^(?:\/\*\*\/\s*)?(?:typeof\s+[\w$.]+\s*===\s*'function'\s*&&\s*)?([\w$.]+)\(/.exec(body);
  if (!m) return { value: null, problem: 'not JSONP: no callback call at the start' };
  const end = body.replace(/;\s*$/, '');
  if (!end.endsWith(')')) return { value: null, problem: `not JSONP: the call to ${m[1]}( is not closed (truncated?)` };
  try {
    return { value: JSON.parse(end.slice(m[0].length, -1)), problem: null };
  } catch (err) {
    return { value: null, problem: `the JSON inside the JSONP does not parse: ${(err as Error).message}` };
  }
}
