// A set's `feature_rules` (manifest.json: upstream's naming and filtering of its features, described
// in words) as functions, checked against the set's own attributes. The forms upstream uses:
//   - the name from one attribute ("property WARD_NAME", optionally capitalised, em dashes, both, quote repaired),
//   - several attributes joined ("properties A and B joined by ' - '"),
//   - a fixed prefix and a number ("'Ward ' followed by property WARD"),
//   - a value for one feature and another for the rest ("'South Ward' for the feature with OBJECTID 35, otherwise 'North Ward'"),
//   - filters: an attribute non-empty, equal to a value, two attributes equal to values, or naming one
//     municipality of a bilingual name list;
//   - prose ("a custom naming function upstream (district name from the attributes)"): the attribute
//     the prose names if the file has it, else the one text attribute that is non-empty and different
//     for every feature kept (name-like field names first, English before French), capitalised when
//     the prose says so or the values are all capitals. The attribute chosen is reported.
// A rule that is none of these, or names an attribute the file lacks, cannot be applied: the set is
// not imported and the import fails naming it, unless the operator skips it (--skip-boundary-sets).
import type { Props } from './read-shapefile.js';

export type Namer = (p: Props) => string | null;
export type Keeper = (p: Props) => boolean;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v).trim() || null);

/** The file's field for a rule's property name; DBF field names differ in case from the rules' (NB 2006: PED_NAME_E). */
function field(fields: readonly string[], key: string): string | null {
  return fields.includes(key) ? key : (fields.find((k) => k.toLowerCase() === key.toLowerCase()) ?? null);
}

/** "whitespace tidied and capitalised as a name": ARM RIVER-WATROUS → Arm River-Watrous. */
export const titleCase = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/(^|[\s\-—'.(/])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/** "hyphens between place names written as em dashes": Chester-St. Margaret's → Chester—St. Margaret's. */
export const emDashes = (s: string) => s.replace(/\s*(--|-|–)\s*/g, '—');

type Form<T> = [RegExp, (m: RegExpExecArray, f: (key: string) => string) => T];

// Each form gets the rule's match and `f`, which maps a property name to the file's field (or throws
// the missing name, caught below as "cannot be applied").
const NAME_FORMS: Array<Form<Namer>> = [
  [
    /^'([^']*)' followed by property (\w+)$/,
    (m, f) => {
      const k = f(m[2]);
      return (p) => (str(p[k]) ? `${m[1]}${str(p[k])}` : null);
    },
  ],
  [
    /^property (\w+)$/,
    (m, f) => {
      const k = f(m[1]);
      return (p) => str(p[k]);
    },
  ],
  [
    /^property (\w+)(?: \(all capitals\))?, (?:whitespace tidied and )?capitalised as a name$/,
    (m, f) => {
      const k = f(m[1]);
      return (p) => {
        const v = str(p[k]);
        return v && titleCase(v);
      };
    },
  ],
  // upstream's dashed_attr (a set list built from definition.py): clean_attr's capitalising of an all-capitals value, then em dashes.
  [
    /^property (\w+), capitalised as a name when all capitals, hyphens between place names written as em dashes$/,
    (m, f) => {
      const k = f(m[1]);
      return (p) => {
        const v = str(p[k]);
        return v && emDashes(v === v.toUpperCase() && /\p{Lu}/u.test(v) ? titleCase(v) : v);
      };
    },
  ],
  [
    /^property (\w+), hyphens between place names written as em dashes$/,
    (m, f) => {
      const k = f(m[1]);
      return (p) => {
        const v = str(p[k]);
        return v && emDashes(v);
      };
    },
  ],
  [
    /^property (\w+) with the Windows-1252 right single quote byte replaced by an apostrophe$/,
    (m, f) => {
      const k = f(m[1]);
      return (p) => str(p[k])?.replace(/[\u0092\u2019]/g, "'") ?? null;
    },
  ],
  [
    /^the part of property (\w+) before ' \/ ' \(the English name\)$/,
    (m, f) => {
      const k = f(m[1]);
      return (p) => str(p[k])?.split(' / ')[0].trim() || null;
    },
  ],
  [
    /^properties ((?:\w+, )*\w+) and (\w+) joined by '([^']*)'$/,
    (m, f) => {
      const keys = [...m[1].split(', '), m[2]].map(f);
      return (p) => {
        const parts = keys.map((k) => str(p[k]));
        return parts.every(Boolean) ? parts.join(m[3]) : null;
      };
    },
  ],
  [
    /^'([^']*)' for the feature with (\w+) ([\w.-]+), otherwise '([^']*)'$/,
    (m, f) => {
      const k = f(m[2]);
      return (p) => (str(p[k]) === m[3] ? m[1] : m[4]);
    },
  ],
];

const KEEP_FORMS: Array<Form<Keeper>> = [
  [
    /^features where property (\w+) is non-empty$/,
    (m, f) => {
      const k = f(m[1]);
      return (p) => str(p[k]) !== null;
    },
  ],
  [
    /^features where property (\w+) equals '([^']*)'$/,
    (m, f) => {
      const k = f(m[1]);
      return (p) => str(p[k]) === m[2];
    },
  ],
  [
    /^features with (\w+) equal to ([\w.]+) and (\w+) equal to '([^']*)' only$/,
    (m, f) => {
      const a = f(m[1]),
        b = f(m[3]);
      return (p) => str(p[a]) === m[2] && str(p[b]) === m[4];
    },
  ],
  // "features whose Mun_Name is the Grand Falls / Grand-Sault municipality (backslash-separated bilingual name)"
  [
    /^features whose (\w+) is the (.+?) \/ (.+?) municipality \(backslash-separated bilingual name\)$/,
    (m, f) => {
      const k = f(m[1]);
      return (p) =>
        (str(p[k]) ?? '')
          .split('\\')
          .map((s) => s.trim())
          .some((s) => s === m[2] || s === m[3]);
    },
  ],
];

/** Upstream's custom functions that no attribute alone gives, transcribed from its set definitions.
 *  Montréal mixes borough polygons (district name empty) and district polygons. */
const TRANSCRIBED: Record<string, { name: Namer; says: string }> = {
  'country-ca-csd-2466023': {
    name: (p) => str(p.NM_DIS) ?? str(p.NM_ARON),
    says: 'NM_DIS, else NM_ARON (upstream: borough name, or district name within a borough)',
  },
};

/** Errors in a set's rule that its SOURCE.md documents, and the rule that does apply to the file. */
const ERRATA: Record<string, { name_from: string; why: string }> = {
  // SOURCE.md: "The ON 2022 DBF field names are truncated (ENGLISH_NA, FRENCH_NAM, ED_ID); the
  // upstream rule refers to ED_NAME, which this file does not have."
  'country-ca-province-on-2022': {
    name_from: 'property ENGLISH_NA, hyphens between place names written as em dashes',
    why: 'the rule names ED_NAME; the file has ENGLISH_NA (SOURCE.md)',
  },
};

/** French names where the file has them. */
const FRENCH: Record<string, Namer> = {
  'country-ca-province-on-2022': (p) => {
    const v = str(p.FRENCH_NAM);
    return v && emDashes(v);
  },
  'country-ca-csd-3506008': (p) => str(p.NAME_FR),
  'country-ca-territory-yt': (p) => str(p.FR_ELECNAM),
};

type Parsed<T> = { ok: true; fn: T } | { ok: false; reason: string } | null;

function parse<T>(forms: Array<Form<T>>, rule: string, fields: readonly string[]): Parsed<T> {
  for (const [re, make] of forms) {
    const m = re.exec(rule.trim());
    if (!m) continue;
    const missing: string[] = [];
    const fn = make(m, (key) => {
      const k = field(fields, key);
      if (!k) missing.push(key);
      return k ?? key;
    });
    return missing.length
      ? { ok: false, reason: `names ${missing.join(', ')}, which the file does not have (fields: ${fields.join(', ')})` }
      : { ok: true, fn };
  }
  return null;
}

const NAME_LIKE = /name|nom|label|^ed$|ward|district|division|elec/i;
const FRENCH_LIKE = /(^|_)fr|french|_f$|nom/i;

/** The text attribute that names every kept feature once: what a prose rule leaves to the data. */
export function inferName(fields: readonly string[], kept: Props[]): string | null {
  const ok = fields.filter((k) => {
    const values = kept.map((p) => (typeof p[k] === 'string' ? str(p[k]) : null));
    if (values.some((v) => v === null)) return false;
    if (values.some((v) => /^[-+]?[\d.,\s/]+$/.test(v!) || /^https?:/i.test(v!))) return false; // numbers, URLs
    return new Set(values).size === values.length;
  });
  const rank = (k: string) => (NAME_LIKE.test(k) ? 0 : 2) + (FRENCH_LIKE.test(k) ? 1 : 0);
  return [...ok].sort((a, b) => rank(a) - rank(b) || fields.indexOf(a) - fields.indexOf(b))[0] ?? null;
}

export interface SetRules {
  name: Namer;
  nameFr: Namer;
  keep: Keeper;
}

export type RulesResult = { ok: true; rules: SetRules; notes: string[] } | { ok: false; reason: string };

/**
 * The set's rules, applied to its fields and features (`features` are all of them: the keep rule
 * runs first, so an inferred name is unique among the features kept).
 */
export function rulesFor(
  slug: string,
  given: { name_from?: string; keep?: string } | undefined,
  fields: readonly string[],
  features: Props[] = [],
): RulesResult {
  const notes: string[] = [];
  const erratum = ERRATA[slug];
  if (erratum) notes.push(`naming rule corrected: ${erratum.why}`);
  const rules = { ...given, ...(erratum ? { name_from: erratum.name_from } : {}) };

  let keep: Keeper = () => true;
  if (rules.keep && !splitProperty(rules)) {
    const parsed = parse(KEEP_FORMS, rules.keep, fields);
    if (!parsed) return { ok: false, reason: `filter rule not understood: ${JSON.stringify(rules.keep)}` };
    if (!parsed.ok) return { ok: false, reason: `filter rule cannot be applied: ${JSON.stringify(rules.keep)} ${parsed.reason}` };
    keep = parsed.fn;
  }
  const kept = features.filter(keep);

  const rule = rules.name_from ?? '';
  let name: Namer | null = null;
  const parsed = rule ? parse(NAME_FORMS, rule, fields) : null;
  if (parsed && !parsed.ok) return { ok: false, reason: `naming rule cannot be applied: ${JSON.stringify(rule)} ${parsed.reason}` };
  if (parsed) name = parsed.fn;
  else {
    // Prose: the attribute it names, a transcribed upstream function, or the data's one naming attribute.
    const named = fields.find((k) => new RegExp(`\\b${k}\\b`).test(rule));
    const caps = /capitali[sz]ed/i.test(rule);
    const transcribed = TRANSCRIBED[slug];
    const inferred = named ?? (transcribed ? null : inferName(fields, kept));
    if (inferred) {
      const allCaps =
        kept.length > 0 &&
        kept.every((p) => {
          const v = str(p[inferred]);
          return !v || v === v.toUpperCase();
        });
      name = (p) => {
        const v = str(p[inferred]);
        return v && (caps || allCaps ? titleCase(v) : v);
      };
      notes.push(
        `naming rule ${JSON.stringify(rule || null)} is prose: ${named ? 'the attribute it names' : 'inferred from the attributes'}, ${inferred} (${named ? 'named in the rule' : `text, different for each of the ${kept.length} features kept`})${caps || allCaps ? ', capitalised as a name' : ''}`,
      );
    } else if (transcribed) {
      name = transcribed.name;
      notes.push(`naming rule ${JSON.stringify(rule)} is prose: upstream's function as transcribed, ${transcribed.says}`);
    } else {
      return {
        ok: false,
        reason: `naming rule not understood and no attribute names each feature: ${JSON.stringify(rule || null)} (fields: ${fields.join(', ')})`,
      };
    }
  }
  return { ok: true, rules: { name, nameFr: FRENCH[slug] ?? (() => null), keep }, notes };
}

/** "one boundary set per municipality: features whose property Municipali equals the municipality's name" */
export function splitProperty(rules: { keep?: string } | undefined): string | null {
  return /^one boundary set per municipality: features whose property (\w+) equals/.exec(rules?.keep ?? '')?.[1] ?? null;
}
