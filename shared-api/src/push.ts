/**
 * Push notifications' endpoints (docs/domain.md, Push notifications): the server's key, this
 * account's subscriptions, the kinds it turned off. A chunk of its own, loaded through
 * ./push-loader.ts when a settings page asks, so neither the sign-in page nor an area's first
 * visit carries it.
 */
import { ApiError, apiRequest } from './client';
import type { PushPreferences, PushSubscriptionInput, PushSubscriptionJson } from './contract/push';

/** The server's VAPID public key (base64url): the applicationServerKey a browser subscribes with. */
export async function fetchPushKey(): Promise<string> {
  const { data } = await apiRequest<{ publicKey: string }>('/api/push/key');
  return data.publicKey;
}

/** The caller's subscriptions (its devices with notifications on), newest first. */
export async function fetchPushSubscriptions(): Promise<PushSubscriptionJson[]> {
  const { data } = await apiRequest<PushSubscriptionJson[]>('/api/push/subscriptions');
  return data;
}

/** Sends a browser's subscription (its `toJSON()`); a refusal (400) names the field in its message. */
export async function savePushSubscription(subscription: PushSubscriptionInput): Promise<PushSubscriptionJson> {
  const { endpoint, keys } = subscription;
  const { data } = await apiRequest<PushSubscriptionJson>('/api/push/subscriptions', {
    method: 'POST',
    data: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  return data;
}

/** Ends the caller's subscription of `endpoint`; false when the server had none there (its 404). */
export async function deletePushSubscription(endpoint: string): Promise<boolean> {
  try {
    await apiRequest<null>('/api/push/subscriptions', { method: 'DELETE', data: { endpoint } });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/** The kinds of alert the caller does not want pushed. */
export async function fetchPushPreferences(): Promise<PushPreferences> {
  const { data } = await apiRequest<PushPreferences>('/api/push/preferences');
  return data;
}

/** Sets the kinds of alert the caller does not want pushed; answers them as saved. */
export async function savePushPreferences(preferences: PushPreferences): Promise<PushPreferences> {
  const { data } = await apiRequest<PushPreferences>('/api/push/preferences', {
    method: 'PUT',
    data: { kindsOff: preferences.kindsOff },
  });
  return data;
}
