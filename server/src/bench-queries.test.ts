/**
 * `npm run bench` compares each route with a bare route running the same SQL through the
 * driver (bench/queries.mjs, written out by hand). This keeps the two the same: it runs the
 * services the routes use with a query logger and compares what they send with the bench's text.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQL } from '../../bench/queries.mjs';
import type { Db } from './db/connection';
import * as schema from './db/schema';
import { placeOrder } from './services/order-changes';
import { findOrderHistory } from './services/order-history';
import { findOrderJoin, listOrders, readOrderSignedIn } from './services/orders';
import { payoutAccountKey } from './services/payout-accounts';
import { approvedScope, listProducts } from './services/products';
import {
  createTestDatabase,
  createUser,
  IMAGES_AS_STORED,
  statementSessionOf,
  TEST_PUBLIC_URL,
  type TestDatabase,
} from './test/helpers';
import { ORDER_PAGE_TEXTS, type OrderPageText, orderPage } from './test/images';
import { amzNumber, createOrderRow, createProduct } from './test/orders';
import { newUploadKey } from './uploads/images';
import { lookAt, recordUploadHash } from './uploads/screenshot-look';

let database: TestDatabase;
let logged: string[] = [];
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  const logger = { logQuery: (query: string) => logged.push(query) };
  const { $client } = database.db as unknown as { $client: never };
  // the same client as the test database's, with a logger
  db = (database.database.kind === 'pglite'
    ? drizzlePglite({ client: $client, schema, logger })
    : drizzlePg({ client: $client, schema, logger })) as unknown as Db;
});
afterAll(() => database.close());

/** The SQL texts a call sends, in order. */
async function sqlOf(run: () => Promise<unknown>): Promise<string[]> {
  logged = [];
  await run();
  return logged;
}

describe('the bench bare route runs the same SQL as the API', () => {
  it('approved products, a page and its total (as an agent sees them)', async () => {
    const { user: agent } = await createUser(db, { role: 'agent' });
    const sent = await sqlOf(() =>
      listProducts(
        db,
        approvedScope({ role: 'agent' }),
        {},
        { page: 1, limit: 50, offset: 0 },
        TEST_PUBLIC_URL,
        statementSessionOf(agent),
      ),
    );
    expect(sent.sort()).toEqual([SQL.approvedProductsPage, SQL.approvedProductsCount].sort());
  });

  it("an agent's orders, a page and its total; one order; placing an order; an order's history", async () => {
    const { user: vendor } = await createUser(db, { role: 'manager' });
    const { user: agent } = await createUser(db, { role: 'agent' });
    const product = await createProduct(db, vendor);

    const agentList = await sqlOf(() =>
      listOrders(db, agent, { agentId: agent.id }, { page: 1, limit: 50, offset: 0 }, IMAGES_AS_STORED),
    );
    expect(agentList.sort()).toEqual([SQL.agentOrdersPage, SQL.agentOrdersCount].sort());

    let orderId = '';
    const placing = await sqlOf(async () => {
      // the bench's createOrder: a screenshot in the Firebase bucket its API is given, none of ours to look up
      orderId = await placeOrder(
        db,
        statementSessionOf(agent),
        {
          productId: product.id,
          reviewType: 'text',
          amzOrderNumber: amzNumber(),
          buyerPayPal: 'buyer@example.com',
          buyerName: 'Sara Khan',
          orderScreenshot: 'https://firebasestorage.googleapis.com/v0/b/bench.appspot.com/o/orders%2F1.png?alt=media',
          comments: '',
        },
        { firebaseBucket: 'bench.appspot.com' },
      );
    });
    expect(placing.filter((text) => !/^(begin|commit)/i.test(text))).toEqual([
      SQL.productForShare,
      SQL.insertOrder,
      SQL.insertOrderEvent,
      SQL.insertAlert,
      SQL.notifyAlert,
      SQL.placeSignals,
    ]);

    // an order screenshot of ours: its upload and the uploads the second look found the same picture
    const upload = async (picture: Buffer) => {
      const key = newUploadKey('png');
      await db.insert(schema.uploads).values({
        key,
        ownerId: agent.id,
        private: true,
        purpose: 'image',
        mimeType: 'image/png',
        sizeBytes: picture.length,
      });
      await recordUploadHash(db, key, await lookAt(picture));
      return key;
    };
    const shot = await upload(await orderPage(ORDER_PAGE_TEXTS[1] as OrderPageText));
    const placingWithUpload = await sqlOf(() =>
      placeOrder(db, statementSessionOf(agent), {
        productId: product.id,
        reviewType: 'text',
        amzOrderNumber: amzNumber(),
        buyerPayPal: 'buyer@example.com',
        buyerName: 'Sara Khan',
        orderScreenshot: shot,
        comments: '',
      }),
    );
    expect(placingWithUpload.filter((text) => !/^(begin|commit)/i.test(text))).toEqual([
      SQL.productForShare,
      SQL.uploadForUpdate,
      SQL.attachUpload,
      SQL.insertOrder,
      SQL.insertOrderEvent,
      SQL.insertAlert,
      SQL.notifyAlert,
      SQL.placeSignals,
    ]);

    // placing reads the order it placed; GET /api/order/:id reads it with the caller's session
    expect(await sqlOf(() => findOrderJoin(db, orderId))).toEqual([SQL.oneOrder]);
    const session = statementSessionOf(agent);
    expect(await sqlOf(() => readOrderSignedIn(db, session, orderId, IMAGES_AS_STORED))).toEqual([
      SQL.oneOrderWithSession,
    ]);
    expect(await sqlOf(() => findOrderHistory(db, session, orderId))).toEqual([SQL.orderHistory]);
  });

  it("the admin's orders, a page and its total; a search of them, its agents, its page's ids with their total, then those orders", async () => {
    const { user: admin } = await createUser(db, { role: 'admin' });
    const page = { page: 1, limit: 50, offset: 0 };
    const all = await sqlOf(() => listOrders(db, admin, {}, page, IMAGES_AS_STORED));
    // the flags of the page come after it (fraud signals): staff only
    expect(all.sort()).toEqual([SQL.adminOrdersPage, SQL.adminOrdersCount, SQL.orderFlagsOf].sort());
    const searched = await sqlOf(() => listOrders(db, admin, { q: 'Sara Khan' }, page, IMAGES_AS_STORED));
    expect(searched[0]).toBe(SQL.searchAgents);
    expect(searched.slice(1)).toEqual([SQL.adminSearchIds, SQL.ordersByIds, SQL.orderFlagsOf]);
    // a text naming an agent: the text's matches and the agent's orders put together
    const { user: named } = await createUser(db, { role: 'agent', firstName: 'Zubair', lastName: 'Qadri' });
    const product = await createProduct(db, (await createUser(db, { role: 'manager' })).user);
    await createOrderRow(db, product, named);
    const byAgent = await sqlOf(() => listOrders(db, admin, { q: 'Zubair Qadri' }, page, IMAGES_AS_STORED));
    expect(byAgent).toEqual([SQL.searchAgents, SQL.adminSearchIdsWithAgents, SQL.ordersByIds, SQL.orderFlagsOf]);
  });

  it("placing as an agent paid to a wallet another agent is paid to: the order's flag", async () => {
    const { user: vendor } = await createUser(db, { role: 'manager' });
    const { user: agent } = await createUser(db, { role: 'agent' });
    const product = await createProduct(db, vendor);
    // as the bench's agent (agent1, one of the seed's payout-account-shared pair): each order it
    // places is flagged, naming the other agent, which the bare route's placing does too
    const { user: other } = await createUser(db, { role: 'agent' });
    const wallet = '+923001112233';
    await db.insert(schema.payoutAccounts).values(
      [agent, other].map((user) => ({
        userId: user.id,
        method: 'jazzcash' as const,
        account: wallet,
        accountKey: payoutAccountKey('jazzcash', wallet),
      })),
    );
    const placingFlagged = await sqlOf(() =>
      placeOrder(
        db,
        statementSessionOf(agent),
        {
          productId: product.id,
          reviewType: 'text',
          amzOrderNumber: amzNumber(),
          buyerPayPal: 'another.buyer@example.com',
          buyerName: 'Sara Khan',
          orderScreenshot: 'https://firebasestorage.googleapis.com/v0/b/bench.appspot.com/o/orders%2F2.png?alt=media',
          comments: '',
        },
        { firebaseBucket: 'bench.appspot.com' },
      ),
    );
    expect(placingFlagged.filter((text) => !/^(begin|commit)/i.test(text)).slice(-2)).toEqual([
      SQL.placeSignals,
      SQL.upsertAccountFlag,
    ]);
  });
});
