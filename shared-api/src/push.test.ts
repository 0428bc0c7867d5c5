import { beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from './config';
import { PUSH_MESSAGES } from './contract/push';
import {
  deletePushSubscription,
  fetchPushKey,
  fetchPushPreferences,
  fetchPushSubscriptions,
  savePushPreferences,
  savePushSubscription,
} from './push-loader';
import { answer, jsonBodyOf, requests, resetFakeHttp } from './testing/fake-http';

const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
};
const SAVED = { _id: 's1', endpoint: SUBSCRIPTION.endpoint, createdAt: '2026-11-28T01:00:00.000Z' };

const bodyOf = (index: number) => jsonBodyOf(requests[index]);

describe('push notifications', () => {
  beforeEach(() => {
    resetFakeHttp();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  });

  it("reads the server's public key", async () => {
    answer(() => ({ status: 200, data: { publicKey: 'BPublicKey' } }));

    await expect(fetchPushKey()).resolves.toBe('BPublicKey');
    expect(requests[0]?.path).toBe('/api/push/key');
    expect(requests[0]?.method).toBe('GET');
  });

  it("lists the caller's subscriptions", async () => {
    answer(() => ({ status: 200, data: [SAVED] }));

    await expect(fetchPushSubscriptions()).resolves.toEqual([SAVED]);
    expect(requests[0]?.path).toBe('/api/push/subscriptions');
  });

  it("posts only the endpoint and the keys of a browser's subscription", async () => {
    answer(() => ({ status: 201, data: SAVED }));

    // a PushSubscription's toJSON() also carries expirationTime, which the server does not take
    const json = { ...SUBSCRIPTION, expirationTime: null };
    await expect(savePushSubscription(json)).resolves.toEqual(SAVED);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.path).toBe('/api/push/subscriptions');
    expect(bodyOf(0)).toEqual(SUBSCRIPTION);
  });

  it("rejects with the server's message when it refuses the subscription", async () => {
    answer(() => ({ status: 400, data: { message: PUSH_MESSAGES.endpointInvalid } }));

    await expect(savePushSubscription(SUBSCRIPTION)).rejects.toMatchObject({
      message: PUSH_MESSAGES.endpointInvalid,
      status: 400,
    });
  });

  it('deletes a subscription by its endpoint, and says false when the server had none there', async () => {
    answer(() => ({ status: 204 }));
    await expect(deletePushSubscription(SUBSCRIPTION.endpoint)).resolves.toBe(true);
    expect(requests[0]?.method).toBe('DELETE');
    expect(requests[0]?.path).toBe('/api/push/subscriptions');
    expect(bodyOf(0)).toEqual({ endpoint: SUBSCRIPTION.endpoint });

    answer(() => ({ status: 404, data: { message: PUSH_MESSAGES.subscriptionNotFound } }));
    await expect(deletePushSubscription(SUBSCRIPTION.endpoint)).resolves.toBe(false);

    answer(() => ({ status: 500, data: { message: 'down' } }));
    await expect(deletePushSubscription(SUBSCRIPTION.endpoint)).rejects.toMatchObject({ status: 500 });
  });

  it('reads and saves the kinds turned off', async () => {
    answer(() => ({ status: 200, data: { kindsOff: ['order_status'] } }));
    await expect(fetchPushPreferences()).resolves.toEqual({ kindsOff: ['order_status'] });
    expect(requests[0]?.path).toBe('/api/push/preferences');

    answer(() => ({ status: 200, data: { kindsOff: ['commission_status'] } }));
    await expect(savePushPreferences({ kindsOff: ['commission_status'] })).resolves.toEqual({
      kindsOff: ['commission_status'],
    });
    expect(requests[1]?.method).toBe('PUT');
    expect(requests[1]?.path).toBe('/api/push/preferences');
    expect(bodyOf(1)).toEqual({ kindsOff: ['commission_status'] });
  });
});
