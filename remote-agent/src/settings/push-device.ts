/**
 * This device's side of push notifications (docs/domain.md, Push notifications: on the agent's
 * phone): the browser's permission, the service worker's PushManager, and the server's list of
 * the account's subscriptions. The service worker itself is the shell's; this only asks for it.
 */
import { deletePushSubscription, fetchPushKey, fetchPushSubscriptions, savePushSubscription } from 'shared-api';
import { PUSH_SETTINGS_MESSAGES, type PushSubscriptionInput } from 'shared-api/contract';

/** Which of PUSH_SETTINGS_MESSAGES a refusal of the browser's is (the screen words it in its language). */
export type PushDeviceProblem = 'unsupported' | 'denied' | 'dismissed' | 'noServiceWorker' | 'pushServiceFailed';

/** A refusal of the browser's (not the server's): its message says what to do. */
export class PushDeviceError extends Error {
  readonly problem: PushDeviceProblem;
  constructor(problem: PushDeviceProblem, options?: ErrorOptions) {
    super(PUSH_SETTINGS_MESSAGES[problem], options);
    this.name = 'PushDeviceError';
    this.problem = problem;
  }
}

export interface PushDeviceState {
  /** 'unsupported': no service worker or PushManager; 'no-worker': no service worker registered yet */
  support: 'ready' | 'unsupported' | 'no-worker';
  permission: NotificationPermission;
  /** this browser has a subscription the server knows for this account */
  on: boolean;
  /** the account's subscriptions on other devices (or other browsers of this one) */
  otherDevices: number;
}

/** Whether this browser can receive Web Push at all. */
export function pushSupported(): boolean {
  // navigator.serviceWorker is missing outside a secure context (plain http), whatever the browser
  return (
    typeof navigator !== 'undefined' &&
    navigator.serviceWorker !== undefined &&
    typeof PushManager !== 'undefined' &&
    typeof Notification !== 'undefined'
  );
}

/** The shell's service worker's registration for this page, if one is registered. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** How long a tap waits for a worker still installing (a first visit) before saying there is none. */
export const WORKER_WAIT_MS = 10_000;

/**
 * The registration once its worker is active (PushManager.subscribe needs one): at once when it
 * is, else when `serviceWorker.ready` says so, at most WORKER_WAIT_MS later.
 */
async function activeRegistration(found: ServiceWorkerRegistration): Promise<ServiceWorkerRegistration | undefined> {
  if (found.active) return found;
  let timer: number | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = window.setTimeout(resolve, WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    window.clearTimeout(timer);
  }
}

/** This device's state: the browser's subscription matched with the server's list. */
export async function readPushDevice(): Promise<PushDeviceState> {
  const subscriptions = await fetchPushSubscriptions();
  if (!pushSupported()) {
    return { support: 'unsupported', permission: 'default', on: false, otherDevices: subscriptions.length };
  }
  const worker = await registration();
  const endpoint = (await worker?.pushManager.getSubscription())?.endpoint ?? null;
  const on = endpoint !== null && subscriptions.some((subscription) => subscription.endpoint === endpoint);
  return {
    support: worker ? 'ready' : 'no-worker',
    permission: Notification.permission,
    on,
    otherDevices: subscriptions.filter((subscription) => subscription.endpoint !== endpoint).length,
  };
}

/** A base64url text (the server's VAPID key) as the bytes PushManager.subscribe takes. */
export function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function subscribeWith(pushManager: PushManager, publicKey: string): Promise<PushSubscription> {
  const options = { userVisibleOnly: true, applicationServerKey: base64urlBytes(publicKey) };
  try {
    return await pushManager.subscribe(options);
  } catch (error) {
    // a subscription made with another key (the server's key changed) must go before a new one
    const stale = await pushManager.getSubscription().catch(() => null);
    if (stale && (await stale.unsubscribe().catch(() => false))) {
      try {
        return await pushManager.subscribe(options);
      } catch (again) {
        throw new PushDeviceError('pushServiceFailed', { cause: again });
      }
    }
    throw new PushDeviceError('pushServiceFailed', { cause: error });
  }
}

/** What the server takes of a PushSubscription (its toJSON() may lack keys in an odd browser). */
function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new PushDeviceError('pushServiceFailed');
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/**
 * Turns notifications on for this device: the browser's permission (asked on the person's tap),
 * a subscription with the server's key, then the server's record of it. A refusal of the
 * server's (an endpoint it does not allow) takes the browser's subscription back.
 */
export async function turnOnPushHere(): Promise<void> {
  if (!pushSupported()) throw new PushDeviceError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushDeviceError('denied');
  if (permission !== 'granted') throw new PushDeviceError('dismissed');
  const found = await registration();
  const worker = found && (await activeRegistration(found));
  if (!worker) throw new PushDeviceError('noServiceWorker');
  const subscription = await subscribeWith(worker.pushManager, await fetchPushKey());
  try {
    await savePushSubscription(subscriptionInput(subscription));
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
}

/** Turns notifications off for this device: the server forgets it, then the browser drops it. */
export async function turnOffPushHere(): Promise<void> {
  const worker = pushSupported() ? await registration() : undefined;
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return;
  // false: the server had none there already, which is what was asked
  await deletePushSubscription(subscription.endpoint);
  await subscription.unsubscribe().catch(() => false);
}
