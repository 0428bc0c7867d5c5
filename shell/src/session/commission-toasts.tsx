/**
 * Shows a failed commission load as a toast. The session store in
 * shared-api loads the figures and keeps the failure in its state (it holds no UI); the
 * shell, which owns the one toast container, turns each new failure into a toast.
 */
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { useSession } from 'shared-api';

export function CommissionToasts() {
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        // every load goes through 'loading', so each failure is a new transition
        if (state.commissionStatus === 'failed' && previous.commissionStatus !== 'failed' && state.commissionError) {
          toast.error(state.commissionError, { toastId: `commission-${state.commissionError}` });
        }
      }),
    [],
  );
  return null;
}
