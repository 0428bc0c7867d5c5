/**
 * The signed-in user's alerts in the shell (docs/architecture.md, Live alerts): the live stream,
 * held open while someone is signed in, writes what it hears into the query cache
 * (shared-ui/src/lib/alert-cache.ts), and the sidebar's badge reads the unread count from there.
 * The stream comes from a context so tests need no network.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState } from 'react';
import { selectUserId, startLiveAlerts, useSession } from 'shared-api';
import { applyLiveAlert } from 'shared-ui/lib/alert-cache';
import { alertQueries } from 'shared-ui/lib/queries';
import { useT } from '../i18n';

/** Opens the live alert stream, handing it each update; answers the function that closes it. */
export const LiveAlertsContext = createContext<typeof startLiveAlerts>(startLiveAlerts);

/**
 * One stream per signed-in user: closed on sign-out (userId changes) and when the layout goes.
 * Answers what a screen reader should hear of it: the newest alert heard ('' before any), for
 * the layout's live region (docs/accessibility.md).
 */
export function useLiveAlerts(): string {
  const t = useT();
  const startLive = useContext(LiveAlertsContext);
  const client = useQueryClient();
  const userId = useSession(selectUserId);
  const [heard, setHeard] = useState('');

  // a subscription, not a read: the stream pushes into the cache that the screens' queries read
  useEffect(() => {
    setHeard('');
    if (!userId) return;
    return startLive((update) => {
      applyLiveAlert(client, update);
      if (update.kind === 'alert') setHeard(update.alert.message);
    });
  }, [startLive, client, userId]);
  return heard ? t('shell.layout.newAlert', { message: heard }) : '';
}

/** The unread count, or null while unknown (a failed load keeps the last count: the badge is a hint). */
export function useUnreadAlertCount(): number | null {
  const userId = useSession(selectUserId);
  const { data } = useQuery({ ...alertQueries.unread(), enabled: userId !== null });
  return userId !== null && data !== undefined ? data : null;
}
