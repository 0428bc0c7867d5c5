/** The one place that maps the admin area's URLs to pages (patterns from the contract's route table). */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_BASE } from 'shared-api/contract';
import { PlaceholderPage } from 'shared-ui/placeholder-page';
import { SettingsScreen } from 'shared-ui/settings-screen';
import { DashboardPage } from './dashboard/dashboard-page';
import { OrdersPage } from './orders/orders-page';
import { AddProductPage } from './products/add-product-page';
import { PendingProductsPage } from './products/pending-products-page';
import { ProductsPage } from './products/products-page';
import { UpdateProductPage } from './products/update-product-page';
import { PendingUserPage } from './users/pending-user-page';
import { PendingUsersPage } from './users/pending-users-page';

/** Keyed by the route table's full pattern; every admin route of APP_ROUTES has a page (tested). */
export const ADMIN_PAGES: Record<string, ReactNode> = {
  '/admin/dashboard': <DashboardPage />,
  '/admin/settings': <SettingsScreen />,
  '/admin/products': <ProductsPage />,
  '/admin/add-product': <AddProductPage />,
  '/admin/update-product/:id': <UpdateProductPage />,
  '/admin/orders': <OrdersPage />,
  '/admin/pending/users': <PendingUsersPage />,
  '/admin/pending/user/:id': <PendingUserPage />,
  '/admin/products/pending': <PendingProductsPage />,
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
