/** /admin/payouts/:id (admin): one payout, its orders leading to the staff's order screen. */
import { useLocation, useParams } from 'react-router-dom';
import { routePath, UPDATE_ORDER_ROUTE } from 'shared-api/contract';
import { PayoutView } from 'shared-ui/payouts/payout-view';
import { useT } from '../i18n';

export function PayoutPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { state } = useLocation();
  const notice = (state as { notice?: unknown } | null)?.notice;
  return (
    <PayoutView
      payoutId={id}
      orderLink={(orderId) => routePath(UPDATE_ORDER_ROUTE.staff, { id: orderId })}
      notice={typeof notice === 'string' ? notice : undefined}
      back={{ to: '/admin/payouts', label: t('admin.payouts.back') }}
      transferFile
    />
  );
}
