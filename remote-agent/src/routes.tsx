/** The one place that maps the agent area's URLs to pages (patterns from the contract's route table). */
import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_BASE } from 'shared-api/contract';
import { PlaceholderPage } from 'shared-ui/placeholder-page';
import { useT } from './i18n';

// Each page is its own chunk: a first visit loads only the page it opens.
const AlertsPage = lazy(() => import('./alerts/alerts-page').then((m) => ({ default: m.AlertsPage })));
const DashboardPage = lazy(() => import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const OrdersPage = lazy(() => import('./orders/orders-page').then((m) => ({ default: m.OrdersPage })));
const SubmitOrderPage = lazy(() => import('./orders/submit-order-page').then((m) => ({ default: m.SubmitOrderPage })));
const UpdateOrderPage = lazy(() => import('./orders/update-order-page').then((m) => ({ default: m.UpdateOrderPage })));
const PayoutPage = lazy(() => import('./payouts/payout-page').then((m) => ({ default: m.PayoutPage })));
const PayoutsPage = lazy(() => import('./payouts/payouts-page').then((m) => ({ default: m.PayoutsPage })));
const ProductsPage = lazy(() => import('./products/products-page').then((m) => ({ default: m.ProductsPage })));
const SettingsPage = lazy(() => import('./settings/settings-page').then((m) => ({ default: m.SettingsPage })));

/** Keyed by the route table's full pattern; every agent route of APP_ROUTES has a page (tested). */
export const AGENT_PAGES: Record<string, ReactNode> = {
  '/agent/dashboard': <DashboardPage />,
  '/agent/orders': <OrdersPage />,
  '/agent/products': <ProductsPage />,
  '/agent/detail/:id': <SubmitOrderPage />,
  '/agent/update/order/:id': <UpdateOrderPage />,
  '/agent/settings': <SettingsPage />,
  '/agent/payouts': <PayoutsPage />,
  '/agent/payouts/:id': <PayoutPage />,
  '/agent/alerts': <AlertsPage />,
};

export function AgentRoutes() {
  const t = useT();
  return (
    <Suspense fallback={<p role="status">{t('agent.loading')}</p>}>
      <Routes>
        {Object.entries(AGENT_PAGES).map(([pattern, page]) => (
          <Route key={pattern} path={pattern.slice(REMOTE_BASE.agent.length + 1)} element={page} />
        ))}
        <Route path="*" element={<PlaceholderPage title={t('agent.notFound')} />} />
      </Routes>
    </Suspense>
  );
}
