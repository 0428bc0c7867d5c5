/**
 * What the service worker shows for a push message and where a click on it leads (./sw.ts).
 */
import { OFFLINE_MESSAGES, type PushPayload } from 'shared-api/contract';

/** An app URL from a pushed `url`: a path of the app's own origin, else the app's start. */
export function appUrlOf(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** The notification of a push payload: one per alert (its tag), opening the page it concerns. */
export function notificationOf(
  payload: Partial<PushPayload> | null,
  origin: string,
): { title: string; options: NotificationOptions } {
  const title =
    typeof payload?.title === 'string' && payload.title ? payload.title : OFFLINE_MESSAGES.notificationTitle;
  const options: NotificationOptions = {
    body: typeof payload?.body === 'string' ? payload.body : '',
    icon: '/icons/icon-192.png',
    data: { url: appUrlOf(payload?.url, origin) },
  };
  if (typeof payload?.alertId === 'string' && payload.alertId) options.tag = `alert-${payload.alertId}`;
  return { title, options };
}
