/**
 * The signed-in manager's or agent's own commission figures (docs/domain.md, Money: the figures),
 * a query keyed by the user: the shell's signed-in layout asks for them at sign-in, dashboards
 * read them, and every write that moves money invalidates them (./mutations.ts). Nothing is asked
 * for anyone else (an admin, a pending account).
 */
import { useQuery } from '@tanstack/react-query';
import { useMessages, useSession } from 'shared-api';
import type { CommissionData, User } from 'shared-api/contract';
import { commissionQueries } from './queries';

export interface OwnCommission {
  /** null while loading, after a failure, and for a user without figures */
  commission: CommissionData | null;
  /** MESSAGES.commissionFetchFailed when the answer says it failed, commissionFetchError when there was none (in the current language) */
  error: string | null;
  retry: () => void;
}

/** The roles that have commission figures. */
export function hasCommission(user: User | null): user is User & { role: 'manager' | 'agent' } {
  return !!user && user.status === 'approved' && (user.role === 'manager' || user.role === 'agent');
}

export function useOwnCommission(): OwnCommission {
  const messages = useMessages();
  const user = useSession((s) => s.user);
  const own = hasCommission(user) ? user : null;
  const query = useQuery({
    ...commissionQueries.of(own?.role ?? 'agent', own?._id ?? ''),
    enabled: own !== null,
  });
  if (!own) return { commission: null, error: null, retry: () => {} };
  const failedAnswer = query.data !== undefined && !query.data.success;
  let error: string | null = null;
  if (!query.isFetching) {
    // said in the current language (the English sentences are MESSAGES')
    if (query.isError) error = messages.commissionFetchError;
    else if (failedAnswer) error = messages.commissionFetchFailed;
  }
  return {
    commission: query.data && !failedAnswer ? query.data : null,
    error,
    retry: () => void query.refetch(),
  };
}
