import { OFFLINE_MESSAGES } from 'shared-api/contract';
import { describe, expect, it } from 'vitest';
import { appUrlOf, notificationOf } from './sw-messages';

const ORIGIN = 'https://app.example.com';

describe("the service worker's push messages", () => {
  it("shows a refund alert's title and body once per alert, opening its order", () => {
    const { title, options } = notificationOf(
      {
        title: 'Order update',
        body: 'A refund screenshot was added to order 123.',
        url: '/agent/orders/abc',
        kind: 'order_status',
        alertId: 'a1',
      },
      ORIGIN,
    );
    expect(title).toBe('Order update');
    expect(options).toMatchObject({
      body: 'A refund screenshot was added to order 123.',
      tag: 'alert-a1',
      data: { url: `${ORIGIN}/agent/orders/abc` },
    });
  });

  it('shows a message without a payload under the app name, opening the start page', () => {
    const { title, options } = notificationOf(null, ORIGIN);
    expect(title).toBe(OFFLINE_MESSAGES.notificationTitle);
    expect(options.tag).toBeUndefined();
    expect(options.data).toEqual({ url: `${ORIGIN}/` });
  });

  it("never opens another origin's page from a pushed url", () => {
    expect(appUrlOf('https://evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrlOf('//evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrlOf('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrlOf(42, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrlOf('/agent/payouts/p1', ORIGIN)).toBe(`${ORIGIN}/agent/payouts/p1`);
  });
});
