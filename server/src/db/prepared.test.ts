import { count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createUser, type TestDatabase } from '../test/helpers';
import { createOrderRow, createProduct } from '../test/orders';
import { prepared, preparedVariants, shapeVariant, statementNameOf, transactionStatement } from './prepared';
import { orders, products, users } from './schema';

describe('prepared statements', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  const made: string[] = [];
  const emailById = preparedVariants(
    'test_email_by_id',
    (shape: { lower: boolean }) => (shape.lower ? 'lower' : ''),
    (db, name, shape) => {
      made.push(name);
      return db
        .select({ email: shape.lower ? sql<string>`lower(${users.email})` : users.email })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(name);
    },
  );

  it('makes a statement once per database and variant, and runs it on that database', async () => {
    const { user } = await createUser(first.db, { email: 'Prepared@Example.com' });
    expect(await emailById(first.db, { lower: false }).execute({ id: user.id })).toEqual([
      { email: 'Prepared@Example.com' },
    ]);
    expect(await emailById(first.db, { lower: true }).execute({ id: user.id })).toEqual([
      { email: 'prepared@example.com' },
    ]);
    expect(await emailById(first.db, { lower: false }).execute({ id: user.id })).toHaveLength(1);
    expect(await emailById(second.db, { lower: false }).execute({ id: user.id })).toEqual([]);
    expect(made).toEqual(['test_email_by_id', 'test_email_by_id:lower', 'test_email_by_id']);
  });

  it('refuses to run inside a transaction, where it would run outside it', async () => {
    const count = prepared('test_user_count', (db, name) => db.select({ id: users.id }).from(users).prepare(name));
    await expect(first.db.transaction(async (tx) => count(tx).execute())).rejects.toThrow(/inside a transaction/);
  });

  it('names a variant by the values and set flags of its shape', () => {
    expect(shapeVariant({ role: 'agent', agentStatus: true, comissionStatus: false, agentId: true })).toBe(
      'agent:agentStatus:agentId',
    );
    expect(shapeVariant({ statuses: ['approved', 'pending'], vendor: false })).toBe('approved,pending');
    expect(shapeVariant({ statuses: [], keyword: true })).toBe('none:keyword');
  });

  it('names variants longer than PostgreSQL keeps apart, and runs two whose first 63 bytes agree on one connection', async () => {
    const long = 'agentStatus:comissionStatus:agentId:productId:from:to';
    const [a, b] = [`${long}:newest`, `${long}:oldest`];
    expect(statementNameOf('test_long', a)).not.toBe(statementNameOf('test_long', b));
    for (const name of [statementNameOf('test_long', a), statementNameOf('test_long', b)]) {
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
    }
    expect(statementNameOf('test_long', 'agent:agentStatus')).toBe('test_long:agent:agentStatus');
    const numbered = preparedVariants(
      'test_long_variants',
      (shape: string) => shape,
      (db, name, shape) =>
        db
          .select({ which: sql<string>`${shape}::text` })
          .from(users)
          .limit(1)
          .prepare(name),
    );
    await createUser(first.db);
    // one after the other: the pool hands the same idle connection back
    for (let round = 0; round < 2; round++) {
      expect(await numbered(first.db, a).execute()).toEqual([{ which: a }]);
      expect(await numbered(first.db, b).execute()).toEqual([{ which: b }]);
    }
  });

  it('refuses a second family of the same name', () => {
    expect(() => prepared('test_email_by_id', (db, name) => db.select().from(users).prepare(name))).toThrow(
      /Two prepared statement families/,
    );
  });

  it("maps rows as drizzle does: joined tables' objects (null when a left join found none), decoded values, SQL columns", async () => {
    const db = first.db;
    const { user: manager } = await createUser(db, { role: 'manager' });
    const { user: referrer } = await createUser(db, { role: 'agent' });
    const { user: referred } = await createUser(db, { role: 'agent', referralUserId: referrer.id });
    const { user: alone } = await createUser(db, { role: 'agent' });
    const product = await createProduct(db, manager);
    await createOrderRow(db, product, referred);
    await createOrderRow(db, product, alone);
    const agent = alias(users, 'agent');
    const agentReferrer = alias(users, 'agent_referrer');
    const select = (on: typeof db, productId: ReturnType<typeof sql.placeholder> | string) =>
      on
        .select({
          order: orders,
          product: { id: products.id, price: products.price, reviewTypes: products.reviewTypes },
          agent: { id: agent.id, createdAt: agent.createdAt },
          agentReferrer: { id: agentReferrer.id, firstName: agentReferrer.firstName },
          twice: sql<number>`2 * ${orders.comission}`.mapWith(Number).as('twice'),
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(agent, eq(agent.id, orders.agentId))
        .leftJoin(agentReferrer, eq(agentReferrer.id, agent.referralUserId))
        .where(eq(orders.productId, productId))
        .orderBy(orders.createdAt);
    const joined = prepared('test_mapped_join', (on, name) => select(on, sql.placeholder('product')).prepare(name));
    const drizzles = await select(db, product.id);
    const compiled = await joined(db).execute({ product: product.id });
    expect(compiled).toEqual(drizzles);
    // the same keys in the same order: the answers written from them stay byte for byte
    expect(JSON.stringify(compiled)).toBe(JSON.stringify(drizzles));
    expect(compiled).toHaveLength(2);
    expect(compiled.map((row) => row.agentReferrer?.id ?? null).sort()).toEqual([null, referrer.id].sort());
    expect(compiled[0]?.order.createdAt).toBeInstanceOf(Date);
    expect(typeof compiled[0]?.product.price).toBe('number');

    const counted = prepared('test_mapped_count', (on, name) =>
      on
        .select({ total: count() })
        .from(orders)
        .where(eq(orders.productId, sql.placeholder('product')))
        .prepare(name),
    );
    expect(await counted(db).execute({ product: product.id })).toEqual([{ total: 2 }]);
  });

  it("runs a transaction statement on each transaction's own connection, built once", async () => {
    let built = 0;
    const nameOf = transactionStatement('test_tx_user_name', (tx, name) => {
      built++;
      return tx
        .select({ firstName: users.firstName })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .for('update')
        .prepare(name);
    });
    const { user } = await createUser(first.db, { firstName: 'Ayesha' });
    for (const firstName of ['Bilal', 'Chand']) {
      await first.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName }).where(eq(users.id, user.id));
        // sees its own transaction's write: it ran on the transaction's connection
        expect(await nameOf(tx).execute({ id: user.id })).toEqual([{ firstName }]);
      });
    }
    await expect(
      first.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Dua' }).where(eq(users.id, user.id));
        expect(await nameOf(tx).execute({ id: user.id })).toEqual([{ firstName: 'Dua' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(built).toBe(1);
    await expect(async () => nameOf(first.db as never).execute({ id: user.id })).rejects.toThrow(
      /inside a transaction/,
    );
    const [row] = await first.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, user.id));
    expect(row?.firstName).toBe('Chand');
  });
});
