/**
 * An answer lost on the way back (docs/domain.md, Submitting twice): a proxy between shared-api's
 * HTTP client and the real API forwards each request but, while told to, closes the client's
 * connection as soon as the server's answer starts to arrive, so the work is done and the client
 * hears nothing. The client sends the submission again with the same Idempotency-Key and gets
 * the first answer; the work was done once.
 */
import { createRequire } from 'node:module';
import net from 'node:net';
import { eq } from 'drizzle-orm';
// biome-ignore lint/style/noRestrictedImports: a test only: the apps' own HTTP client, run in Node against the real API
import { ApiError, apiRequest, createOrder, createPayout, setRuntimeConfig, useSession } from 'shared-api';
import { IDEMPOTENCY_KEY_HEADER, MESSAGES, type User } from 'shared-api/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, type ProductRow, payouts, type UserRow } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { createOrderRow, createProduct, orderBodyAs } from '../test/orders';

/** A TCP proxy to `port` that drops the next `drop` answers (closing the client's socket instead). */
async function startDroppingProxy(port: number) {
  const state = { drop: 0, dropped: 0, requests: [] as string[] };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let answering = false;
    let preflight = false;
    client.on('data', (chunk) => {
      // the request line and headers, to count the attempts and see their keys
      // (a kept-alive connection carries one request after another: each answer is judged anew;
      // a CORS preflight is answered, never counted or dropped)
      const head = chunk.toString('latin1');
      if (/^(GET|POST|PUT|DELETE|OPTIONS) /.test(head)) {
        preflight = head.startsWith('OPTIONS ');
        if (!preflight) state.requests.push(head);
        answering = false;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!answering) {
        answering = true;
        if (!preflight && state.drop > 0) {
          state.drop--;
          state.dropped++;
          client.destroy();
          upstream.destroy();
          return;
        }
      }
      client.write(chunk);
    });
    upstream.on('end', () => client.end());
    client.on('end', () => upstream.end());
    for (const socket of [client, upstream]) {
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    state,
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * shared-api's client sends with XMLHttpRequest, as in the browser: jsdom's, from a page at
 * http://localhost:3000 (one of the API's default CORS origins, so preflights pass as they do there).
 */
type Jsdom = new (html: string, options: { url: string }) => { window: { XMLHttpRequest: unknown; close(): void } };
// required, not imported: jsdom ships no types (the unit tests' environment brings it), and this is all of it used here
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: Jsdom };
const page = new JSDOM('', { url: 'http://localhost:3000/' });
const nodeGlobal = globalThis as { XMLHttpRequest?: unknown };

const keyIn = (head: string) => new RegExp(`^${IDEMPOTENCY_KEY_HEADER}: (.+)$`, 'im').exec(head)?.[1]?.trim();

describe('an answer the client never heard', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startDroppingProxy>>;
  let agent: UserRow;
  let admin: UserRow;
  let product: ProductRow;

  const signIn = async (user: UserRow) =>
    useSession.getState().setSession(await t.app.tokens.sign(user), { _id: user.id } as unknown as User);

  beforeAll(async () => {
    nodeGlobal.XMLHttpRequest = page.window.XMLHttpRequest;
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    proxy = await startDroppingProxy(port);
    setRuntimeConfig({ apiBaseUrl: proxy.url });
    const vendor = (await createUser(t.db, { role: 'manager' })).user;
    agent = (await createUser(t.db, { role: 'agent' })).user;
    admin = (await createUser(t.db, { role: 'admin' })).user;
    product = await createProduct(t.db, vendor);
  });
  afterAll(async () => {
    useSession.setState({ token: null, user: null, status: 'signed-out' });
    await proxy?.close();
    await t?.close();
    delete nodeGlobal.XMLHttpRequest;
    page.window.close();
  });
  beforeEach(() => {
    proxy.state.drop = 0;
    proxy.state.dropped = 0;
    proxy.state.requests = [];
  });

  it('places the order once: the retry with the same key gets the first answer', async () => {
    await signIn(agent);
    const body = await orderBodyAs(t.app, agent, product.id);
    proxy.state.drop = 1;
    const order = await createOrder(body);

    expect(proxy.state.dropped).toBe(1);
    expect(proxy.state.requests).toHaveLength(2);
    const [first, second] = proxy.state.requests.map(keyIn);
    expect(first).toBeDefined();
    expect(second).toBe(first);
    const placed = await t.db.select().from(orders).where(eq(orders.amzOrderNumber, body.amzOrderNumber));
    expect(placed.map((row) => row.id)).toEqual([order._id]);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, agent.id))).toHaveLength(1);
  });

  it('without a key, sending the order again after the lost answer is refused as a conflict with itself', async () => {
    await signIn(agent);
    const body = await orderBodyAs(t.app, agent, product.id);
    proxy.state.drop = 1;
    const lost = await apiRequest('/api/orders', { method: 'POST', data: body }).catch((error: unknown) => error);
    expect(lost).toMatchObject({ kind: 'network' });
    const again = await apiRequest('/api/orders', { method: 'POST', data: body }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ApiError);
    // its screenshot and its number are the first order's now
    expect(again).toMatchObject({ status: 409 });
    expect([MESSAGES.screenshotOnAnotherOrder, MESSAGES.orderNumberTaken]).toContain((again as ApiError).message);
  });

  it('pays once when the answer to the payout is lost twice', async () => {
    await signIn(admin);
    const payee = (await createUser(t.db, { role: 'agent' })).user;
    const order = await createOrderRow(t.db, product, payee);
    proxy.state.drop = 2;
    const payout = await createPayout({ agentId: payee.id, orderIds: [order.id], reference: `LOST-${order.id}` });

    expect(proxy.state.dropped).toBe(2);
    expect(new Set(proxy.state.requests.map(keyIn)).size).toBe(1);
    expect(proxy.state.requests).toHaveLength(3);
    const paid = await t.db.select().from(payouts).where(eq(payouts.agentId, payee.id));
    expect(paid.map((row) => row.id)).toEqual([payout._id]);
  });
});
