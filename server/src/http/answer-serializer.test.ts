/**
 * Answers written from their schema's JSON Schema (answer-serializer.ts): the same bytes as zod's
 * encoding, nothing the schema does not name, a missing property or a value of another kind
 * refused; and in the app, the path every route takes.
 */
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { orderHistorySchema, orderSchema, productListSchema } from 'shared-api/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { createProduct, orderBodyAs, putAsAgent } from '../test/orders';
import { answerSerializerCompiler, compileAnswer, compileAnswerBytes } from './answer-serializer';
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

  it('writes an answer already in its schema’s shape with one JSON.stringify, and anything else piece by piece', () => {
    const good = {
      _id: 'e1',
      kind: 'a',
      status: '',
      amount: 1,
      count: 1,
      by: { _id: 'u', name: 'A' },
      changes: { x: { from: 1 } },
      tags: ['t'],
    };
    const write = fast(event);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const callsOf = (value: unknown) => {
        stringify.mockClear();
        const text = write(value);
        const calls = stringify.mock.calls.length;
        expect(text).toBe(byZod(event, value));
        return calls;
      };
      expect(callsOf(good)).toBe(1);
      expect(
        callsOf({
          _id: 'e1',
          kind: 'a',
          status: '',
          amount: null,
          count: 1,
          note: 'n',
          by: null,
          changes: {},
          tags: [],
        }),
      ).toBe(1);
      class Row {
        _id = 'e1';
      }
      for (const other of [
        { ...good, passwordHash: 'secret' },
        { kind: 'a', _id: 'e1', status: '', amount: 1, count: 1, by: null, changes: {}, tags: [] },
        { ...good, note: undefined },
        { ...good, by: { _id: 'u', name: 'A', secret: 's' } },
        { ...good, changes: { x: { from: 1, secret: 's' } } },
        { ...good, by: Object.assign(new Row(), { name: 'A' }) },
      ]) {
        expect(callsOf(other)).toBeGreaterThan(1);
        expect(fast(event)(other)).not.toContain('secret');
      }
      // what JSON.stringify would write differently is refused, as before
      for (const wrong of [
        { ...good, amount: Number.NaN },
        { ...good, tags: ['t', undefined] },
        { ...good, _id: new Date(0) },
      ]) {
        expect(() => fast(event)(wrong)).toThrow();
      }
    } finally {
      stringify.mockRestore();
    }
  });

  it('sends a list in its schema’s shape as the same bytes, element by element, and anything else as its text', () => {
    const bytes = compileAnswerBytes(z.array(event));
    if (!bytes) throw new Error('the schema did not compile');
    const good = { _id: 'e1', kind: 'a', status: '', amount: 1, count: 1, by: null, changes: {}, tags: ['t'] };
    const other = { ...good, _id: 'é—2', passwordHash: 'secret' };
    for (const list of [[], [good], [good, { ...good, _id: 'é—2' }, good], [good, other]]) {
      const sent = bytes(list);
      expect(Buffer.from(sent).toString('utf8')).toBe(byZod(z.array(event), list));
      expect(Buffer.isBuffer(sent)).toBe(list.length > 1 && !list.includes(other));
    }
    expect(() => bytes([good, { ...good, count: 'x' }])).toThrow();
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

    const { user: vendor } = await createUser(t.db, { role: 'manager' });
    for (const name of ['Earbuds', 'Kettle — steel', 'Lamp'])
      await createProduct(t.db, vendor, { name, status: 'approved' });
    const stringify = vi.spyOn(JSON, 'stringify');
    const products = await injectAs(t.app, 'agent', { url: '/api/products/approved?limit=5' });
    // the serializers build products in the contract's shape: the page is written in one call
    const written = stringify.mock.results.map((result) => result.value as unknown);
    stringify.mockRestore();
    const page = products.json() as Array<{ _id: string }>;
    // each product by JSON.stringify, as it is, and sent as bytes
    const eachProduct = page.map((product) => written.filter((text) => text === JSON.stringify(product)).length);
    expect(products.statusCode).toBe(200);
    expect(products.body).toBe(byZod(productListSchema, products.json()));
    expect(page.length).toBeGreaterThan(1);
    expect(eachProduct).toEqual(page.map(() => 1));
  });

  it('writes each event of an order’s history, as the service reads it from the database, in one JSON.stringify', async () => {
    t = await createTestApp({ checkAnswers: false });
    const { user: vendor } = await createUser(t.db, { role: 'manager' });
    const product = await createProduct(t.db, vendor, { status: 'approved' });
    const placed = await injectAs(t.app, 'agent', {
      method: 'POST',
      url: '/api/orders',
      payload: await orderBodyAs(t.app, 'agent', product.id, { comments: 'first' }),
    });
    expect(placed.statusCode).toBe(201);
    const { _id } = placed.json() as { _id: string };
    expect((await putAsAgent(t.app, 'agent', _id, { comments: 'second' })).statusCode).toBe(200);
    const stringify = vi.spyOn(JSON, 'stringify');
    const history = await injectAs(t.app, 'agent', { url: `/api/orders/${_id}/history` });
    const written = stringify.mock.results.map((result) => result.value as unknown);
    stringify.mockRestore();
    expect(history.statusCode).toBe(200);
    // the events' changes come from jsonb `to` first; the service gives them in the schema's order
    expect(history.json()).toEqual([
      expect.objectContaining({ action: 'placed' }),
      expect.objectContaining({ changes: { comments: { from: 'first', to: 'second' } } }),
    ]);
    expect(history.body).toBe(byZod(orderHistorySchema, history.json()));
    // a list is sent element by element: each event by one call
    for (const event of history.json() as unknown[]) expect(written).toContain(JSON.stringify(event));
  });
});
