// A set's `feature_rules` (manifest.json, upstream's naming and filtering described in words) as
// functions. The common phrasings are parsed, so a new set written the same way needs no code; the
// few upstream "custom functions" are written out below, keyed by set slug. A rule that is neither
// leaves the set unimported with the reason reported.
import type { Props } from './read-shapefile.js';

export type Namer = (p: Props) => string | null;
export type Keeper = (p: Props) => boolean;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v).trim() || null);

/** A property by the rule's name; DBF field names differ in case from the rules' (NB 2006: PED_NAME_E). */
function prop(p: Props, key: string): unknown {
  if (key in p) return p[key];
  const lower = key.toLowerCase();
  const found = Object.keys(p).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : p[found];
}

/** "whitespace tidied and capitalised as a name": ARM RIVER-WATROUS → Arm River-Watrous. */
export const titleCase = (s: string) =>
  s.replace(/\s+/g, ' ').trim().toLowerCase().replace(/(^|[\s\-—'.(/])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/** "hyphens between place names written as em dashes": Chester-St. Margaret's → Chester—St. Margaret's. */
export const emDashes = (s: string) => s.replace(/\s*(--|-|–)\s*/g, '—');

const NAME_FORMS: Array<[RegExp, (m: RegExpExecArray) => Namer]> = [
  [/^'([^']*)' followed by property (\w+)$/, (m) => (p) => (str(prop(p, m[2])) ? `${m[1]}${str(prop(p, m[2]))}` : null)],
  [/^property (\w+)$/, (m) => (p) => str(prop(p, m[1]))],
  [/^property (\w+)(?: \(all capitals\))?, (?:whitespace tidied and )?capitalised as a name$/, (m) => (p) => { const v = str(prop(p, m[1])); return v && titleCase(v); }],
  [/^property (\w+), hyphens between place names written as em dashes$/, (m) => (p) => { const v = str(prop(p, m[1])); return v && emDashes(v); }],
  [/^property (\w+) with the Windows-1252 right single quote byte replaced by an apostrophe$/, (m) => (p) => str(prop(p, m[1]))?.replace(/[\u0092\u2019]/g, "'") ?? null],
  [/^the part of property (\w+) before ' \/ ' \(the English name\)$/, (m) => (p) => str(prop(p, m[1]))?.split(' / ')[0].trim() || null],
];

const KEEP_FORMS: Array<[RegExp, (m: RegExpExecArray) => Keeper]> = [
  [/^features where property (\w+) is non-empty$/, (m) => (p) => str(prop(p, m[1])) !== null],
  [/^features where property (\w+) equals '([^']*)'$/, (m) => (p) => str(prop(p, m[1])) === m[2]],
  [/^features with (\w+) equal to ([\w.]+) and (\w+) equal to '([^']*)' only$/, (m) => (p) => str(prop(p, m[1])) === m[2] && str(prop(p, m[3])) === m[4]],
];

/** Upstream's custom functions (manifest: "a custom naming function upstream"), and rules whose
 *  property the file does not have (ON 2022's DBF truncates field names to 10 characters). */
const CUSTOM_NAMES: Record<string, Namer> = {
  // OBJECTID 35 is the south ward of Grand Falls (manifest rule).
  'ca-nb-wards': (p) => (Number(p.OBJECTID) === 35 ? 'South Ward' : 'North Ward'),
  'country-ca-csd-1102080': (p) => str(p.WARD_NAME) ?? str(p.NAME),
  // Borough polygons have an empty district name.
  'country-ca-csd-2466023': (p) => str(p.NM_DIS) ?? str(p.NM_ARON),
  // "Otonabee Ward 1": the ward name as written.
  'country-ca-csd-3515014': (p) => { const v = str(p.WARDNAME); return v && titleCase(v); },
  'country-ca-province-sk-2002': (p) => { const v = str(p.CON_NAME); return v && emDashes(titleCase(v)); },
  'country-ca-territory-nt-2013': (p) => str(p.ED),
  'country-ca-province-on-2022': (p) => { const v = str(p.ENGLISH_NA); return v && emDashes(v); },
};

const CUSTOM_KEEP: Record<string, Keeper> = {
  // "the Grand Falls / Grand-Sault municipality (backslash-separated bilingual name)"
  'ca-nb-wards': (p) => str(p.Mun_Name)?.split('\\')[0].trim() === 'Grand Falls',
};

/** French name where the file has one. */
const FRENCH: Record<string, Namer> = {
  'country-ca-province-on-2022': (p) => { const v = str(p.FRENCH_NAM); return v && emDashes(v); },
  'country-ca-csd-3506008': (p) => str(p.NAME_FR),
  'country-ca-territory-yt': (p) => str(p.FR_ELECNAM),
};

function parse<T>(forms: Array<[RegExp, (m: RegExpExecArray) => T]>, rule: string): T | null {
  for (const [re, make] of forms) {
    const m = re.exec(rule.trim());
    if (m) return make(m);
  }
  return null;
}

export interface SetRules { name: Namer; nameFr: Namer; keep: Keeper }

export type RulesResult = { ok: true; rules: SetRules } | { ok: false; reason: string };

export function rulesFor(slug: string, rules: { name_from?: string; keep?: string } | undefined): RulesResult {
  const name = CUSTOM_NAMES[slug] ?? (rules?.name_from ? parse(NAME_FORMS, rules.name_from) : null);
  if (!name) return { ok: false, reason: `naming rule not understood: ${JSON.stringify(rules?.name_from ?? null)}` };
  let keep: Keeper | null = () => true;
  if (CUSTOM_KEEP[slug]) keep = CUSTOM_KEEP[slug];
  else if (rules?.keep && !/^one boundary set per municipality/.test(rules.keep)) keep = parse(KEEP_FORMS, rules.keep);
  if (!keep) return { ok: false, reason: `filter rule not understood: ${JSON.stringify(rules?.keep)}` };
  return { ok: true, rules: { name, nameFr: FRENCH[slug] ?? (() => null), keep } };
}

/** "one boundary set per municipality: features whose property Municipali equals the municipality's name" */
export function splitProperty(rules: { keep?: string } | undefined): string | null {
  return /^one boundary set per municipality: features whose property (\w+) equals/.exec(rules?.keep ?? '')?.[1] ?? null;
}
