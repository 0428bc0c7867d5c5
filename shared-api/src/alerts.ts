import { apiRequest } from './client';
import type { AlertList } from './contract/schemas';
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
