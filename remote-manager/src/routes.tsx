/** The one place that maps the manager area's URLs to pages (patterns from the contract's route table). */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_BASE } from 'shared-api/contract';
import { PlaceholderPage } from 'shared-ui/placeholder-page';
import { SettingsScreen } from 'shared-ui/settings-screen';
import { OrdersPage } from './orders/orders-page';
import { UpdateOrderPage } from './orders/update-order-page';

/** Keyed by the route table's full pattern; every manager route of APP_ROUTES has a page (tested). */
export const MANAGER_PAGES: Record<string, ReactNode> = {
  '/manager/orders': <OrdersPage />,
  '/manager/settings': <SettingsScreen />,
  '/manager/update/order/:id': <UpdateOrderPage />,
};

export function ManagerRoutes() {
  return (
    <Routes>
      {Object.entries(MANAGER_PAGES).map(([pattern, page]) => (
        <Route key={pattern} path={pattern.slice(REMOTE_BASE.manager.length + 1)} element={page} />
      ))}
      <Route path="*" element={<PlaceholderPage title="page not found" />} />
    </Routes>
  );
}
