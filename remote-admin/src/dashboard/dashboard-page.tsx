/**
 * /admin/dashboard, for admins and managers: greeting, the two commission
 * cards, the admin contact, count tiles, orders per day and the newest orders.
 */
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { getRuntimeConfig, useSession } from 'shared-api';
import type { User } from 'shared-api/contract';
import { AccountStatusNotice } from 'shared-ui/account-status-notice';
import { type DashboardTile, DashboardView } from 'shared-ui/dashboard-view';
import { useOwnCommission } from 'shared-ui/lib/use-own-commission';
import { t as translate, useT } from '../i18n';
import { HeldOrdersCard } from './held-orders-card';
import { OrdersChart } from './orders-chart';
import { type DashboardRole, useAdminCommission, useDashboardData } from './use-dashboard-data';
import './dashboard-page.css';

/** The welcome toast fires once per page load of this area. */
let welcomed = false;

export function DashboardPage() {
  const t = useT();
  const user = useSession((s) => s.user);

  useEffect(() => {
    if (!user || welcomed) return;
    welcomed = true;
    toast(translate('admin.dashboard.welcomeBack', { name: user.firstName }), { toastId: 'welcome-admin' });
  }, [user]);

  if (!user) {
    return (
      <p className="admin-dashboard-loading" role="status">
        {t('admin.common.loading')}
      </p>
    );
  }
  return <Dashboard user={user} />;
}

/** Where each tile leads: the list behind the figure, among the routes the role may open. */
const TILE_LINKS: Record<DashboardRole, { approved: string; pending: string; orders: string }> = {
  admin: { approved: '/admin/products', pending: '/admin/products/pending', orders: '/admin/orders' },
  manager: { approved: '/admin/products', pending: '/admin/products', orders: '/manager/orders' },
};

/** An admin's commission cards lead to the payouts: the history behind paid, the agents owed behind payable. */
const ADMIN_COMMISSION_LINKS = { paid: '/admin/payouts', unpaid: '/admin/payouts' };

function Dashboard({ user }: { user: User }) {
  const t = useT();
  const role: DashboardRole = user.role === 'admin' ? 'admin' : 'manager';
  const { approved, pending, orders, stats } = useDashboardData(role);
  const adminCommission = useAdminCommission(role);

  // a manager's own figures (none for an admin): the query the shell asked at sign-in
  const own = useOwnCommission();

  const links = TILE_LINKS[role];
  const tiles: DashboardTile[] = [
    {
      label: t('admin.dashboard.tile.activeProducts'),
      value: approved.error ? null : (approved.data?.total ?? null),
      to: links.approved,
    },
    {
      label: t('admin.dashboard.tile.pendingProducts'),
      value: pending.error ? null : (pending.data?.total ?? null),
      to: links.pending,
    },
    {
      label: t('admin.dashboard.tile.orders'),
      value: orders.error ? null : (orders.data?.total ?? null),
      to: links.orders,
    },
  ];

  const commission = role === 'admin' ? (adminCommission.data ?? null) : own.commission;
  const failed = [
    approved.error ? { error: approved.error, retry: approved.reload } : null,
    pending.error ? { error: pending.error, retry: pending.reload } : null,
    role === 'admin' && adminCommission.error ? { error: adminCommission.error, retry: adminCommission.reload } : null,
    role === 'manager' && own.error ? { error: own.error, retry: own.retry } : null,
  ].filter((failure) => failure !== null);

  return (
    <div className="admin-dashboard">
      {failed.length > 0 ? (
        <div className="admin-dashboard-alert" role="alert">
          <ul>
            {[...new Set(failed.map((f) => f.error))].map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
          <button
            type="button"
            className="ui-button ui-button-small"
            onClick={() => {
              for (const failure of failed) failure.retry();
            }}
          >
            {t('admin.common.retry')}
          </button>
        </div>
      ) : null}
      {role === 'manager' ? <AccountStatusNotice user={user} /> : null}
      <DashboardView
        userName={user.name}
        commission={commission}
        commissionLinks={role === 'admin' ? ADMIN_COMMISSION_LINKS : undefined}
        tiles={tiles}
        recentOrders={orders.data?.items ?? null}
        error={orders.error}
        viewAllTo={role === 'admin' ? '/admin/orders' : '/manager/orders'}
        adminWhatsApp={getRuntimeConfig().adminWhatsApp}
        chart={<OrdersChart stats={stats.data ?? null} error={stats.error} onRetry={stats.reload} />}
      />
      {role === 'admin' ? <HeldOrdersCard /> : null}
      {role === 'admin' ? <p className="admin-dashboard-note">{t('admin.dashboard.commissionNote')}</p> : null}
    </div>
  );
}
