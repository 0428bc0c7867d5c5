/** The one place that maps the manager area's URLs to pages (patterns from the contract's route table). */
import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_BASE } from 'shared-api/contract';
import { PlaceholderPage } from 'shared-ui/placeholder-page';
import { useT } from './i18n';

// Each page is its own chunk: a first visit loads only the page it opens.
const SettingsScreen = lazy(() => import('shared-ui/settings-screen').then((m) => ({ default: m.SettingsScreen })));
const OrdersPage = lazy(() => import('./orders/orders-page').then((m) => ({ default: m.OrdersPage })));
const UpdateOrderPage = lazy(() => import('./orders/update-order-page').then((m) => ({ default: m.UpdateOrderPage })));

/** Keyed by the route table's full pattern; every manager route of APP_ROUTES has a page (tested). */
export const MANAGER_PAGES: Record<string, ReactNode> = {
  '/manager/orders': <OrdersPage />,
  '/manager/settings': <SettingsScreen />,
  '/manager/update/order/:id': <UpdateOrderPage />,
};

export function ManagerRoutes() {
  const t = useT();
  return (
    <Suspense fallback={<p role="status">{t('manager.loading')}</p>}>
      <Routes>
        {Object.entries(MANAGER_PAGES).map(([pattern, page]) => (
          <Route key={pattern} path={pattern.slice(REMOTE_BASE.manager.length + 1)} element={page} />
        ))}
        <Route path="*" element={<PlaceholderPage title={t('manager.notFound')} />} />
      </Routes>
    </Suspense>
  );
}
