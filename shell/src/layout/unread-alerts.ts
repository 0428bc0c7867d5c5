/**
 * The unread-alert count of the sidebar's badge: loaded for the signed-in user, again on
 * each navigation and whenever an area says alerts changed (shared-api notifyAlertsChanged,
 * e.g. after 'mark all read'), and live from the alert stream the signed-in user holds open
 * (startLiveAlerts: it reconnects by itself, and asks every minute while it cannot). The
 * fetcher and the stream come from contexts so tests need no network.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  fetchUnreadAlertCount,
  onAlertsChanged,
  onLiveAlerts,
  selectUserId,
  startLiveAlerts,
  useSession,
} from 'shared-api';

export const UnreadAlertsContext = createContext<() => Promise<number>>(fetchUnreadAlertCount);
/** Opens the live alert stream; answers the function that closes it. */
export const LiveAlertsContext = createContext<() => () => void>(startLiveAlerts);

/** The count, or null while unknown (a failed load keeps the last count: the badge is a hint). */
export function useUnreadAlertCount(): number | null {
  const fetchCount = useContext(UnreadAlertsContext);
  const startLive = useContext(LiveAlertsContext);
  const userId = useSession(selectUserId);
  const { pathname } = useLocation();
  const [count, setCount] = useState<{ userId: string; value: number } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on navigation too
  useEffect(() => {
    if (!userId) return;
    let current = true;
    const load = () =>
      fetchCount().then(
        (value) => {
          if (current) setCount({ userId, value });
        },
        () => {},
      );
    void load();
    const stop = onAlertsChanged(() => void load());
    return () => {
      current = false;
      stop();
    };
  }, [fetchCount, userId, pathname]);

  // one stream per signed-in user: closed on sign-out (userId changes) and when the layout goes
  useEffect(() => {
    if (!userId) return;
    const stopListening = onLiveAlerts((update) => {
      if (update.kind === 'unread') setCount({ userId, value: update.unread });
    });
    const stopStream = startLive();
    return () => {
      stopStream();
      stopListening();
    };
  }, [startLive, userId]);

  return count && count.userId === userId ? count.value : null;
}
