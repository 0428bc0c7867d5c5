/**
 * What the app says when it has no connection (docs/architecture.md, Phone app): the banner, the
 * mark on figures kept from the last visit, and the title of a push message that came without one.
 */
export const OFFLINE_MESSAGES = {
  offline: 'You are offline.',
  needsConnection: 'You are offline: this needs a connection.',
  notificationTitle: 'Review marketplace',
} as const;

/** The mark on figures shown as last seen: `time` is already formatted for the reader. */
export const asOfLabel = (time: string): string => `As of ${time}`;

/**
 * Every localStorage key of what is kept for offline use starts with this: the signed-in person's
 * own record (shared-api's session) and the figures and orders they saw
 * (shared-ui/src/lib/offline-cache.ts). Signing out deletes every such key.
 */
export const OFFLINE_STORAGE_PREFIX = 'offline:';
