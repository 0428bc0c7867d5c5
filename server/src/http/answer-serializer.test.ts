/**
 * Answers written from their schema's JSON Schema (answer-serializer.ts): the same bytes as zod's
 * encoding, nothing the schema does not name, a missing property or a value of another kind
 * refused; and in the app, the path every route takes.
 */
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { orderHistorySchema, orderSchema, productListSchema } from 'shared-api/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, injectAs, type TestApp } from '../test/helpers';
import { answerSerializerCompiler, compileAnswer } from './answer-serializer';
import { REFUSALS, typed } from './route-schemas';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
/** The answer as zod's encoding wrote it before (fastify-type-provider-zod). */
const byZod = (schema: z.ZodType, data: unknown) => zodSerializerCompiler(route(schema))(data);
const fast = (schema: z.ZodType) => {
  const write = compileAnswer(schema);
  if (!write) throw new Error('the schema did not compile');
  return write;
};

const event = z.object({
  _id: z.string(),
  kind: z.enum(['a', 'b']),
  status: z.union([z.enum(['On-Hold', 'Refunded']), z.literal('')]),
  amount: z.number().nullable(),
  count: z.number().int(),
  note: z.string().optional(),
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  changes: z.record(z.string(), z.object({ from: z.union([z.string(), z.number(), z.boolean(), z.null()]) })),
  tags: z.array(z.string()),
});

describe('answers written from their JSON Schema', () => {
  it('writes the same text as zod’s encoding: nullable, optional, unions of primitives, records, arrays, key order', () => {
    const values = [
      {
        _id: 'e1',
        kind: 'a',
        status: '',
        amount: null,
        count: 3,
        by: null,
        changes: {},
        tags: [],
      },
      {
        _id: 'e"2\u2028\\',
        kind: 'b',
        status: 'Refunded',
        amount: 12.5,
        count: -7,
        note: 'a "quoted"\nline \ud800 lone',
        by: { _id: 'u1', name: 'Ann' },
        changes: { price: { from: 5 }, name: { from: 'x' }, open: { from: false }, gone: { from: null } },
        tags: ['x', 'y'],
      },
    ];
    for (const value of values) expect(fast(event)(value)).toBe(byZod(event, value));
  });

  it('drops every key the schema does not name, at every depth', () => {
    const value = {
      _id: 'e1',
      kind: 'a',
      status: '',
      amount: 1,
      count: 1,
      by: { _id: 'u1', name: 'Ann', passwordHash: 'secret-1' },
      changes: { x: { from: 1, secret: 'secret-2' } },
      tags: [],
      passwordHash: 'secret-3',
    };
    const text = fast(event)(value);
    expect(text).not.toContain('secret');
    expect(text).toBe(byZod(event, value));
    expect(fast(z.array(event))([value])).not.toContain('secret');
  });

  it('refuses an answer without a property its schema requires, or with a value of another kind', () => {
    const good = { _id: 'e1', kind: 'a', status: '', amount: 1, count: 1, by: null, changes: {}, tags: [] };
    expect(() => fast(event)({ _id: 'e1' })).toThrow(/kind is missing/);
    for (const wrong of [
      { kind: 'z' },
      { status: 'Paid' },
      { amount: '1' },
      { count: 1.5 },
      { by: 'Ann' },
      // an object where a string goes: none of its keys may leave
      { _id: { passwordHash: 'secret' } },
      { changes: { x: { from: { nested: 1 } } } },
      { tags: 'x' },
    ]) {
      expect(() => fast(event)({ ...good, ...wrong })).toThrow();
      expect(() => byZod(event, { ...good, ...wrong })).toThrow();
    }
  });

  it('compiles the answers of the hot routes (products, an order, its history), not falling back to zod', () => {
    for (const schema of [productListSchema, orderSchema, orderHistorySchema]) {
      expect(compileAnswer(schema)).toBeTypeOf('function');
    }
  });

  it('keeps the schema’s key order where an optional property comes before required ones (fast-json-stringify would not)', () => {
    const flag = z.object({ code: z.string(), related: z.array(z.string()).optional(), dismissed: z.boolean() });
    expect(fast(flag)({ dismissed: false, related: ['o1'], code: 'c' })).toBe(
      '{"code":"c","related":["o1"],"dismissed":false}',
    );
    expect(fast(flag)({ dismissed: true, code: 'c' })).toBe(byZod(flag, { dismissed: true, code: 'c' }));
  });

  it('in check mode (the tests) also refuses what zod refuses and the writer would write (a string too long)', () => {
    const named = z.object({ name: z.string().max(3) });
    const check = answerSerializerCompiler({ check: true })(route(named));
    const write = answerSerializerCompiler()(route(named));
    expect(write({ name: 'long' })).toBe('{"name":"long"}');
    expect(() => check({ name: 'long' })).toThrow();
    expect(check({ name: 'ok', extra: 1 })).toBe('{"name":"ok"}');
  });
});

describe('the app’s answers (without the tests’ check mode)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('drops a field a route’s schema does not name, refuses an answer missing one, and writes the document’s shape', async () => {
    t = await createTestApp({ checkAnswers: false });
    const answer = z.object({ name: z.string(), vendor: z.object({ _id: z.string() }) });
    typed(t.app).get(
      '/api/test/extra',
      { config: { access: 'public' }, schema: { hide: true, response: { 200: answer, ...REFUSALS } } },
      // biome-ignore lint/suspicious/noExplicitAny: more than the schema names, on purpose
      async () => ({ name: 'n', secret: 's1', vendor: { _id: 'v', passwordHash: 's2' } }) as any,
    );
    typed(t.app).get(
      '/api/test/missing',
      { config: { access: 'public' }, schema: { hide: true, response: { 200: answer, ...REFUSALS } } },
      // biome-ignore lint/suspicious/noExplicitAny: less than the schema requires, on purpose
      async () => ({ name: 'n' }) as any,
    );
    const extra = await t.app.inject({ url: '/api/test/extra' });
    expect(extra.statusCode).toBe(200);
    expect(extra.body).toBe('{"name":"n","vendor":{"_id":"v"}}');
    const missing = await t.app.inject({ url: '/api/test/missing' });
    expect(missing.statusCode).toBe(500);
    expect(missing.json()).toEqual({ message: expect.any(String) });

    const products = await injectAs(t.app, 'agent', { url: '/api/products/approved?limit=5' });
    expect(products.statusCode).toBe(200);
    expect(products.body).toBe(byZod(productListSchema, products.json()));
  });
});
