/** Payouts as the API answers them, for the tests of the payout screens. */
import type { PayableAgent, Payout, PayoutDetail, PayoutOrder } from 'shared-api/contract';

export function payoutOrderFixture(overrides: Partial<PayoutOrder> = {}): PayoutOrder {
  return {
    _id: 'order-1',
    amzOrderNumber: '111-1111111-1111111',
    product: { _id: 'product-1', name: 'Steel water bottle' },
    buyerName: 'Bilal Ahmed',
    reviewType: 'text',
    AgentStatus: 'Feedbacked',
    comission: 350,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function payableAgentFixture(overrides: Partial<PayableAgent> = {}): PayableAgent {
  return {
    agent: { _id: 'agent-1', name: 'Ali Khan', email: 'ali@example.com' },
    orders: 3,
    total: 1070,
    payoutAccount: null,
    ...overrides,
  };
}

export function payoutFixture(overrides: Partial<Payout> = {}): Payout {
  return {
    _id: 'payout-1',
    agentId: 'agent-1',
    agent: { _id: 'agent-1', name: 'Ali Khan' },
    orderIds: ['order-1'],
    orders: 1,
    total: 350,
    reference: 'PP-1001',
    createdAt: '2026-11-22T15:04:00.000Z',
    createdBy: { _id: 'admin-1', name: 'Ada Admin' },
    payoutAccount: null,
    ...overrides,
  };
}

export function payoutDetailFixture(overrides: Partial<PayoutDetail> = {}): PayoutDetail {
  const items = overrides.items ?? [payoutOrderFixture()];
  return {
    ...payoutFixture({ orderIds: items.map((order) => order._id), orders: items.length }),
    total: items.reduce((sum, order) => sum + order.comission, 0),
    items,
    ...overrides,
  };
}
