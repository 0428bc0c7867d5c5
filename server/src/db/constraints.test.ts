import { eq, sql } from 'drizzle-orm';
import { orderSchema, productSchema, userSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOrderJson, toProductJson, toUserJson } from '../serializers';
import { createTestDatabase, createUser, IMAGES_AS_STORED, TEST_PUBLIC_URL, type TestDatabase } from '../test/helpers';
import { commissionTermsOf, orders, type ProductRow, products, type UserRow, users } from './schema';

/** Drizzle wraps driver errors; the SQLSTATE is on the cause. */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

describe('the database schema', () => {
  let t: TestDatabase;
  let vendor: UserRow;
  let agent: UserRow;
  let referrer: UserRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestDatabase();
    vendor = (await createUser(t.db, { role: 'manager', firstName: 'Vera', lastName: 'Vendor' })).user;
    referrer = (await createUser(t.db, { role: 'agent', firstName: 'Rafi', lastName: 'Referrer' })).user;
    agent = (
      await createUser(t.db, { role: 'agent', firstName: 'Amna', lastName: 'Agent', referralUserId: referrer.id })
    ).user;
    [product] = (await t.db
      .insert(products)
      .values({
        vendorId: vendor.id,
        name: 'Wireless earbuds',
        category: 'Audio',
        price: 19.99,
        comission: 300,
        comissionWithTextReview: 350.5,
        reviewTypes: ['text', 'picture'],
        guidelines: ['Use the product for a week'],
        image: 'https://img.example/earbuds.png',
      })
      .returning()) as [ProductRow];
  });
  afterAll(() => t.close());

  it('returns money as JS numbers with two decimals, and null for a missing per-type figure', async () => {
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.price).toBe(19.99);
    expect(row?.comission).toBe(300);
    expect(row?.comissionWithTextReview).toBe(350.5);
    expect(row?.comissionWithPictureReview).toBeNull();
  });

  it('gives rows that serialise to the contract shapes', async () => {
    const [order] = await t.db
      .insert(orders)
      .values({
        productId: product.id,
        agentId: agent.id,
        reviewType: 'text',
        amzOrderNumber: '111-2222222-3333333',
        buyerPayPal: 'buyer@example.com',
        buyerName: 'Buyer',
        orderScreenshot: 'https://img.example/order.png',
        comission: 350.5,
        commissionTerms: commissionTermsOf(product),
      })
      .returning();
    if (!order) throw new Error('no order');
    expect(order).toMatchObject({ agentStatus: 'submitted', status: '', comissionStatus: 'unpaid' });

    const user = userSchema.parse(toUserJson(agent, referrer));
    expect(user).toMatchObject({
      _id: agent.id,
      id: agent.id,
      name: 'Amna Agent',
      referralUserId: { name: 'Rafi Referrer' },
    });

    const productJson = productSchema.parse(toProductJson(product, vendor, TEST_PUBLIC_URL));
    expect(productJson).toMatchObject({
      _id: product.id,
      marketPlace: 'US',
      reviewTypes: [{ title: 'text' }, { title: 'picture' }],
      status: 'pending',
      vendor: { _id: vendor.id, name: 'Vera Vendor', firstName: 'Vera', lastName: 'Vendor' },
    });

    const orderJson = orderSchema.parse(
      toOrderJson({ order, product, vendor, agent, agentReferrer: referrer }, IMAGES_AS_STORED, 'admin'),
    );
    expect(orderJson).toMatchObject({
      productId: product.id,
      AgentStatus: 'submitted',
      FeedbackScreenShot: '',
      comission: 350.5,
      product: { _id: product.id, vendor: { name: 'Vera Vendor' } },
      agent: { _id: agent.id, referralUserId: { _id: referrer.id, firstName: 'Rafi', lastName: 'Referrer' } },
    });
  });

  it('counts as a number on either driver', async () => {
    expect(await t.db.$count(users)).toBeTypeOf('number');
    expect(await t.db.$count(users, eq(users.role, 'manager'))).toBe(1);
  });

  it('refuses a second account with the same email in another case', async () => {
    const state = await sqlState(
      t.db
        .insert(users)
        .values({ email: vendor.email.toUpperCase(), passwordHash: 'x', firstName: 'A', lastName: 'B', role: 'agent' }),
    );
    expect(state).toBe('23505');
  });

  it('refuses a second order with the same Amazon order number', async () => {
    const values = {
      productId: product.id,
      agentId: agent.id,
      reviewType: 'rating' as const,
      amzOrderNumber: '999-1111111-2222222',
      buyerPayPal: 'b@example.com',
      buyerName: 'B',
      comission: 300,
      commissionTerms: commissionTermsOf(product),
    };
    await t.db.insert(orders).values(values);
    expect(await sqlState(t.db.insert(orders).values(values))).toBe('23505');
  });

  it('refuses values outside the contract sets and negative money', async () => {
    const bad = [
      t.db.execute(sql`update users set role = 'owner' where id = ${agent.id}`),
      t.db.execute(sql`update products set status = 'deleted' where id = ${product.id}`),
      t.db.execute(sql`update products set review_types = '{text,essay}' where id = ${product.id}`),
      t.db.execute(sql`update products set comission = -1 where id = ${product.id}`),
      t.db.execute(sql`update products set market_place = 'FR' where id = ${product.id}`),
      t.db.execute(sql`update orders set agent_status = 'Shipped'`),
      t.db.execute(sql`update orders set comission_status = 'maybe'`),
    ];
    for (const statement of bad) expect(await sqlState(statement)).toBe('23514');
  });

  it('keeps a product that has orders from being deleted', async () => {
    // ON DELETE RESTRICT: PostgreSQL 15 says 23503 (foreign_key_violation), PGlite (18) 23001 (restrict_violation).
    expect(['23503', '23001']).toContain(await sqlState(t.db.delete(products).where(eq(products.id, product.id))));
    expect(await t.db.$count(products, eq(products.id, product.id))).toBe(1);
  });
});
