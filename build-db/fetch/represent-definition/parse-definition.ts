// Reads Open North's boundary set definitions (`definition.py` in opennorth/represent-canada-data):
// each calls `boundaries.register(name, domain=…, last_updated=date(…), name_func=…, …)`. Only the
// Python that those files use is understood: string literals (quotes, triple quotes, r/u prefixes,
// escapes, adjacent literals joined), numbers, `date(y, m, d)`, dicts and lists of those, `'…' % var`
// (a set registered in a loop), names, and any other expression (lambdas, `boundaries.attr('X')`)
// kept as canonical token text for the rule translator. Nothing is executed. Problems are returned.

export type Token = { t: 'str'; v: string } | { t: 'num'; v: number } | { t: 'name'; v: string } | { t: 'op'; v: string };

export type PyValue =
  | { kind: 'str'; value: string }
  | { kind: 'num'; value: number }
  | { kind: 'date'; value: string }
  | { kind: 'dict'; value: Record<string, PyValue> }
  | { kind: 'list'; value: PyValue[] }
  /** `'%s wards' % name`: a string filled in by the loop that registers several sets. */
  | { kind: 'template'; value: string }
  | { kind: 'ref'; value: string }
  /** Anything else (a lambda, `boundaries.attr('X')`): its tokens as canonical text. */
  | { kind: 'expr'; value: string; tokens: Token[] };

export interface Registration {
  name: PyValue;
  args: Record<string, PyValue>;
}

export interface Definition {
  registrations: Registration[];
  /** Top-level `def name(f): …` bodies, as canonical token text (for `name_func=namer`). */
  functions: Record<string, { text: string; tokens: Token[] }>;
}

export type ParseResult = { ok: true; definition: Definition } | { ok: false; reason: string };

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\n': '',
};

function unescapeString(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[\s\S])/g, (all, e: string) => {
    if (/^[xuU]/.test(e) && e.length > 1) return String.fromCodePoint(parseInt(e.slice(1), 16));
    return ESCAPES[e] ?? all; // Python keeps an unknown escape as written (\D stays \D)
  });
}

const OPS = ['**', '//', '==', '!=', '<=', '>=', '->', '+=', '-='];

/** Python tokens, comments and line structure dropped (the definitions are one call per statement). */
export function tokenize(src: string): { ok: true; tokens: Token[] } | { ok: false; reason: string } {
  const out: Token[] = [];
  let i = 0;
  const line = () => src.slice(0, i).split('\n').length;
  while (i < src.length) {
    const c = src[i];
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (/\s/.test(c) || (c === '\\' && src[i + 1] === '\n')) {
      i++;
      continue;
    }
    const str = /^([rRuUbB]{0,2})('''|"""|'|")/.exec(src.slice(i, i + 5));
    if (str && (str[1] === '' || /[rRuUbB]/.test(c))) {
      const raw = /r/i.test(str[1]);
      const quote = str[2];
      let j = i + str[0].length;
      let body = '';
      for (;;) {
        if (j >= src.length) return { ok: false, reason: `line ${line()}: string not closed` };
        if (src.startsWith(quote, j)) break;
        if (quote.length === 1 && src[j] === '\n') return { ok: false, reason: `line ${line()}: string not closed on its line` };
        if (src[j] === '\\') {
          body += src.slice(j, j + 2);
          j += 2;
          continue;
        }
        body += src[j++];
      }
      out.push({ t: 'str', v: raw ? body : unescapeString(body) });
      i = j + quote.length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i, i + 200));
    if (name) {
      out.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    const num = /^\d[\d_]*(?:\.\d+)?/.exec(src.slice(i, i + 50));
    if (num) {
      out.push({ t: 'num', v: Number(num[0].replace(/_/g, '')) });
      i += num[0].length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i)) ?? c;
    if (!/[-+*/%=<>!()[\]{}:,.@&|^~;]/.test(op[0]))
      return { ok: false, reason: `line ${line()}: unexpected character ${JSON.stringify(c)}` };
    out.push({ t: 'op', v: op });
    i += op.length;
  }
  return { ok: true, tokens: out };
}

/** Tokens as one line of text: strings as JSON literals, tokens separated by one space. */
export const canonical = (tokens: Token[]) => tokens.map((k) => (k.t === 'str' ? JSON.stringify(k.v) : String(k.v))).join(' ');

const isOp = (k: Token | undefined, v: string) => k?.t === 'op' && k.v === v;
const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Tokens `from` (an opening bracket) up to its closing one: the index of the closer, or -1. */
function closer(tokens: Token[], from: number): number {
  let depth = 0;
  for (let i = from; i < tokens.length; i++) {
    const k = tokens[i];
    if (k.t !== 'op') continue;
    if (OPEN[k.v]) depth++;
    else if (k.v === ')' || k.v === ']' || k.v === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Split tokens at top-level commas (a trailing comma gives no empty part). */
function splitTop(tokens: Token[], sep = ','): Token[][] {
  const parts: Token[][] = [];
  let cur: Token[] = [];
  let depth = 0;
  for (const k of tokens) {
    if (k.t === 'op' && OPEN[k.v]) depth++;
    if (k.t === 'op' && (k.v === ')' || k.v === ']' || k.v === '}')) depth--;
    if (depth === 0 && isOp(k, sep)) {
      parts.push(cur);
      cur = [];
      continue;
    }
    cur.push(k);
  }
  if (cur.length) parts.push(cur);
  return parts;
}

/** `lambda f, name=name: …` was split at its parameters' comma: join each lambda's parts up to its `:`. */
function lambdasJoined(parts: Token[][]): Token[][] {
  const out: Token[][] = [];
  for (let i = 0; i < parts.length; i++) {
    let part = parts[i];
    const at = part.findIndex((k) => k.t === 'name' && k.v === 'lambda');
    const hasColon = (p: Token[]) => p.slice(at + 1).some((k) => isOp(k, ':'));
    while (at >= 0 && !hasColon(part) && i + 1 < parts.length) part = [...part, { t: 'op', v: ',' }, ...parts[++i]];
    out.push(part);
  }
  return out;
}

export function evaluate(tokens: Token[]): PyValue {
  const expr = (): PyValue => ({ kind: 'expr', value: canonical(tokens), tokens });
  if (tokens.length && tokens.every((k) => k.t === 'str')) return { kind: 'str', value: tokens.map((k) => k.v).join('') };
  if (tokens.length === 1 && tokens[0].t === 'num') return { kind: 'num', value: tokens[0].v };
  if (tokens.length === 1 && tokens[0].t === 'name') return { kind: 'ref', value: tokens[0].v };
  const pct = tokens.findIndex((k) => isOp(k, '%'));
  if (pct > 0 && tokens.slice(0, pct).every((k) => k.t === 'str') && !tokens.some((k) => k.t === 'name' && k.v === 'lambda')) {
    return {
      kind: 'template',
      value: tokens
        .slice(0, pct)
        .map((k) => k.v)
        .join(''),
    };
  }
  if (tokens[0]?.t === 'name' && tokens[0].v === 'date' && isOp(tokens[1], '(') && closer(tokens, 1) === tokens.length - 1) {
    const nums = splitTop(tokens.slice(2, -1)).map((p) => (p.length === 1 && p[0].t === 'num' ? p[0].v : NaN));
    if (nums.length === 3 && nums.every(Number.isInteger))
      return { kind: 'date', value: `${nums[0]}-${String(nums[1]).padStart(2, '0')}-${String(nums[2]).padStart(2, '0')}` };
    return expr();
  }
  if ((isOp(tokens[0], '{') || isOp(tokens[0], '[')) && closer(tokens, 0) === tokens.length - 1) {
    const items = splitTop(tokens.slice(1, -1));
    if (isOp(tokens[0], '[')) return { kind: 'list', value: items.map(evaluate) };
    const dict: Record<string, PyValue> = {};
    for (const item of items) {
      const colon = item.findIndex((k) => isOp(k, ':'));
      const key = colon > 0 ? evaluate(item.slice(0, colon)) : null;
      if (!key || (key.kind !== 'str' && key.kind !== 'num')) return expr();
      dict[String(key.value)] = evaluate(item.slice(colon + 1));
    }
    return { kind: 'dict', value: dict };
  }
  return expr();
}

/** Top-level `def NAME(...):` blocks: the body's lines up to the next line at column 0. */
function functionsOf(src: string): Definition['functions'] {
  const out: Definition['functions'] = {};
  const lines = src.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^def\s+([A-Za-z_]\w*)\s*\(/.exec(lines[i]);
    if (!m) continue;
    const header = lines[i].slice(lines[i].indexOf(')') + 1).replace(/^\s*:/, '');
    const body: string[] = [header];
    let j = i + 1;
    for (; j < lines.length && (lines[j] === '' || /^\s/.test(lines[j]) || /^#/.test(lines[j])); j++) body.push(lines[j]);
    const t = tokenize(body.join('\n'));
    if (t.ok) out[m[1]] = { text: canonical(t.tokens), tokens: t.tokens };
    i = j - 1;
  }
  return out;
}

/** Every `boundaries.register(...)` call of a definition.py, in file order. */
export function parseDefinition(src: string): ParseResult {
  const t = tokenize(src);
  if (!t.ok) return { ok: false, reason: t.reason };
  const { tokens } = t;
  const registrations: Registration[] = [];
  for (let i = 0; i + 3 < tokens.length; i++) {
    if (
      !(
        tokens[i].t === 'name' &&
        tokens[i].v === 'boundaries' &&
        isOp(tokens[i + 1], '.') &&
        tokens[i + 2].v === 'register' &&
        isOp(tokens[i + 3], '(')
      )
    )
      continue;
    const end = closer(tokens, i + 3);
    if (end < 0) return { ok: false, reason: 'boundaries.register( is not closed' };
    const args: Record<string, PyValue> = {};
    let name: PyValue | null = null;
    for (const part of lambdasJoined(splitTop(tokens.slice(i + 4, end)))) {
      if (part[0]?.t === 'name' && isOp(part[1], '=')) args[part[0].v as string] = evaluate(part.slice(2));
      else if (!name) name = evaluate(part);
      else return { ok: false, reason: `boundaries.register: unexpected positional argument ${canonical(part)}` };
    }
    if (!name) return { ok: false, reason: 'boundaries.register without a set name' };
    registrations.push({ name, args });
    i = end;
  }
  if (!registrations.length) return { ok: false, reason: 'no boundaries.register(...) call' };
  return { ok: true, definition: { registrations, functions: functionsOf(src) } };
}
