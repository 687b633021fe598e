// A query parameter's valibot schema (src/server/http/params.ts helpers) → its OpenAPI 3.1 / JSON Schema,
// read off the schema objects themselves so the document cannot disagree with the validation.
// The parameters are schemas over the raw query string, so the pipe is read in order: string rules
// (pattern, lengths, enums) describe the wire value until a transform; a transform after a
// numeric-only pattern makes the value a number, and the min/max that follow are its bounds.
import { isCalendarDate } from '../../core/domain/dates.js';

export type JsonSchema = Record<string, unknown>;

/** The parts of valibot's schema and action objects this reader looks at (valibot 1.x). */
interface Node {
  kind: string;
  type: string;
  wrapped?: Node;
  default?: unknown;
  pipe?: Node[];
  options?: readonly string[];
  requirement?: unknown;
  message?: unknown;
  metadata?: { items?: Node; maxItems?: number };
}

export interface ParamDoc {
  schema: JsonSchema;
  required: boolean;
  /** The validation message (what a 400 says), used in the parameter's description. */
  rule: string | null;
  /** An array parameter: items given comma-separated in one value. */
  isArray: boolean;
  /** Enum values are matched case-insensitively (a to-upper/lower-case step precedes them). */
  caseInsensitive: boolean;
}

const NUMERIC_PROBES = { accepts: ['5', '-5', '+5'], rejects: ['a', '', '5a'] };

/** A pattern that admits only numbers (the int/number helpers), and whether it admits fractions. */
function numericPattern(re: RegExp): 'integer' | 'number' | null {
  if (!NUMERIC_PROBES.accepts.every((s) => re.test(s)) || NUMERIC_PROBES.rejects.some((s) => re.test(s))) return null;
  return re.test('0.5') ? 'number' : 'integer';
}

/** A pattern that admits exactly the UUID shape (not merely 36 hex digits and dashes in any order). */
function isUuidPattern(re: RegExp): boolean {
  return (
    re.test('6d72ba14-c173-5a5a-9056-45c05184c685') &&
    !re.test('6d72ba14c1735a5a905645c05184c685----') &&
    !re.test('6d72ba14-c173-5a5a-9056-45c05184c68')
  );
}

/** JSON Schema patterns have no flags: a case-insensitive hex class is spelled out. */
function patternOf(re: RegExp): string {
  return re.flags.includes('i') ? re.source.replaceAll('a-f', 'a-fA-F') : re.source;
}

function readPipe(node: Node): Omit<ParamDoc, 'required'> {
  if (node.type === 'picklist') {
    return {
      schema: { type: 'string', enum: [...node.options!] },
      rule: typeof node.message === 'string' ? node.message : null,
      isArray: false,
      caseInsensitive: false,
    };
  }
  const out: JsonSchema = { type: 'string' };
  let rule: string | null = null;
  let numeric: 'integer' | 'number' | null = null;
  let transformed = false;
  let caseInsensitive = false;
  for (const step of node.pipe ?? [node]) {
    if (rule === null && typeof step.message === 'string') rule = step.message;
    switch (step.type) {
      case 'metadata':
        if (step.metadata?.items) {
          const item = readPipe(step.metadata.items);
          return {
            schema: { type: 'array', items: item.schema, minItems: 1, maxItems: step.metadata.maxItems, uniqueItems: true },
            rule: ruleOf(node) ?? item.rule,
            isArray: true,
            caseInsensitive: item.caseInsensitive,
          };
        }
        break;
      case 'regex': {
        const re = step.requirement as RegExp;
        const kind = transformed ? null : numericPattern(re);
        if (kind) numeric = kind;
        else if (!transformed) {
          if (isUuidPattern(re)) out.format = 'uuid';
          out.pattern = patternOf(re);
          if (re.flags.includes('i')) caseInsensitive = true;
        }
        break;
      }
      case 'min_length':
        if (!transformed) out.minLength = step.requirement;
        break;
      case 'max_length':
        if (!transformed) out.maxLength = step.requirement;
        break;
      case 'to_upper_case':
      case 'to_lower_case':
        caseInsensitive = true;
        break;
      case 'picklist':
        if (!transformed) out.enum = [...step.options!];
        break;
      case 'check':
        if (step.requirement === isCalendarDate) out.format = 'date';
        break;
      case 'transform':
        transformed = true;
        break;
      case 'min_value':
        if (numeric) out.minimum = step.requirement;
        break;
      case 'max_value':
        if (numeric) out.maximum = step.requirement;
        break;
    }
  }
  if (numeric) {
    // The numeric pattern is how the string is checked; the value it stands for is the number.
    delete out.pattern;
    out.type = numeric;
  }
  return { schema: out, rule, isArray: false, caseInsensitive };
}

const ruleOf = (node: Node): string | null => {
  for (const step of node.pipe ?? []) if (typeof step.message === 'string') return step.message;
  return null;
};

/** The JSON Schema of one declared query parameter, with its default as a client would send it. */
export function paramDoc(valibotSchema: unknown): ParamDoc {
  const node = valibotSchema as Node;
  const optional = node.type === 'optional';
  const inner = optional ? node.wrapped! : node;
  const doc = readPipe(inner);
  // valibot runs a default through the pipe, so the helpers give it as the raw string.
  if (optional && typeof node.default === 'string') {
    const t = doc.schema.type;
    doc.schema.default = t === 'integer' || t === 'number' ? Number(node.default) : node.default;
  }
  return { ...doc, required: !optional };
}
