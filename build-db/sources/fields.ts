// Field validators shared by every source schema. Each carries one message naming what is expected,
// so a build error reads "field: must be ..." whatever rule failed.
import * as v from 'valibot';
import { isCalendarDate } from '../../src/core/domain/dates.js';
import { PROVINCES } from '../../src/core/domain/enums.js';

export const text = (max = 10_000) =>
  v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty'), v.maxLength(max, `must be at most ${max} characters`));

export const optionalText = (max = 10_000) => v.optional(v.nullable(text(max)), null);

export const key = () =>
  v.pipe(
    v.string('must be a string'),
    v.regex(/^[^\s][^\n\r]{0,299}$/, 'must be a natural key: 1-300 characters, no line breaks, no leading space'),
  );

export const optionalKey = () => v.optional(v.nullable(key()), null);

export const date = () => v.pipe(v.string('must be a date YYYY-MM-DD'), v.check(isCalendarDate, 'must be a date YYYY-MM-DD'));

export const optionalDate = () => v.optional(v.nullable(date()), null);

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** ISO 8601 with a zone; normalised to UTC, second precision, `Z` (decisions 1). */
export const timestamp = () =>
  v.pipe(
    v.string('must be an ISO 8601 timestamp with a zone, e.g. 2024-05-01T13:00:00Z'),
    v.check(
      (s) => TIMESTAMP.test(s) && isCalendarDate(s.slice(0, 10)) && !Number.isNaN(Date.parse(s)),
      'must be an ISO 8601 timestamp with a zone, e.g. 2024-05-01T13:00:00Z',
    ),
    v.transform((s) => new Date(s).toISOString().replace(/\.\d{3}Z$/, 'Z')),
  );

export const optionalTimestamp = () => v.optional(v.nullable(timestamp()), null);

export const province = () => v.picklist(PROVINCES, `must be one of ${PROVINCES.join(', ')}`);

export const optionalProvince = () => v.optional(v.nullable(province()), null);

export const picklist = <const T extends readonly string[]>(values: T) => v.picklist(values, `must be one of ${values.join(', ')}`);

export const count = () =>
  v.pipe(v.number('must be a whole number >= 0'), v.integer('must be a whole number >= 0'), v.minValue(0, 'must be a whole number >= 0'));

export const optionalCount = () => v.optional(v.nullable(count()), null);

export const url = () =>
  v.pipe(
    v.string('must be a URL'),
    v.check((s) => URL.canParse(s) || s.startsWith('/'), 'must be an absolute URL or a path starting with /'),
  );

export const optionalUrl = () => v.optional(v.nullable(url()), null);

export const bool = (fallback: boolean) => v.optional(v.boolean('must be true or false'), fallback);

export const latitude = () =>
  v.optional(
    v.nullable(
      v.pipe(v.number('must be a number'), v.minValue(-90, 'must be between -90 and 90'), v.maxValue(90, 'must be between -90 and 90')),
    ),
    null,
  );
export const longitude = () =>
  v.optional(
    v.nullable(
      v.pipe(
        v.number('must be a number'),
        v.minValue(-180, 'must be between -180 and 180'),
        v.maxValue(180, 'must be between -180 and 180'),
      ),
    ),
    null,
  );

/** `<source_set>/<slug>`, both lower-case kebab (spec, Boundary). */
export const constituencyId = () =>
  v.pipe(v.string('must be a string'), v.regex(/^[a-z0-9-]{1,200}\/[a-z0-9-]{1,200}$/, 'must be <source_set>/<slug>, each [a-z0-9-]+'));
