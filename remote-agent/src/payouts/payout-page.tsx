/** /agent/payouts/:id (agent): one of its payouts, its orders leading to the agent's order screen. */
import { useParams } from 'react-router-dom';
import { routePath, UPDATE_ORDER_ROUTE } from 'shared-api/contract';
import { PayoutView } from 'shared-ui/payouts/payout-view';
import { useT } from '../i18n';

export function PayoutPage() {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <PayoutView
      payoutId={id}
      orderLink={(orderId) => routePath(UPDATE_ORDER_ROUTE.agent, { id: orderId })}
      back={{ to: '/agent/payouts', label: t('agent.payouts.title') }}
    />
  );
}
