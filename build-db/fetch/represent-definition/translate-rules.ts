// Upstream's name_func / id_func / is_valid_func (Python, as canonical token text from
// parse-definition.ts) → the rule forms the represent-boundaries importer reads
// (build-db/import/represent-boundaries/feature-rules.ts). Only the forms Open North's definitions
// use are translated; anything else is reported as untranslatable, and the importer then refuses
// the set naming it (docs/importers.md). Nothing is executed.
import type { PyValue } from './parse-definition.js';

export type Translated = { ok: true; rule: string; notes: string[] } | { ok: false; reason: string };

const S = '"((?:[^"\\\\]|\\\\.)*)"'; // a JSON string literal (canonical text), its content captured
const dec = (s: string): string => JSON.parse(`"${s}"`);
const GET = `f \\. get \\( ${S} \\)`; // f.get('X')
const quoted = (s: string) => `'${s}'`;

/** The body of `lambda f: BODY` (or `lambda f, name=name: BODY`, a loop's bound variable), with the bound names. */
function lambdaBody(text: string): { body: string; bound: string[] } | null {
  const m = /^lambda f((?: , \w+ = \w+)*) : (.+)$/.exec(text);
  if (!m) return null;
  return { body: m[2], bound: [...m[1].matchAll(/, (\w+) =/g)].map((x) => x[1]) };
}

/** boundaries.attr / clean_attr / dashed_attr('X'): the rule for attribute X. */
const ATTR_FUNCS: Record<string, (k: string) => string> = {
  attr: (k) => `property ${k}`,
  clean_attr: (k) => `property ${k}, whitespace tidied and capitalised as a name`,
  dashed_attr: (k) => `property ${k}, capitalised as a name when all capitals, hyphens between place names written as em dashes`,
};

function attrFunc(text: string, call = ''): string | null {
  const m = new RegExp(`^boundaries \\. (attr|clean_attr|dashed_attr) \\( ${S} \\)${call}$`).exec(text);
  return m ? ATTR_FUNCS[m[1]](dec(m[2])) : null;
}

/** A name expression on feature `f` (a lambda's body or a def's value). */
function nameExpr(body: string): string | null {
  const attr = attrFunc(body, ' \\( f \\)');
  if (attr) return attr;
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^${GET}$`).exec(body))) return `property ${dec(m[1])}`;
  // 'Ward %s' % f.get('X'), also with int(...) or %d: a fixed prefix and the value.
  if ((m = new RegExp(`^${S} % (?:int \\( ${GET} \\)|${GET})$`).exec(body))) {
    const template = dec(m[1]);
    const key = dec(m[2] ?? m[3]);
    const fill = /%[sd]$/.exec(template);
    if (fill && !/'/.test(template) && template.indexOf('%') === template.length - 2)
      return `${quoted(template.slice(0, -2))} followed by property ${key}`;
    return null;
  }
  if ((m = new RegExp(`^${GET} \\. replace \\( "\\u0092" , "'" \\)$`).exec(body)))
    return `property ${dec(m[1])} with the Windows-1252 right single quote byte replaced by an apostrophe`;
  if ((m = new RegExp(`^${GET} \\. split \\( " / " \\) \\[ 0 \\]$`).exec(body)))
    return `the part of property ${dec(m[1])} before ' / ' (the English name)`;
  if ((m = new RegExp(`^${S} if ${GET} == ([\\w.-]+) else ${S}$`).exec(body))) {
    const [a, k, v, b] = [dec(m[1]), dec(m[2]), m[3], dec(m[4])];
    if (!/'/.test(a + b)) return `${quoted(a)} for the feature with ${k} ${v}, otherwise ${quoted(b)}`;
  }
  return null;
}

/**
 * name_func: `boundaries.attr('X')` and its clean/dashed kinds, a lambda of a form above, or a
 * top-level `def` that reads one attribute and renames a few values (`n = …; if n == 'A': return
 * 'B'; return n`). The importer has no rename form: the renames are returned as notes, not applied.
 */
export function translateName(v: PyValue | undefined, functions: Record<string, { text: string }>): Translated {
  if (!v) return { ok: false, reason: 'no name_func' };
  const text = v.kind === 'expr' ? v.value : v.kind === 'ref' ? v.value : null;
  if (text === null) return { ok: false, reason: `name_func is not a function (${v.kind})` };
  const attr = attrFunc(text);
  if (attr) return { ok: true, rule: attr, notes: [] };
  const lambda = lambdaBody(text);
  if (lambda) {
    const rule = nameExpr(lambda.body);
    return rule ? { ok: true, rule, notes: [] } : { ok: false, reason: `name_func not translatable: ${text}` };
  }
  if (v.kind === 'ref') {
    const fn = functions[v.value];
    if (!fn) return { ok: false, reason: `name_func ${v.value} is not defined in the file` };
    const m = new RegExp(`^(?:import boundaries )?(\\w+) = (.+?) ((?:if \\1 == ${S} : return ${S} )*)return \\1$`).exec(fn.text);
    const rule = m ? nameExpr(m[2]) : null;
    if (!m || !rule) return { ok: false, reason: `name_func ${v.value} not translatable: def ${v.value}(f): ${fn.text}` };
    const renames = [...m[3].matchAll(new RegExp(`if \\w+ == ${S} : return ${S}`, 'g'))].map(
      (r) => `${quoted(dec(r[1]))} → ${quoted(dec(r[2]))}`,
    );
    return {
      ok: true,
      rule,
      notes: renames.length ? [`upstream renames ${renames.join(', ')} (not applied: the importer has no rename form)`] : [],
    };
  }
  return { ok: false, reason: `name_func not translatable: ${text}` };
}

/** id_func, as the words of the datasets' manifest (the importer does not read ids: informative). */
export function translateId(v: PyValue | undefined): Translated {
  if (!v) return { ok: false, reason: 'no id_func' };
  const text = v.kind === 'expr' || v.kind === 'ref' ? v.value : '';
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^boundaries \\. attr \\( ${S} \\)$`).exec(text))) return { ok: true, rule: `property ${dec(m[1])}`, notes: [] };
  const lambda = lambdaBody(text);
  const body = lambda?.body ?? '';
  if ((m = new RegExp(`^re \\. sub \\( "\\\\\\\\D\\+?" , "" , ${GET} \\)$`).exec(body)))
    return { ok: true, rule: `digits of property ${dec(m[1])}`, notes: [] };
  if ((m = new RegExp(`^re \\. sub \\( "\\\\\\\\A0" , "" , ${GET} \\)$`).exec(body)))
    return { ok: true, rule: `property ${dec(m[1])} without a leading zero`, notes: [] };
  if ((m = new RegExp(`^(?:int \\( ${GET} \\)|"%d" % ${GET})$`).exec(body)))
    return { ok: true, rule: `property ${dec(m[1] ?? m[2])} as an integer`, notes: [] };
  if ((m = new RegExp(`^${GET} \\. replace \\( "00" , "" \\)$`).exec(body)))
    return { ok: true, rule: `property ${dec(m[1])} with '00' removed (100 becomes 1)`, notes: [] };
  return { ok: false, reason: `id_func not translatable: ${text}` };
}

/**
 * is_valid_func: an attribute non-empty, equal to a value, a number and a value, or (a set
 * registered once per municipality in a loop) equal to the loop's name: one set per value.
 */
export function translateKeep(v: PyValue | undefined): Translated | null {
  if (!v) return null;
  const text = v.kind === 'expr' || v.kind === 'ref' ? v.value : '';
  const lambda = lambdaBody(text);
  if (!lambda) return { ok: false, reason: `is_valid_func not translatable: ${text}` };
  const { body, bound } = lambda;
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^${GET}$`).exec(body))) return { ok: true, rule: `features where property ${dec(m[1])} is non-empty`, notes: [] };
  if ((m = new RegExp(`^${GET} == ${S}$`).exec(body)) && !dec(m[2]).includes("'"))
    return { ok: true, rule: `features where property ${dec(m[1])} equals ${quoted(dec(m[2]))}`, notes: [] };
  if ((m = new RegExp(`^int \\( ${GET} \\) == ([\\d.]+) and ${GET} == ${S}$`).exec(body)) && !dec(m[4]).includes("'")) {
    return { ok: true, rule: `features with ${dec(m[1])} equal to ${m[2]} and ${dec(m[3])} equal to ${quoted(dec(m[4]))} only`, notes: [] };
  }
  if ((m = new RegExp(`^${GET} == (\\w+)$`).exec(body)) && bound.includes(m[2])) {
    return {
      ok: true,
      rule: `one boundary set per municipality: features whose property ${dec(m[1])} equals the municipality's name`,
      notes: [],
    };
  }
  return { ok: false, reason: `is_valid_func not translatable: ${text}` };
}
