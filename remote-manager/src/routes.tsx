/** The one place that maps the manager area's URLs to pages (patterns from the contract's route table). */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_BASE } from 'shared-api/contract';
import { PlaceholderPage } from 'shared-ui/placeholder-page';
import { OrdersPage } from './orders/orders-page';

/** Keyed by the route table's full pattern; every manager route of APP_ROUTES has a page (tested). */
export const MANAGER_PAGES: Record<string, ReactNode> = {
  '/manager/orders': <OrdersPage />,
  '/manager/settings': <PlaceholderPage title="settings" />,
  '/manager/update/order/:id': <PlaceholderPage title="update order" />,
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
