/**
 * A manager's or an agent's commission figures are asked for at sign-in (docs/domain.md: the session loads
 * them), by this component of the signed-in layout, and kept fresh by the query; a failed load
 * shows as a toast, once per failure. Screens read the same query (useOwnCommission).
 */
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { useOwnCommission } from 'shared-ui/lib/use-own-commission';

export function CommissionToasts() {
  const { error } = useOwnCommission();
  useEffect(() => {
    if (error) toast.error(error, { toastId: `commission-${error}` });
  }, [error]);
  return null;
}
