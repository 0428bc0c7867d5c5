import { apiRequest, currentToken } from './client';
import { getRuntimeConfig } from './config';
import type { Alert, AlertList } from './contract/schemas';
import { useLocaleStore } from './i18n';
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
  return toAlertPage(data, headers);
}

/** How many of the caller's alerts are unread (for a badge): one small request. */
export async function fetchUnreadAlertCount(): Promise<number> {
  const { data } = await apiRequest<AlertList>('/api/alerts', { params: { limit: 1 } });
  return data.unread;
}

/** What the live stream (or its fallback, polling) says: a new alert, or the unread count now. */
export type LiveAlertUpdate = { kind: 'alert'; alert: Alert } | { kind: 'unread'; unread: number };

/**
 * Opens the signed-in user's live alert stream (./alert-stream.ts, downloaded on the first
 * call, so never on the login page) and hands each update to `onUpdate` (the shell writes them
 * into the query cache); returns the function that closes it (sign-out).
 */
export function startLiveAlerts(onUpdate: (update: LiveAlertUpdate) => void): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  import('./alert-stream').then(
    ({ runAlertStream }) => {
      if (stopped) return;
      const open = () =>
        runAlertStream({
          url: () => `${getRuntimeConfig().apiBaseUrl}/api/alerts/stream`,
          getToken: currentToken,
          getLocale: () => useLocaleStore.getState().locale,
          onAlert: (alert) => onUpdate({ kind: 'alert', alert }),
          onUnread: (unread) => onUpdate({ kind: 'unread', unread }),
          poll: fetchUnreadAlertCount,
        });
      stop = open();
      // the server writes a stream's alerts in the language it was opened in: a switch opens another
      unsubscribe = useLocaleStore.subscribe((state, previous) => {
        if (state.locale === previous.locale || stopped) return;
        stop?.();
        stop = open();
      });
    },
    () => {
      // no stream this time: the badge is still asked for when the app regains focus and after each change
    },
  );
  return () => {
    stopped = true;
    unsubscribe?.();
    stop?.();
  };
}
