/**
 * Random sequences of what agents, managers and admins do to orders (docs/domain.md, Order
 * history), refused requests included (another's order, a paid or cancelled order, a move the
 * agent status machine forbids, a taken order number, a review type the product does not take),
 * sent through the API. After every step: a refusal changed nothing and wrote nothing; an
 * accepted request wrote events exactly when it changed the order; the order's history replays
 * to its current state; the paid events match the paid orders. After every sequence: every
 * order's history replays, and each agent's and manager's paid commission is the sum of its
 * paid events.
 */
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { AGENT_STATUSES, ORDER_STATUSES, REVIEW_TYPES } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, type ProductRow, type UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import {
  expectHistoryReplays,
  expectPaidCommissionsFromEvents,
  expectPaidEventsMatchOrders,
  trackedValues,
} from '../test/order-history';
import { amzNumber, createProduct, insertUpload, orderBody, putAsAgent, putAsStaff } from '../test/orders';

/** Runs and steps: a few seconds on PGlite with 2 cores. */
const RUNS = 20;
const MAX_STEPS = 12;

/** a screenshot: none, or one of two uploads of the caller's (run() makes them; one on another order is refused) */
const image = fc.constantFrom('', 'a', 'b');
/** an order number: a fresh one, or one of the run's three (which other orders may hold) */
const orderNumber = fc.oneof(fc.constant('fresh' as const), fc.integer({ min: 0, max: 2 }));
type OrderNumber = 'fresh' | number;

const place = fc.record({
  kind: fc.constant('place' as const),
  agent: fc.integer({ min: 0, max: 1 }),
  product: fc.integer({ min: 0, max: 1 }),
  reviewType: fc.constantFrom(...REVIEW_TYPES),
  number: orderNumber,
  comments: fc.constantFrom('', 'Fast delivery'),
});
const agentEdit = fc.record({
  kind: fc.constant('agent' as const),
  agent: fc.integer({ min: 0, max: 1 }),
  order: fc.nat(),
  edit: fc.record(
    {
      AgentStatus: fc.constantFrom(...AGENT_STATUSES, 'Cancelled'),
      reviewType: fc.constantFrom(...REVIEW_TYPES),
      amzOrderNumber: orderNumber,
      buyerName: fc.constantFrom('Sara Khan', 'Zara Ali'),
      comments: fc.constantFrom('', 'Fast delivery', 'Late'),
      orderScreenshot: image,
      reviewScreenShot: image,
      FeedbackScreenShot: image,
    },
    { requiredKeys: [] },
  ),
});
const staffEdit = fc.record({
  kind: fc.constant('staff' as const),
  staff: fc.constantFrom('managerA', 'managerB', 'admin'),
  order: fc.nat(),
  edit: fc.record(
    {
      status: fc.constantFrom('', 'On-Hold', 'Refunded', ...ORDER_STATUSES.slice(0, 2)),
      refundShot: image,
      comissionStatus: fc.constantFrom('paid', 'unpaid'),
    },
    { requiredKeys: [] },
  ),
});
const step = fc.oneof(place, agentEdit, agentEdit, staffEdit, staffEdit);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

describe('the order history under random sequences of changes', () => {
  let t: TestApp;
  let agents: UserRow[];
  let staff: Record<'managerA' | 'managerB' | 'admin', UserRow>;
  let catalogue: ProductRow[];

  beforeAll(async () => {
    t = await createTestApp();
    const user = async (role: 'agent' | 'manager' | 'admin', firstName: string) =>
      (await createUser(t.db, { role, firstName, lastName: 'Test' })).user;
    agents = [await user('agent', 'Hira'), await user('agent', 'Bilal')];
    staff = {
      managerA: await user('manager', 'Maha'),
      managerB: await user('manager', 'Musa'),
      admin: await user('admin', 'Ada'),
    };
    catalogue = [
      await createProduct(t.db, staff.managerA),
      await createProduct(t.db, staff.managerB, { reviewTypes: ['text', 'no review'] }),
    ];
  });
  afterAll(() => t.close());

  const eventCount = () => t.db.$count(orderEvents);
  const stateOf = async (orderId: string | undefined) => {
    if (!orderId) return undefined;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    return order && trackedValues(order);
  };

  async function run(steps: Step[]): Promise<void> {
    const placed: string[] = [];
    const numbers = [amzNumber(), amzNumber(), amzNumber()];
    const numberOf = (pick: OrderNumber) => (pick === 'fresh' ? amzNumber() : (numbers[pick] as string));
    const uploaded = new Map<string, string>();
    const imageOf = async (who: UserRow, pick: string) => {
      const name = `${who.id} ${pick}`;
      if (pick !== '' && !uploaded.has(name)) uploaded.set(name, await insertUpload(t.db, who));
      return uploaded.get(name) ?? '';
    };
    /** The edit with its screenshots' picks as the caller's uploads. */
    const withImages = async <Edit extends Record<string, unknown>>(who: UserRow, edit: Edit): Promise<Edit> => {
      const images = Object.entries(edit).filter(([field]) => /Screen[sS]hot|refundShot/.test(field));
      const links = await Promise.all(images.map(async ([field, pick]) => [field, await imageOf(who, String(pick))]));
      return { ...edit, ...Object.fromEntries(links) };
    };

    for (const s of steps) {
      const orderId = s.kind === 'place' || placed.length === 0 ? undefined : placed[s.order % placed.length];
      if (s.kind !== 'place' && !orderId) continue;
      const [before, eventsBefore] = [await stateOf(orderId), await eventCount()];

      let res: Awaited<ReturnType<typeof putAsAgent>>;
      if (s.kind === 'place') {
        const agent = agents[s.agent] as UserRow;
        const body = orderBody((catalogue[s.product] as ProductRow).id, {
          reviewType: s.reviewType,
          amzOrderNumber: numberOf(s.number),
          comments: s.comments,
          orderScreenshot: await insertUpload(t.db, agent),
        });
        res = await injectAs(t.app, agent, { method: 'POST', url: '/api/orders', payload: body });
      } else if (s.kind === 'agent') {
        const { amzOrderNumber, ...edit } = s.edit;
        const agent = agents[s.agent] as UserRow;
        const payload = amzOrderNumber === undefined ? edit : { ...edit, amzOrderNumber: numberOf(amzOrderNumber) };
        res = await putAsAgent(t.app, agent, orderId as string, await withImages(agent, payload));
      } else {
        res = await putAsStaff(t.app, staff[s.staff], orderId as string, await withImages(staff[s.staff], s.edit));
      }
      const label = `${JSON.stringify(s)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, label).toBeLessThan(500);

      const eventsAfter = await eventCount();
      if (res.statusCode >= 400) {
        expect(eventsAfter, `a refusal writes nothing: ${label}`).toBe(eventsBefore);
        expect(await stateOf(orderId), `a refusal changes nothing: ${label}`).toEqual(before);
        continue;
      }
      const changedId = s.kind === 'place' ? (res.json()._id as string) : (orderId as string);
      if (s.kind === 'place') {
        placed.push(changedId);
        expect(eventsAfter, `one placed event: ${label}`).toBe(eventsBefore + 1);
      } else {
        const changed = JSON.stringify(await stateOf(changedId)) !== JSON.stringify(before);
        expect(eventsAfter > eventsBefore, `events exactly when the order changed: ${label}`).toBe(changed);
      }
      await expectHistoryReplays(t.db, changedId);
      await expectPaidEventsMatchOrders(t.db);
    }

    for (const id of placed) await expectHistoryReplays(t.db, id);
    await expectPaidCommissionsFromEvents(t.app, staff.admin);
    // every order of the run has its history from its placement on
    if (placed.length > 0) {
      const first = await t.db
        .selectDistinctOn([orderEvents.orderId], { action: orderEvents.action })
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, placed))
        .orderBy(orderEvents.orderId, orderEvents.at, orderEvents.seq);
      expect(first.map((e) => e.action)).toEqual(placed.map(() => 'placed'));
    }
  }

  it('replays every history to its order and keeps the paid events equal to the paid commission', {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(place, fc.array(step, { maxLength: MAX_STEPS - 1 }), (first, rest) => run([first, ...rest])),
      { numRuns: RUNS },
    );
  });
});
