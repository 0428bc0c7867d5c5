/** The one place that maps the agent area's URLs to pages (patterns from the contract's route table). */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_BASE } from 'shared-api/contract';
import { PlaceholderPage } from 'shared-ui/placeholder-page';
import { SettingsScreen } from 'shared-ui/settings-screen';
import { AlertsPage } from './alerts/alerts-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { OrdersPage } from './orders/orders-page';
import { SubmitOrderPage } from './orders/submit-order-page';
import { UpdateOrderPage } from './orders/update-order-page';
import { ProductsPage } from './products/products-page';

/** Keyed by the route table's full pattern; every agent route of APP_ROUTES has a page (tested). */
export const AGENT_PAGES: Record<string, ReactNode> = {
  '/agent/dashboard': <DashboardPage />,
  '/agent/orders': <OrdersPage />,
  '/agent/products': <ProductsPage />,
  '/agent/detail/:id': <SubmitOrderPage />,
  '/agent/update/order/:id': <UpdateOrderPage />,
  '/agent/settings': <SettingsScreen />,
  '/agent/alerts': <AlertsPage />,
};

export function AgentRoutes() {
  return (
    <Routes>
      {Object.entries(AGENT_PAGES).map(([pattern, page]) => (
        <Route key={pattern} path={pattern.slice(REMOTE_BASE.agent.length + 1)} element={page} />
      ))}
      <Route path="*" element={<PlaceholderPage title="page not found" />} />
    </Routes>
  );
}
