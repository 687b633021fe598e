// Query-parameter declarations. Each parameter is a valibot schema over the raw string with one
// message, so a 400 lists every bad parameter as "param: must be ...".
import * as v from 'valibot';
import { isCalendarDate } from '../../core/domain/dates.js';
import { LEVELS, PROVINCES } from '../../core/domain/enums.js';
import { invalidParameters, notFound, type ParamIssue } from '../../core/errors.js';

type Param<T> = v.GenericSchema<string | undefined, T>;
export type ParamSpec = Record<string, Param<unknown>>;
export type Params<S extends ParamSpec> = { [K in keyof S]: v.InferOutput<S[K]> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

const MAX_INT = 2_147_483_647;

function checkedInt(min: number, max: number) {
  const message = max === MAX_INT ? `must be an integer >= ${min}` : `must be an integer between ${min} and ${max}`;
  return v.pipe(v.string(), v.regex(/^[+-]?\d{1,10}$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message));
}

export function int(min: number, max: number): Param<number | undefined>;
export function int(min: number, max: number, fallback: number): Param<number>;
export function int(min: number, max: number, fallback?: number): Param<number | undefined> {
  // valibot runs a default through the pipe, so it is given as the string a client would send.
  return v.optional(checkedInt(min, max), fallback === undefined ? undefined : String(fallback));
}

export const page = () => int(1, MAX_INT, 1);
export const limit = (max: number, fallback: number) => int(1, max, fallback);

export function oneOf<const T extends readonly string[]>(values: T): Param<T[number] | undefined>;
export function oneOf<const T extends readonly string[]>(values: T, fallback: T[number]): Param<T[number]>;
export function oneOf<const T extends readonly string[]>(values: T, fallback?: T[number]) {
  return v.optional(v.picklist(values, `must be one of ${values.join(', ')}`), fallback);
}

export const text = (min: number, max: number) =>
  v.optional(
    v.pipe(v.string(), v.minLength(min, `must be ${min}-${max} characters`), v.maxLength(max, `must be ${min}-${max} characters`)),
  );

export const uuid = () => v.optional(v.pipe(v.string(), v.regex(UUID, 'must be a UUID'), v.toLowerCase()));

export const level = () => oneOf(LEVELS);

export const province = () =>
  v.optional(
    v.pipe(v.string(), v.toUpperCase(), v.picklist(PROVINCES, `must be a 2-letter province or territory code (${PROVINCES.join(', ')})`)),
  );

export const date = () => v.optional(v.pipe(v.string(), v.check(isCalendarDate, 'must be a date YYYY-MM-DD')));

export const bool = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.string(),
      v.picklist(['true', 'false', '1', '0'], 'must be true, false, 1 or 0'),
      v.transform((s) => s === 'true' || s === '1'),
    ),
    fallback ? 'true' : 'false',
  );

/** Every issue of every parameter in one 400; a known parameter given twice is an issue too. */
export function parseParams<S extends ParamSpec>(
  query: Record<string, string[]>,
  spec: S,
  ranges: Array<[from: keyof S & string, to: keyof S & string]> = [],
  /** Parameters documented as arrays: repeated values are joined with commas, not an error. */
  arrays: ReadonlyArray<keyof S & string> = [],
): Params<S> {
  const issues: ParamIssue[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(spec)) {
    const values = arrays.includes(name) && query[name]?.length ? [query[name].join(',')] : query[name];
    if (values && values.length > 1) {
      issues.push({ param: name, message: 'must be given once' });
      continue;
    }
    const result = v.safeParse(schema, values?.[0]);
    if (result.success) out[name] = result.output;
    else issues.push({ param: name, message: result.issues[0].message });
  }
  for (const [from, to] of ranges) {
    if (typeof out[from] === 'string' && typeof out[to] === 'string' && (out[from] as string) > (out[to] as string)) {
      issues.push({ param: to, message: `must not be before ${from}` });
    }
  }
  if (issues.length) throw invalidParameters(issues);
  return out as Params<S>;
}

/** A path id: malformed ids are 404 `not_found` like unknown ones (spec Errors, decisions 2). */
export function pathId(value: string | undefined, what: string): string {
  if (!value || !isUuid(value)) throw notFound(`${what} ${JSON.stringify(value ?? '')}`);
  return value.toLowerCase();
}

/** A path id that must name an existing record, for sub-resources (`/bills/{id}/events`). */
export function existingId(value: string | undefined, what: string, exists: (id: string) => boolean): string {
  const id = pathId(value, what);
  if (!exists(id)) throw notFound(`${what} ${id}`);
  return id;
}

/** A comma-separated list of values from a closed set, e.g. `platform=twitter,bluesky`. */
export function listOf<const T extends readonly string[]>(values: T, maxLength: number) {
  const message = `must be a comma-separated list of ${values.join(', ')} (at most ${maxLength} characters)`;
  return v.optional(
    v.pipe(
      v.string(),
      // Read by the OpenAPI document (src/server/openapi/param-schema.ts): the closure below hides the items.
      v.metadata({ items: v.picklist(values), maxItems: values.length }),
      v.maxLength(maxLength, message),
      v.transform((s) => [...new Set(s.split(',').map((x) => x.trim().toLowerCase()))]),
      v.check((items) => items.every((x) => (values as readonly string[]).includes(x)), message),
      v.transform((items) => items as T[number][]),
    ),
  );
}

/** A list given as repeated parameters or comma-separated: each item checked by `item`. */
export function manyOf<T>(item: v.GenericSchema<string, T>, maxItems: number, itemHelp: string) {
  const message = `must be ${itemHelp}, or a comma-separated list of at most ${maxItems}`;
  return v.optional(
    v.pipe(
      v.string(),
      v.metadata({ items: item, maxItems }),
      v.maxLength(maxItems * 64, message),
      v.transform((s) => [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ]),
      v.check((items) => items.length >= 1 && items.length <= maxItems && items.every((x) => v.is(item, x)), message),
      v.transform((items) => items.map((x) => v.parse(item, x))),
    ),
  );
}

export const number = (min: number, max: number) => {
  const message = `must be a number between ${min} and ${max}`;
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[+-]?(\d+\.?\d*|\.\d+)$/, message),
      v.transform(Number),
      v.minValue(min, message),
      v.maxValue(max, message),
    ),
  );
};
