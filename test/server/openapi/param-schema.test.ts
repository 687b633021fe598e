// The valibot → JSON Schema reader on the parameter helpers themselves, including cases no route
// uses today (a required parameter, an opaque check), so a new route's parameter reads correctly.
import { describe, expect, test } from 'bun:test';
import * as v from 'valibot';
import { bool, date, int, limit, listOf, manyOf, number, oneOf, page, province, text, uuid } from '../../../src/server/http/params.js';
import { paramDoc } from '../../../src/server/openapi/param-schema.js';

describe('paramDoc', () => {
  test('integers and numbers: the numeric pattern becomes the type, the bounds its minimum and maximum', () => {
    expect(paramDoc(int(1, 15, 6)).schema).toEqual({ type: 'integer', minimum: 1, maximum: 15, default: 6 });
    expect(paramDoc(int(1, 10)).schema).toEqual({ type: 'integer', minimum: 1, maximum: 10 });
    expect(paramDoc(page()).rule).toBe('must be an integer >= 1');
    expect(paramDoc(limit(100, 50)).required).toBe(false);
    expect(paramDoc(number(-145, -50)).schema).toEqual({ type: 'number', minimum: -145, maximum: -50 });
  });

  test('strings, enums, dates, UUIDs, booleans', () => {
    expect(paramDoc(text(3, 8)).schema).toEqual({ type: 'string', minLength: 3, maxLength: 8 });
    expect(paramDoc(oneOf(['a', 'b'] as const, 'b')).schema).toEqual({ type: 'string', enum: ['a', 'b'], default: 'b' });
    expect(paramDoc(date()).schema).toEqual({ type: 'string', format: 'date' });
    expect(paramDoc(uuid()).schema).toMatchObject({ type: 'string', format: 'uuid' });
    expect(paramDoc(uuid()).caseInsensitive).toBe(true);
    expect(paramDoc(province()).caseInsensitive).toBe(true);
    expect(paramDoc(bool(true)).schema).toEqual({ type: 'string', enum: ['true', 'false', '1', '0'], default: 'true' });
  });

  test('lists: items from the metadata the helpers attach', () => {
    const platforms = paramDoc(listOf(['x', 'y', 'z'] as const, 20));
    expect(platforms).toMatchObject({
      isArray: true,
      schema: { type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] }, maxItems: 3 },
    });
    expect(platforms.rule).toContain('comma-separated');
    const many = paramDoc(manyOf(v.picklist(['p', 'q']), 2, 'p or q'));
    expect(many.schema).toMatchObject({ type: 'array', items: { enum: ['p', 'q'] }, minItems: 1, maxItems: 2 });
  });

  test('a required parameter, and an opaque check that only its message can describe', () => {
    const required = paramDoc(
      v.pipe(
        v.string(),
        v.check((s) => s.length % 2 === 0, 'must have an even length'),
      ),
    );
    expect(required).toMatchObject({ required: true, rule: 'must have an even length', schema: { type: 'string' } });
    expect(required.schema.format).toBeUndefined();
  });
});
