/**
 * The route table (docs/domain.md, Roles): it drives the shell's route guard,
 * the sidebar and the tests. A route belongs to the remote named by its prefix.
 */
import type { Role } from './constants';

export const REMOTES = ['admin', 'manager', 'agent'] as const;
export type RemoteName = (typeof REMOTES)[number];

export interface AppRoute {
  /** React Router pattern, `:id` for a parameter */
  path: string;
  remote: RemoteName;
  roles: readonly Role[];
}

/** The order edit screens: the agent's own, and the staff's (a manager's, or an admin's). */
export const UPDATE_ORDER_ROUTE = {
  agent: '/agent/update/order/:id',
  staff: '/manager/update/order/:id',
} as const;

/** The payout screens (docs/domain.md, Payouts): one payout as an admin or its agent sees it, and one agent's payable orders. */
export const PAYOUT_ROUTE = {
  admin: '/admin/payouts/:id',
  agent: '/agent/payouts/:id',
  payable: '/admin/payouts/agent/:id',
} as const;

const ADMIN_AND_MANAGER = ['admin', 'manager'] as const;
const ADMIN = ['admin'] as const;
const MANAGER = ['manager'] as const;
const AGENT = ['agent'] as const;

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/admin/dashboard', remote: 'admin', roles: ADMIN_AND_MANAGER },
  { path: '/admin/settings', remote: 'admin', roles: ADMIN_AND_MANAGER },
  { path: '/admin/products', remote: 'admin', roles: ADMIN_AND_MANAGER },
  { path: '/admin/add-product', remote: 'admin', roles: ADMIN_AND_MANAGER },
  { path: '/admin/update-product/:id', remote: 'admin', roles: ADMIN_AND_MANAGER },
  { path: '/admin/orders', remote: 'admin', roles: ADMIN },
  { path: '/admin/pending/users', remote: 'admin', roles: ADMIN },
  { path: '/admin/pending/user/:id', remote: 'admin', roles: ADMIN },
  { path: '/admin/users', remote: 'admin', roles: ADMIN },
  { path: '/admin/users/:id', remote: 'admin', roles: ADMIN },
  { path: '/admin/products/pending', remote: 'admin', roles: ADMIN },
  { path: '/admin/payouts', remote: 'admin', roles: ADMIN },
  { path: PAYOUT_ROUTE.payable, remote: 'admin', roles: ADMIN },
  { path: PAYOUT_ROUTE.admin, remote: 'admin', roles: ADMIN },
  { path: '/manager/orders', remote: 'manager', roles: MANAGER },
  { path: '/manager/settings', remote: 'manager', roles: MANAGER },
  { path: UPDATE_ORDER_ROUTE.staff, remote: 'manager', roles: ['manager', 'admin'] },
  { path: '/agent/dashboard', remote: 'agent', roles: AGENT },
  { path: '/agent/orders', remote: 'agent', roles: AGENT },
  { path: '/agent/products', remote: 'agent', roles: AGENT },
  { path: '/agent/detail/:id', remote: 'agent', roles: AGENT },
  { path: UPDATE_ORDER_ROUTE.agent, remote: 'agent', roles: AGENT },
  { path: '/agent/settings', remote: 'agent', roles: AGENT },
  { path: '/agent/payouts', remote: 'agent', roles: AGENT },
  { path: PAYOUT_ROUTE.agent, remote: 'agent', roles: AGENT },
  { path: '/agent/alerts', remote: 'agent', roles: ['admin', 'manager', 'agent'] },
];

/** Where each role lands after sign-in (there is no /manager/dashboard). */
export const DASHBOARD_BY_ROLE: Record<Role, string> = {
  admin: '/admin/dashboard',
  manager: '/admin/dashboard',
  agent: '/agent/dashboard',
};

/** The path of a remote's area, as mounted by the shell (`/admin/*`). */
export const REMOTE_BASE: Record<RemoteName, string> = {
  admin: '/admin',
  manager: '/manager',
  agent: '/agent',
};

/** The address without the slashes it ends with. A loop: `/\/+$/` is quadratic on a long run of slashes. */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

export function findRoute(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((r) => matches(r.path, pathname));
}

export function canOpen(role: Role, pathname: string): boolean {
  return findRoute(pathname)?.roles.includes(role) ?? false;
}

/** Builds a concrete path from a pattern: routePath('/agent/detail/:id', { id }) */
export function routePath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

export type MenuAction = 'refer' | 'logout';

export interface MenuEntry {
  label: string;
  /** entries with a group are shown under that heading */
  group?: 'products';
  /** the path each role opens; a role without one does not see the entry */
  paths?: Partial<Record<Role, string>>;
  action?: MenuAction;
}

/** The sidebar, per role. Every path here is a route its role may open (tested). */
export const MENU: readonly MenuEntry[] = [
  { label: 'dashboard', paths: { admin: '/admin/dashboard', manager: '/admin/dashboard', agent: '/agent/dashboard' } },
  { label: 'alert center', paths: { admin: '/agent/alerts', manager: '/agent/alerts', agent: '/agent/alerts' } },
  { label: 'orders', paths: { admin: '/admin/orders', manager: '/manager/orders', agent: '/agent/orders' } },
  { label: 'pending users', paths: { admin: '/admin/pending/users' } },
  { label: 'users', paths: { admin: '/admin/users' } },
  { label: 'payouts', paths: { admin: '/admin/payouts', agent: '/agent/payouts' } },
  {
    label: 'all products',
    group: 'products',
    paths: { admin: '/admin/products', manager: '/admin/products', agent: '/agent/products' },
  },
  { label: 'pending products', group: 'products', paths: { admin: '/admin/products/pending' } },
  {
    label: 'add new product',
    group: 'products',
    paths: { admin: '/admin/add-product', manager: '/admin/add-product' },
  },
  { label: 'refer a friend', action: 'refer' },
  { label: 'log out', action: 'logout' },
  {
    label: 'update password',
    paths: { admin: '/admin/settings', manager: '/admin/settings', agent: '/agent/settings' },
  },
];

export function menuFor(role: Role): Array<MenuEntry & { path?: string }> {
  return MENU.filter((e) => e.action !== undefined || e.paths?.[role] !== undefined).map((e) => ({
    ...e,
    path: e.paths?.[role],
  }));
}

/**
 * The shell's pages for getting back in (docs/domain.md, Forgotten passwords): the email form,
 * and the page a reset link opens (`?token=...`). Here, not in password-reset.ts, so the sign-in
 * page's link does not pull that module's schemas and messages into its bundle.
 */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password';
