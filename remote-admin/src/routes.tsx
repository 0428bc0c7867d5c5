/** The one place that maps the admin area's URLs to pages (patterns from the contract's route table). */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_BASE } from 'shared-api/contract';
import { PlaceholderPage } from 'shared-ui/placeholder-page';
import { DashboardPage } from './dashboard/dashboard-page';

/** Keyed by the route table's full pattern; every admin route of APP_ROUTES has a page (tested). */
export const ADMIN_PAGES: Record<string, ReactNode> = {
  '/admin/dashboard': <DashboardPage />,
  '/admin/settings': <PlaceholderPage title="settings" />,
  '/admin/products': <PlaceholderPage title="products" />,
  '/admin/add-product': <PlaceholderPage title="add product" />,
  '/admin/update-product/:id': <PlaceholderPage title="update product" />,
  '/admin/orders': <PlaceholderPage title="orders" />,
  '/admin/pending/users': <PlaceholderPage title="pending users" />,
  '/admin/pending/user/:id': <PlaceholderPage title="pending user" />,
  '/admin/products/pending': <PlaceholderPage title="pending products" />,
};

export function AdminRoutes() {
  return (
    <Routes>
      {Object.entries(ADMIN_PAGES).map(([pattern, page]) => (
        <Route key={pattern} path={pattern.slice(REMOTE_BASE.admin.length + 1)} element={page} />
      ))}
      <Route path="*" element={<PlaceholderPage title="page not found" />} />
    </Routes>
  );
}
