/**
 * /agent/dashboard: the agent's commission (its own commission query), the counts of
 * docs/domain.md (Dashboards and lists) and the newest orders, on the kit's DashboardView.
 */
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { getRuntimeConfig, useSession } from 'shared-api';
import { AccountStatusNotice } from 'shared-ui/account-status-notice';
import { AsOf } from 'shared-ui/as-of';
import { DashboardView } from 'shared-ui/dashboard-view';
import { useOwnCommission } from 'shared-ui/lib/use-own-commission';
import { t as translate, useT } from '../i18n';
import { useAgentDashboard } from './use-agent-dashboard';
import './dashboard-page.css';

/** The welcome toast fires once per page load of this area. */
let welcomed = false;

export function DashboardPage() {
  const t = useT();
  const user = useSession((s) => s.user);
  const own = useOwnCommission();
  const userId = user?._id ?? null;
  const { approvedProducts, submittedOrders, orders } = useAgentDashboard(userId);

  useEffect(() => {
    if (!user || welcomed) return;
    welcomed = true;
    toast(translate('agent.dashboard.welcomeBack', { name: user.firstName }), { toastId: 'welcome-agent' });
  }, [user]);

  if (!user) {
    return (
      <p className="agent-dashboard-status" role="status">
        {t('agent.loading')}
      </p>
    );
  }

  // the recent orders' failure shows in their table; the others here, each once
  const failures = [own.error, approvedProducts.error, submittedOrders.error].filter(
    (message): message is string => !!message,
  );
  const problems = [...new Set(failures)];
  const failed = problems.length > 0 || !!orders.error;

  function retry() {
    if (own.error) own.retry();
    if (approvedProducts.error) approvedProducts.reload();
    if (submittedOrders.error) submittedOrders.reload();
    if (orders.error) orders.reload();
  }

  return (
    <div className="agent-dashboard">
      {failed ? (
        <div className="agent-dashboard-problems">
          {problems.map((message) => (
            <p key={message} role="alert">
              {message}
            </p>
          ))}
          <button type="button" className="ui-button ui-button-small" onClick={retry}>
            {t('agent.tryAgain')}
          </button>
        </div>
      ) : null}
      <AccountStatusNotice user={user} />
      <AsOf updatedAt={oldestOf(approvedProducts.updatedAt, submittedOrders.updatedAt, orders.updatedAt)} />
      <DashboardView
        userName={user.name}
        commission={own.commission}
        commissionLinks={{ paid: '/agent/payouts' }}
        tiles={[
          { label: t('agent.dashboard.activeProducts'), value: approvedProducts.data ?? null, to: '/agent/products' },
          { label: t('agent.dashboard.submittedOrders'), value: submittedOrders.data ?? null, to: '/agent/orders' },
          { label: t('agent.dashboard.orders'), value: orders.data?.total ?? null, to: '/agent/orders' },
        ]}
        recentOrders={orders.loading ? null : (orders.data?.recent ?? [])}
        error={orders.error}
        viewAllTo="/agent/orders"
        adminWhatsApp={getRuntimeConfig().adminWhatsApp}
      />
    </div>
  );
}

/** When the oldest of the figures shown was fetched (offline they may be from different visits). */
function oldestOf(...times: number[]): number {
  const seen = times.filter((time) => time > 0);
  return seen.length > 0 ? Math.min(...seen) : 0;
}
