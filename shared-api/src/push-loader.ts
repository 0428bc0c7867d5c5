/**
 * The push endpoints of ./push.ts, each loading that chunk on first use (docs/domain.md, Push
 * notifications): only the settings call them, so the main entry carries these few lines only.
 */
import { ApiError } from './client';
import { MESSAGES } from './contract/messages';
import type { PushPreferences, PushSubscriptionInput, PushSubscriptionJson } from './contract/push';

let loading: Promise<typeof import('./push')> | undefined;

function loadPush() {
  loading ??= import('./push').catch((error: unknown) => {
    // a failed chunk load (a network blip, a redeploy) is tried again by the next call
    loading = undefined;
    throw new ApiError(MESSAGES.noResponse, 'network', undefined, false, { cause: error });
  });
  return loading;
}

export const fetchPushKey = async (): Promise<string> => (await loadPush()).fetchPushKey();
export const fetchPushSubscriptions = async (): Promise<PushSubscriptionJson[]> =>
  (await loadPush()).fetchPushSubscriptions();
export const savePushSubscription = async (subscription: PushSubscriptionInput): Promise<PushSubscriptionJson> =>
  (await loadPush()).savePushSubscription(subscription);
export const deletePushSubscription = async (endpoint: string): Promise<boolean> =>
  (await loadPush()).deletePushSubscription(endpoint);
export const fetchPushPreferences = async (): Promise<PushPreferences> => (await loadPush()).fetchPushPreferences();
export const savePushPreferences = async (preferences: PushPreferences): Promise<PushPreferences> =>
  (await loadPush()).savePushPreferences(preferences);
