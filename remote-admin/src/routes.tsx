/** The one place that maps the admin area's URLs to pages (patterns from the contract's route table). */
import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_BASE } from 'shared-api/contract';
import { lazyWithCatalogue } from 'shared-ui/lib/lazy-with-catalogue';
import { PlaceholderPage } from 'shared-ui/placeholder-page';
import { useT } from './i18n';

// Each page is its own chunk: a first visit loads only the page it opens (and the users' and
// products' pages their part of the catalogue).
const SettingsPage = lazy(() => import('./settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const DashboardPage = lazy(() => import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const OrdersPage = lazy(() => import('./orders/orders-page').then((m) => ({ default: m.OrdersPage })));
const AddProductPage = lazyWithCatalogue(
  () => import('./products/add-product-page').then((m) => ({ default: m.AddProductPage })),
  'admin.products',
);
const PendingProductsPage = lazyWithCatalogue(
  () => import('./products/pending-products-page').then((m) => ({ default: m.PendingProductsPage })),
  'admin.products',
);
const ProductsPage = lazyWithCatalogue(
  () => import('./products/products-page').then((m) => ({ default: m.ProductsPage })),
  'admin.products',
);
const UpdateProductPage = lazyWithCatalogue(
  () => import('./products/update-product-page').then((m) => ({ default: m.UpdateProductPage })),
  'admin.products',
);
const PayableOrdersPage = lazy(() =>
  import('./payouts/payable-orders-page').then((m) => ({ default: m.PayableOrdersPage })),
);
const PayoutPage = lazy(() => import('./payouts/payout-page').then((m) => ({ default: m.PayoutPage })));
const PayoutsPage = lazy(() => import('./payouts/payouts-page').then((m) => ({ default: m.PayoutsPage })));
const PendingUserPage = lazyWithCatalogue(
  () => import('./users/pending-user-page').then((m) => ({ default: m.PendingUserPage })),
  'admin.users',
);
const PendingUsersPage = lazyWithCatalogue(
  () => import('./users/pending-users-page').then((m) => ({ default: m.PendingUsersPage })),
  'admin.users',
);
const UsersDirectoryPage = lazyWithCatalogue(
  () => import('./users/users-directory-page').then((m) => ({ default: m.UsersDirectoryPage })),
  'admin.users',
);
const UserPage = lazyWithCatalogue(
  () => import('./users/user-page').then((m) => ({ default: m.UserPage })),
  'admin.users',
);

/** Keyed by the route table's full pattern; every admin route of APP_ROUTES has a page (tested). */
export const ADMIN_PAGES: Record<string, ReactNode> = {
  '/admin/dashboard': <DashboardPage />,
  '/admin/settings': <SettingsPage />,
  '/admin/products': <ProductsPage />,
  '/admin/add-product': <AddProductPage />,
  '/admin/update-product/:id': <UpdateProductPage />,
  '/admin/orders': <OrdersPage />,
  '/admin/pending/users': <PendingUsersPage />,
  '/admin/pending/user/:id': <PendingUserPage />,
  '/admin/users': <UsersDirectoryPage />,
  '/admin/users/:id': <UserPage />,
  '/admin/products/pending': <PendingProductsPage />,
  '/admin/payouts': <PayoutsPage />,
  '/admin/payouts/agent/:id': <PayableOrdersPage />,
  '/admin/payouts/:id': <PayoutPage />,
};

export function AdminRoutes() {
  const t = useT();
  return (
    <Suspense fallback={<p role="status">{t('admin.area.loading')}</p>}>
      <Routes>
        {Object.entries(ADMIN_PAGES).map(([pattern, page]) => (
          <Route key={pattern} path={pattern.slice(REMOTE_BASE.admin.length + 1)} element={page} />
        ))}
        <Route path="*" element={<PlaceholderPage title={t('admin.area.notFound')} />} />
      </Routes>
    </Suspense>
  );
}
