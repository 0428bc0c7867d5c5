/** The one place that maps the admin area's URLs to pages (patterns from the contract's route table). */
import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_BASE } from 'shared-api/contract';
import { PlaceholderPage } from 'shared-ui/placeholder-page';
import { useT } from './i18n';

// Each page is its own chunk: a first visit loads only the page it opens.
const SettingsPage = lazy(() => import('./settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const DashboardPage = lazy(() => import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const OrdersPage = lazy(() => import('./orders/orders-page').then((m) => ({ default: m.OrdersPage })));
const AddProductPage = lazy(() => import('./products/add-product-page').then((m) => ({ default: m.AddProductPage })));
const PendingProductsPage = lazy(() =>
  import('./products/pending-products-page').then((m) => ({ default: m.PendingProductsPage })),
);
const ProductsPage = lazy(() => import('./products/products-page').then((m) => ({ default: m.ProductsPage })));
const UpdateProductPage = lazy(() =>
  import('./products/update-product-page').then((m) => ({ default: m.UpdateProductPage })),
);
const PayableOrdersPage = lazy(() =>
  import('./payouts/payable-orders-page').then((m) => ({ default: m.PayableOrdersPage })),
);
const PayoutPage = lazy(() => import('./payouts/payout-page').then((m) => ({ default: m.PayoutPage })));
const PayoutsPage = lazy(() => import('./payouts/payouts-page').then((m) => ({ default: m.PayoutsPage })));
const PendingUserPage = lazy(() => import('./users/pending-user-page').then((m) => ({ default: m.PendingUserPage })));
const PendingUsersPage = lazy(() =>
  import('./users/pending-users-page').then((m) => ({ default: m.PendingUsersPage })),
);
const UsersDirectoryPage = lazy(() =>
  import('./users/users-directory-page').then((m) => ({ default: m.UsersDirectoryPage })),
);
const UserPage = lazy(() => import('./users/user-page').then((m) => ({ default: m.UserPage })));

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
