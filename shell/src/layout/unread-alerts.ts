/**
 * The unread-alert count of the sidebar's badge: loaded for the signed-in user, again on
 * each navigation and whenever an area says alerts changed (shared-api notifyAlertsChanged,
 * e.g. after 'mark all read'). The fetcher comes from a context so tests need no network.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fetchUnreadAlertCount, onAlertsChanged, selectUserId, useSession } from 'shared-api';

export const UnreadAlertsContext = createContext<() => Promise<number>>(fetchUnreadAlertCount);

/** The count, or null while unknown (a failed load keeps the last count: the badge is a hint). */
export function useUnreadAlertCount(): number | null {
  const fetchCount = useContext(UnreadAlertsContext);
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

  return count && count.userId === userId ? count.value : null;
}
