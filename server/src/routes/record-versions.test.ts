/**
 * Edits and versions (docs/domain.md): a product or order edit sent with the version it was
 * loaded at applies only while the record is still at it; a second save loaded at the same
 * version is a 409 saying who changed it and when, never a silent overwrite. On PostgreSQL
 * (TEST_DATABASE_URL) the races really run in parallel.
 */
import { eq } from 'drizzle-orm';
import { changedSinceLoaded, editConflictSchema, orderSchema, type Product, productSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, type ProductRow, products, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp, type TestIdentity } from '../test/helpers';
import { createOrderRow, createProduct, getAs, putAsAgent, putAsStaff, readOrder } from '../test/orders';

const ROUNDS = 6;

describe('edits carry the version they were loaded at', () => {
  let t: TestApp;
  let manager: UserRow;
  let otherManager: UserRow;
  let admin: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await createUser(t.db, { role: 'manager', firstName: 'Mina', lastName: 'Vendor' })).user;
    otherManager = (await createUser(t.db, { role: 'manager' })).user;
    admin = (await createUser(t.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' })).user;
  });
  afterAll(() => t.close());

  const productBody = (product: Product, changes: Record<string, unknown>) => ({
    name: product.name,
    productId: product.productId,
    category: product.category,
    price: product.price,
    comission: product.comission,
    image: product.image,
    reviewTypes: product.reviewTypes,
    ...changes,
  });
  const loadProduct = async (who: TestIdentity, id: string) =>
    productSchema.parse((await getAs(t.app, who, `/api/products/${id}/singleproduct`)).json());
  const saveProduct = (who: TestIdentity, product: Product, changes: Record<string, unknown>) =>
    injectAs(t.app, who, {
      method: 'PUT',
      url: `/api/products/${product._id}/update`,
      payload: productBody(product, changes),
    });
  const storedProduct = async (id: string): Promise<ProductRow> => {
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    if (!row) throw new Error('no product');
    return row;
  };

  describe('products', () => {
    it('answers a product with its version, one more after each change', async () => {
      const { id } = await createProduct(t.db, manager);
      const loaded = await loadProduct(manager, id);
      expect(loaded.version).toBe(1);
      const saved = productSchema.parse((await saveProduct(admin, loaded, { name: 'Renamed' })).json());
      expect(saved.version).toBe(2);
      expect((await loadProduct(manager, id)).version).toBe(2);
    });

    it('refuses a save loaded before another one with 409 naming who changed it and when, keeping the first', async () => {
      const { id } = await createProduct(t.db, manager);
      const first = await loadProduct(admin, id);
      const second = await loadProduct(manager, id);

      const won = await saveProduct(admin, first, { name: 'Admin name', version: first.version });
      expect(won.statusCode).toBe(200);
      const afterWin = await storedProduct(id);

      const lost = await saveProduct(manager, second, { name: 'Manager name', version: second.version });
      expect(lost.statusCode).toBe(409);
      const conflict = editConflictSchema.parse(lost.json());
      expect(conflict.message).toBe(changedSinceLoaded('product', 'Ada Admin', afterWin.updatedAt));
      expect(conflict.message).toContain('Ada Admin');
      expect(conflict.changed).toEqual({ by: 'Ada Admin', at: afterWin.updatedAt.toISOString(), version: 2 });
      // nothing of the late save was written
      expect(await storedProduct(id)).toEqual(afterWin);
      expect(afterWin.name).toBe('Admin name');
    });

    it('names the admin who approved a pending product when its manager saves the version before', async () => {
      const { id } = await createProduct(t.db, manager, { status: 'pending' });
      const loaded = await loadProduct(manager, id);
      expect((await injectAs(t.app, admin, { method: 'PUT', url: `/api/products/${id}/approve` })).statusCode).toBe(
        200,
      );
      const late = await saveProduct(manager, loaded, { name: 'Late', version: loaded.version });
      expect(late.statusCode).toBe(409);
      expect(editConflictSchema.parse(late.json()).changed?.by).toBe('Ada Admin');
      expect((await storedProduct(id)).status).toBe('approved');
    });

    it('applies a save without a version as before, over changes made since', async () => {
      const { id } = await createProduct(t.db, manager);
      const loaded = await loadProduct(manager, id);
      expect((await saveProduct(admin, loaded, { name: 'First' })).statusCode).toBe(200);
      const res = await saveProduct(admin, loaded, { name: 'Second' });
      expect(res.statusCode).toBe(200);
      expect(productSchema.parse(res.json())).toMatchObject({ name: 'Second', version: 3 });
    });

    it('checks ownership before the version: another manager gets 403, not who changed it', async () => {
      const { id } = await createProduct(t.db, manager);
      const loaded = await loadProduct(admin, id);
      const res = await saveProduct(otherManager, loaded, { name: 'Not mine', version: 99 });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Mina');
    });

    it('lets exactly one of two saves loaded at the same version win when they arrive together', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { id } = await createProduct(t.db, manager);
        const loaded = await loadProduct(admin, id);
        const results = await Promise.all([
          saveProduct(admin, loaded, { name: 'By admin', version: loaded.version }),
          saveProduct(manager, loaded, { name: 'By manager', version: loaded.version }),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const winner = productSchema.parse(results.find((r) => r.statusCode === 200)?.json());
        const stored = await storedProduct(id);
        expect(stored.name).toBe(winner.name);
        expect(stored.version).toBe(2);
        const loser = editConflictSchema.parse(results.find((r) => r.statusCode === 409)?.json());
        expect(loser.changed?.by).toBe(winner.name === 'By admin' ? 'Ada Admin' : 'Mina Vendor');
      }
    });
  });

  describe('orders', () => {
    /** An order placed through the API, so its history names its agent. */
    async function placedOrder() {
      const product = await createProduct(t.db, manager);
      const agent = (await createUser(t.db, { role: 'agent', firstName: 'Aziz', lastName: 'Agent' })).user;
      const row = await createOrderRow(t.db, product, agent);
      return { agent, id: row.id };
    }
    const loadOrder = async (who: TestIdentity, id: string) =>
      orderSchema.parse((await getAs(t.app, who, `/api/order/${id}`)).json());
    const eventsOf = async (id: string) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));

    it("refuses the agent's save loaded before the manager's status change, naming the manager and the time", async () => {
      const { agent, id } = await placedOrder();
      const asAgent = await loadOrder(agent, id);
      expect(asAgent.version).toBe(1);

      const staff = await putAsStaff(t.app, manager, id, { status: 'On-Hold', version: 1 });
      expect(staff.statusCode).toBe(200);
      expect(orderSchema.parse(staff.json()).version).toBe(2);
      const [statusEvent] = await eventsOf(id);
      if (!statusEvent) throw new Error('no event');

      const late = await putAsAgent(t.app, agent, id, { buyerName: 'Late Name', version: asAgent.version });
      expect(late.statusCode).toBe(409);
      const conflict = editConflictSchema.parse(late.json());
      expect(conflict.message).toBe(changedSinceLoaded('order', 'Mina Vendor', statusEvent.at));
      expect(conflict.changed).toEqual({ by: 'Mina Vendor', at: statusEvent.at.toISOString(), version: 2 });
      const stored = await readOrder(t.db, id);
      expect(stored).toMatchObject({ buyerName: 'Sara Khan', status: 'On-Hold', version: 2 });
      expect(await eventsOf(id)).toHaveLength(1);
    });

    it("refuses the manager's save loaded before the agent's edit, naming the agent", async () => {
      const { agent, id } = await placedOrder();
      const asManager = await loadOrder(manager, id);
      expect((await putAsAgent(t.app, agent, id, { comments: 'changed', version: 1 })).statusCode).toBe(200);
      const late = await putAsStaff(t.app, manager, id, { status: 'Refunded', version: asManager.version });
      expect(late.statusCode).toBe(409);
      expect(editConflictSchema.parse(late.json()).changed?.by).toBe('Aziz Agent');
      expect((await readOrder(t.db, id)).status).toBe('');
    });

    it('applies order saves without a version as before', async () => {
      const { agent, id } = await placedOrder();
      expect((await putAsStaff(t.app, admin, id, { status: 'On-Hold' })).statusCode).toBe(200);
      expect((await putAsAgent(t.app, agent, id, { comments: 'no version' })).statusCode).toBe(200);
      expect(await readOrder(t.db, id)).toMatchObject({ status: 'On-Hold', comments: 'no version', version: 3 });
    });

    it('refuses a stale version even when the save would change nothing', async () => {
      const { agent, id } = await placedOrder();
      expect((await putAsStaff(t.app, admin, id, { status: 'On-Hold' })).statusCode).toBe(200);
      const res = await putAsAgent(t.app, agent, id, { buyerName: 'Sara Khan', version: 1 });
      expect(res.statusCode).toBe(409);
      expect(editConflictSchema.parse(res.json()).changed?.by).toBe('Ada Admin');
    });

    it('lets exactly one of two staff saves loaded at the same version win when they arrive together', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { id } = await placedOrder();
        const results = await Promise.all([
          putAsStaff(t.app, manager, id, { status: 'On-Hold', version: 1 }),
          putAsStaff(t.app, admin, id, { status: 'Refunded', version: 1 }),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const winner = orderSchema.parse(results.find((r) => r.statusCode === 200)?.json());
        expect(await readOrder(t.db, id)).toMatchObject({ status: winner.status, version: 2 });
        expect(await eventsOf(id)).toHaveLength(1);
      }
    });

    it("lets exactly one of the agent's and the manager's saves loaded at the same version win", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { agent, id } = await placedOrder();
        const results = await Promise.all([
          putAsAgent(t.app, agent, id, { buyerName: 'Agent Edit', version: 1 }),
          putAsStaff(t.app, manager, id, { status: 'On-Hold', version: 1 }),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const stored = await readOrder(t.db, id);
        expect(stored.version).toBe(2);
        // exactly one of the two changes is there
        expect([stored.buyerName === 'Agent Edit', stored.status === 'On-Hold'].filter(Boolean)).toHaveLength(1);
        expect(await eventsOf(id)).toHaveLength(1);
      }
    });
  });
});
