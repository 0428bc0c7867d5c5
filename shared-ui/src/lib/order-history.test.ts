import type { OrderEvent } from 'shared-api/contract';
import { describe, expect, it } from 'vitest';
import { describeOrderChanges, describeOrderEvent, newestFirst, orderEventActor } from './order-history';

const hira = { _id: 'agent-1', name: 'Hira Gill', role: 'agent' } as const;
const sara = { _id: 'manager-1', name: 'Sara Khan', role: 'manager' } as const;
const admin = { _id: 'admin-1', name: 'Admin', role: 'admin' } as const;

function event(overrides: Partial<OrderEvent>): OrderEvent {
  return {
    _id: 'event-1',
    at: '2026-11-22T10:04:00.000Z',
    actor: hira,
    action: 'updated',
    changes: {},
    ...overrides,
  };
}

const updated = (changes: OrderEvent['changes']) => describeOrderEvent(event({ action: 'updated', changes }));

describe('describeOrderEvent', () => {
  it("says which fraud flag an admin dismissed, with the admin's note", () => {
    const dismissal = event({
      actor: admin,
      action: 'flag-dismissed',
      changes: {
        flag: { from: 'screenshot-reused', to: 'dismissed' },
        note: { from: null, to: 'Same buyer, two separate purchases.' },
      },
    });
    expect(describeOrderEvent(dismissal)).toBe(
      'Admin dismissed the flag “Screenshot reused”: “Same buyer, two separate purchases.”',
    );
    expect(describeOrderEvent(event({ actor: admin, action: 'flag-dismissed' }))).toBe('Admin dismissed a fraud flag');
  });

  it('says who placed the order, whatever the placement lists', () => {
    expect(describeOrderEvent(event({ action: 'placed' }))).toBe('Hira Gill placed the order');
    expect(
      describeOrderEvent(
        event({ action: 'placed', changes: { amzOrderNumber: { from: null, to: '111-1111111-1111111' } } }),
      ),
    ).toBe('Hira Gill placed the order');
  });

  it.each([
    ['amzOrderNumber', 'order number', '111-1111111-1111111', '222-2222222-2222222'],
    ['buyerPayPal', 'buyer PayPal', 'old@example.com', 'new@example.com'],
    ['buyerName', 'buyer name', 'Bilal Buyer', 'Sana Buyer'],
  ])('names the %s as the %s, with its old and new value', (field, label, from, to) => {
    expect(updated({ [field]: { from, to } })).toBe(`Hira Gill changed the ${label} from ${from} to ${to}`);
  });

  it('says a text field was set when it was empty, and cleared when it is emptied', () => {
    expect(updated({ buyerName: { from: '', to: 'Sana Buyer' } })).toBe('Hira Gill set the buyer name to Sana Buyer');
    expect(updated({ buyerName: { from: null, to: 'Sana Buyer' } })).toBe('Hira Gill set the buyer name to Sana Buyer');
    expect(updated({ buyerPayPal: { from: 'old@example.com', to: '' } })).toBe('Hira Gill cleared the buyer PayPal');
  });

  it('gives the commission that came with a new review type in rupees', () => {
    expect(
      updated({
        reviewType: { from: 'text', to: 'picture' },
        comission: { from: 500, to: 600 },
      }),
    ).toBe('Hira Gill changed the review type from text to picture (commission Rs\u00a0500 → Rs\u00a0600)');
    expect(updated({ reviewType: { from: 'no review', to: 'video' } })).toBe(
      'Hira Gill changed the review type from no review to video',
    );
  });

  it('writes a commission change on its own in rupees, with thousands and paisa', () => {
    expect(updated({ comission: { from: 1200, to: 1234.5 } })).toBe(
      'Hira Gill changed the commission from Rs\u00a01,200 to Rs\u00a01,234.50',
    );
  });

  it.each([
    ['orderScreenshot', 'order screenshot'],
    ['reviewScreenShot', 'review screenshot'],
    ['FeedbackScreenShot', 'feedback screenshot'],
    ['refundShot', 'refund screenshot'],
  ])('says the %s was added, replaced or removed, never where it is', (field, label) => {
    expect(updated({ [field]: { from: null, to: 'image' } })).toBe(`Hira Gill added the ${label}`);
    expect(updated({ [field]: { from: 'image', to: 'image' } })).toBe(`Hira Gill replaced the ${label}`);
    expect(updated({ [field]: { from: 'image', to: null } })).toBe(`Hira Gill removed the ${label}`);
  });

  it('sets the agent status by its label, and says a cancellation in words', () => {
    expect(
      describeOrderEvent(
        event({ action: 'agent-status', changes: { AgentStatus: { from: 'Ordered', to: 'Reviewed' } } }),
      ),
    ).toBe('Hira Gill set the agent status to Reviewed');
    expect(
      describeOrderEvent(
        event({ action: 'agent-status', changes: { AgentStatus: { from: 'submitted', to: 'cancelled' } } }),
      ),
    ).toBe('Hira Gill cancelled the order');
  });

  it('sets the order status by its label, and says when it was cleared', () => {
    const status = (from: string, to: string) =>
      describeOrderEvent(event({ actor: sara, action: 'status', changes: { status: { from, to } } }));
    expect(status('', 'Refunded')).toBe('Sara Khan set the order status to Refunded');
    expect(status('Refunded', 'Feedback Rfnd')).toBe('Sara Khan set the order status to Feedback Refund');
    expect(status('On-Hold', '')).toBe('Sara Khan cleared the order status');
  });

  it('says the commission was marked paid or unpaid', () => {
    const commission = (to: string) =>
      describeOrderEvent(
        event({ actor: admin, action: 'commission', changes: { comissionStatus: { from: 'x', to } } }),
      );
    expect(commission('paid')).toBe('Admin marked the commission paid');
    expect(commission('unpaid')).toBe('Admin marked the commission unpaid');
  });

  it('says a refund screenshot event in words', () => {
    expect(
      describeOrderEvent(
        event({ actor: sara, action: 'refund-shot', changes: { refundShot: { from: null, to: 'image' } } }),
      ),
    ).toBe('Sara Khan added the refund screenshot');
  });

  it('quotes new comments, shortening long ones, and says when they were removed', () => {
    expect(updated({ comments: { from: '', to: 'Buyer asked for  a\nrefund.' } })).toBe(
      'Hira Gill added comments: “Buyer asked for a refund.”',
    );
    expect(updated({ comments: { from: 'old', to: 'new note' } })).toBe('Hira Gill changed the comments to “new note”');
    expect(updated({ comments: { from: 'old', to: '' } })).toBe('Hira Gill removed the comments');
    const long = `${'a'.repeat(100)}`;
    const sentence = updated({ comments: { from: '', to: long } });
    expect(sentence).toBe(`Hira Gill added comments: “${'a'.repeat(79)}…”`);
  });

  it('joins several changes into one sentence, in the order of the form', () => {
    expect(
      updated({
        comments: { from: '', to: 'done' },
        AgentStatus: { from: 'Ordered', to: 'Reviewed' },
        reviewScreenShot: { from: null, to: 'image' },
        amzOrderNumber: { from: '111-1111111-1111111', to: '222-2222222-2222222' },
      }),
    ).toBe(
      'Hira Gill changed the order number from 111-1111111-1111111 to 222-2222222-2222222, added the review screenshot, set the agent status to Reviewed, and added comments: “done”',
    );
    expect(
      describeOrderEvent(
        event({
          actor: sara,
          action: 'status',
          changes: { refundShot: { from: null, to: 'image' }, status: { from: '', to: 'Refunded' } },
        }),
      ),
    ).toBe('Sara Khan added the refund screenshot and set the order status to Refunded');
  });

  it('still shows a field it does not know, by the API name, after the known ones', () => {
    expect(updated({ trackingCode: { from: 'A1', to: 'B2' }, buyerName: { from: 'X', to: 'Y' } })).toBe(
      'Hira Gill changed the buyer name from X to Y and changed the trackingCode from A1 to B2',
    );
    expect(updated({ express: { from: false, to: true } })).toBe('Hira Gill changed the express from no to yes');
  });

  it.each([
    ['updated', 'updated the order'],
    ['agent-status', 'changed the agent status'],
    ['status', 'changed the order status'],
    ['refund-shot', 'changed the refund screenshot'],
    ['commission', 'changed the commission status'],
  ] as const)('says what a %s event did when it lists no change', (action, phrase) => {
    expect(describeOrderChanges({ action, changes: {} })).toEqual([phrase]);
  });

  it('names the actor by their role when the name is blank', () => {
    expect(orderEventActor({ actor: { _id: 'a', name: '  ', role: 'admin' } })).toBe('An admin');
    expect(orderEventActor({ actor: { _id: 'm', name: '', role: 'manager' } })).toBe('A manager');
    expect(describeOrderEvent(event({ actor: { _id: 'g', name: '', role: 'agent' }, action: 'placed' }))).toBe(
      'The agent placed the order',
    );
  });
});

describe('newestFirst', () => {
  it('turns the oldest-first history around without changing it', () => {
    const history = [1, 2, 3];
    expect(newestFirst(history)).toEqual([3, 2, 1]);
    expect(history).toEqual([1, 2, 3]);
  });
});
