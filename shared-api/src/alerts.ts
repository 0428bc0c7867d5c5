import { apiRequest, currentToken } from './client';
import { getRuntimeConfig } from './config';
import type { Alert, AlertList } from './contract/schemas';
import type { ListParams } from './products';

/** A page of the caller's alerts: newest first, `unread` over all of them, `total` from X-Total-Count. */
export interface AlertPage extends AlertList {
  total: number;
}

function toAlertPage(data: AlertList, headers: Record<string, string>): AlertPage {
  const total = Number(headers['x-total-count'] ?? data.alerts.length);
  return { ...data, total: Number.isFinite(total) ? total : data.alerts.length };
}

export async function fetchAlerts(params: ListParams = {}): Promise<AlertPage> {
  const { data, headers } = await apiRequest<AlertList>('/api/alerts', { params: { ...params } });
  return toAlertPage(data, headers);
}

/** Marks every alert of the caller read; answers the page asked for, as fetchAlerts does. */
export async function markAllAlertsRead(params: ListParams = {}): Promise<AlertPage> {
  const { data, headers } = await apiRequest<AlertList>('/api/alerts/read-all', {
    method: 'PUT',
    params: { ...params },
  });
  notifyAlertsChanged();
  return toAlertPage(data, headers);
}

/** How many of the caller's alerts are unread (for a badge): one small request. */
export async function fetchUnreadAlertCount(): Promise<number> {
  const { data } = await apiRequest<AlertList>('/api/alerts', { params: { limit: 1 } });
  return data.unread;
}

const alertListeners = new Set<() => void>();

/**
 * Tells whoever shows an unread count (the shell's badge) that it may have changed.
 * shared-api is one shared instance, so a remote's change reaches the shell's listener.
 */
export function notifyAlertsChanged(): void {
  for (const listener of [...alertListeners]) listener();
}

/** Calls `listener` after each notifyAlertsChanged (markAllAlertsRead calls it). Returns the unsubscribe. */
export function onAlertsChanged(listener: () => void): () => void {
  alertListeners.add(listener);
  return () => {
    alertListeners.delete(listener);
  };
}

/** What the live stream (or its fallback, polling) says: a new alert, or the unread count now. */
export type LiveAlertUpdate = { kind: 'alert'; alert: Alert } | { kind: 'unread'; unread: number };

const liveListeners = new Set<(update: LiveAlertUpdate) => void>();

/** Calls `listener` with each live update (the shell's badge, the alert center). Returns the unsubscribe. */
export function onLiveAlerts(listener: (update: LiveAlertUpdate) => void): () => void {
  liveListeners.add(listener);
  return () => {
    liveListeners.delete(listener);
  };
}

export function publishLiveAlerts(update: LiveAlertUpdate): void {
  for (const listener of [...liveListeners]) listener(update);
}

/**
 * Opens the signed-in user's live alert stream (./alert-stream.ts, downloaded on the first
 * call, so never on the login page); returns the function that closes it (sign-out).
 */
export function startLiveAlerts(): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  import('./alert-stream').then(
    ({ runAlertStream }) => {
      if (stopped) return;
      stop = runAlertStream({
        url: () => `${getRuntimeConfig().apiBaseUrl}/api/alerts/stream`,
        getToken: currentToken,
        onAlert: (alert) => publishLiveAlerts({ kind: 'alert', alert }),
        onUnread: (unread) => publishLiveAlerts({ kind: 'unread', unread }),
        poll: fetchUnreadAlertCount,
      });
    },
    () => {
      // no stream this time: the badge still loads on each navigation
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
