/**
 * What the app says when it has no connection (docs/architecture.md, Phone app): the banner, the
 * mark on figures kept from the last visit, and the title of a push message that came without one.
 */
export const OFFLINE_MESSAGES = {
  offline: 'You are offline.',
  notificationTitle: 'Review marketplace',
} as const;

/** The mark on figures shown as last seen: `time` is already formatted for the reader. */
export const asOfLabel = (time: string): string => `As of ${time}`;
