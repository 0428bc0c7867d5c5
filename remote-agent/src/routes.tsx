/** The one place that maps the agent area's URLs to pages (patterns from the contract's route table). */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_BASE } from 'shared-api/contract';
import { PlaceholderPage } from 'shared-ui/placeholder-page';
import { DashboardPage } from './dashboard/dashboard-page';

/** Keyed by the route table's full pattern; every agent route of APP_ROUTES has a page (tested). */
export const AGENT_PAGES: Record<string, ReactNode> = {
  '/agent/dashboard': <DashboardPage />,
  '/agent/orders': <PlaceholderPage title="orders" />,
  '/agent/products': <PlaceholderPage title="products" />,
  '/agent/detail/:id': <PlaceholderPage title="submit order" />,
  '/agent/update/order/:id': <PlaceholderPage title="update order" />,
  '/agent/settings': <PlaceholderPage title="settings" />,
  '/agent/alerts': <PlaceholderPage title="alert center" />,
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
