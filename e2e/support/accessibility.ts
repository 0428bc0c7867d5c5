/**
 * The accessibility run (docs/accessibility.md): every screen of every role, at a desk's and a
 * phone's size, with data on it, through axe-core's WCAG 2.0/2.1/2.2 A and AA rules.
 *
 * THE LIST OF SCREENS IS HERE AND ONLY HERE: a new screen (a route of shared-api's APP_ROUTES, a
 * page of the shell, or a view of a screen that shows other controls) joins SCREENS, and the
 * accessibility-*.spec.ts files check it at both sizes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { Order, Product } from 'shared-api/contract';
import { apiCreateProduct, apiRegisterPendingUser } from './admin-users';
import { apiApprovedProduct, apiPlaceOrder } from './agent-orders';
import { apiAdmin, apiCall, apiLogin, apiSetLocale, type SignedIn } from './api';
import { type Language, literal, loadingTexts } from './catalogue';
import { ADMIN } from './env';
import { type Account, apiApprovedAgent, approvedAccount } from './manager-orders';

/** The sizes every screen is checked at: a laptop, and a phone (an iPhone 12-15's CSS pixels). */
export const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type SizeName = keyof typeof SIZES;

/** The rules run: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type ScreenRole = 'admin' | 'manager' | 'agent' | 'pending' | 'signed-out';

/** What the screens show: made once per spec file through the API. */
export interface ScreenData {
  manager: Account;
  agent: Account;
  /** the admin's session, and a pending registration's */
  admin: SignedIn;
  pendingToken: string;
  pendingUserId: string;
  product: Product;
  /** a manager's product waiting for approval */
  pendingProduct: Product;
  /** orders of the agent on the manager's product: one paid (in `payoutId`), the others owed */
  orders: Order[];
  payoutId: string;
}

export interface Screen {
  /** how a failure names it */
  name: string;
  role: ScreenRole;
  path: (data: ScreenData) => string;
}

export const SCREENS: readonly Screen[] = [
  // signed out (the shell)
  { name: 'sign-in', role: 'signed-out', path: () => '/' },
  { name: 'register', role: 'signed-out', path: () => '/register' },
  { name: 'register with a referrer', role: 'signed-out', path: (d) => `/register/${d.agent.userId}` },
  { name: 'forgot password', role: 'signed-out', path: () => '/forgot-password' },
  { name: 'reset password', role: 'signed-out', path: () => '/reset-password?token=not-a-real-token' },
  // a registration an admin has not approved yet
  { name: 'waiting for approval', role: 'pending', path: () => '/' },
  // admin
  { name: 'dashboard', role: 'admin', path: () => '/admin/dashboard' },
  { name: 'orders (cards)', role: 'admin', path: () => '/admin/orders' },
  { name: 'orders (table)', role: 'admin', path: () => '/admin/orders?view=table' },
  { name: 'order update', role: 'admin', path: (d) => `/manager/update/order/${d.orders[1]?._id}` },
  { name: 'paid order update', role: 'admin', path: (d) => `/manager/update/order/${d.orders[0]?._id}` },
  { name: 'pending users', role: 'admin', path: () => '/admin/pending/users' },
  { name: 'pending user', role: 'admin', path: (d) => `/admin/pending/user/${d.pendingUserId}` },
  { name: 'users', role: 'admin', path: () => '/admin/users' },
  { name: 'user', role: 'admin', path: (d) => `/admin/users/${d.agent.userId}` },
  { name: 'products', role: 'admin', path: () => '/admin/products' },
  { name: 'pending products', role: 'admin', path: () => '/admin/products/pending' },
  { name: 'add product', role: 'admin', path: () => '/admin/add-product' },
  { name: 'update product', role: 'admin', path: (d) => `/admin/update-product/${d.product._id}` },
  { name: 'payouts', role: 'admin', path: () => '/admin/payouts' },
  { name: 'payable orders', role: 'admin', path: (d) => `/admin/payouts/agent/${d.agent.userId}` },
  { name: 'payout', role: 'admin', path: (d) => `/admin/payouts/${d.payoutId}` },
  { name: 'alert center', role: 'admin', path: () => '/agent/alerts' },
  { name: 'settings', role: 'admin', path: () => '/admin/settings' },
  // manager
  { name: 'dashboard', role: 'manager', path: () => '/admin/dashboard' },
  { name: 'orders', role: 'manager', path: () => '/manager/orders' },
  { name: 'orders (table)', role: 'manager', path: () => '/manager/orders?view=table' },
  { name: 'order update', role: 'manager', path: (d) => `/manager/update/order/${d.orders[1]?._id}` },
  { name: 'products', role: 'manager', path: () => '/admin/products' },
  { name: 'add product', role: 'manager', path: () => '/admin/add-product' },
  { name: 'update product', role: 'manager', path: (d) => `/admin/update-product/${d.pendingProduct._id}` },
  { name: 'alert center', role: 'manager', path: () => '/agent/alerts' },
  { name: 'settings', role: 'manager', path: () => '/admin/settings' },
  { name: 'settings (manager area)', role: 'manager', path: () => '/manager/settings' },
  // agent
  { name: 'dashboard', role: 'agent', path: () => '/agent/dashboard' },
  { name: 'orders', role: 'agent', path: () => '/agent/orders' },
  { name: 'products', role: 'agent', path: () => '/agent/products' },
  { name: 'submit an order', role: 'agent', path: (d) => `/agent/detail/${d.product._id}` },
  { name: 'order update', role: 'agent', path: (d) => `/agent/update/order/${d.orders[1]?._id}` },
  { name: 'paid order', role: 'agent', path: (d) => `/agent/update/order/${d.orders[0]?._id}` },
  { name: 'payouts', role: 'agent', path: () => '/agent/payouts' },
  { name: 'payout', role: 'agent', path: (d) => `/agent/payouts/${d.payoutId}` },
  { name: 'alert center', role: 'agent', path: () => '/agent/alerts' },
  { name: 'settings', role: 'agent', path: () => '/agent/settings' },
];

export function screensOf(role: ScreenRole): readonly Screen[] {
  return SCREENS.filter((screen) => screen.role === role);
}

/**
 * The data every screen shows: a manager's approved product and a pending one, an agent with
 * three orders on it (one paid in a payout, two owed), a registration
 * waiting for approval (made in the language: a pending account cannot change it).
 */
export async function seedScreenData(language: Language = 'en'): Promise<ScreenData> {
  const admin = await apiAdmin();
  const manager = await approvedAccount('manager');
  const agent = await apiApprovedAgent();
  const product = await apiApprovedProduct(manager);
  const pendingProduct = await apiCreateProduct(manager.token);
  const orders = [
    await apiPlaceOrder(agent, product, { reviewType: 'text' }),
    await apiPlaceOrder(agent, product, { reviewType: 'picture' }),
    await apiPlaceOrder(agent, product, { reviewType: 'no review' }),
  ];
  const payout = await apiCall<{ _id: string }>('/api/payouts', {
    method: 'POST',
    token: admin.token,
    body: { agentId: agent.userId, orderIds: [orders[0]?._id], reference: `A11Y-${Date.now()}` },
  });
  const pending = await apiRegisterPendingUser({}, language);
  return {
    admin,
    manager,
    agent,
    product,
    pendingProduct,
    orders,
    payoutId: payout._id,
    pendingToken: pending.token,
    pendingUserId: pending.user._id,
  };
}

/**
 * Opens the app signed in as the role (the token in local storage, as a sign-in leaves it), in
 * the language: the account keeps it (the account's language wins at every start) and so does
 * the device (the signed-out screens). The admin is one account for every spec: a spec that
 * opens it in Urdu puts it back to English when it ends, and English opens put it in English.
 */
export async function signInAs(
  page: Page,
  role: ScreenRole,
  data: ScreenData,
  language: Language = 'en',
): Promise<void> {
  const token =
    role === 'admin'
      ? (await apiLogin(ADMIN.email, ADMIN.password)).token
      : role === 'manager'
        ? data.manager.token
        : role === 'agent'
          ? data.agent.token
          : role === 'pending'
            ? data.pendingToken
            : null;
  // a registration waiting for approval may not change its language (it registered in it)
  if (token && role !== 'pending') await apiSetLocale(token, language);
  await page.goto('/');
  await page.evaluate(
    ([value, locale]) => {
      if (value) localStorage.setItem('token', value);
      else localStorage.removeItem('token');
      localStorage.setItem('locale', locale);
    },
    [token, language] as const,
  );
}

/** The whole texts a screen shows while it loads, in the language (Urdu: English's too, as a fallback). */
function loadingPattern(language: Language): RegExp {
  if (language === 'en') return /^loading\.\.\.$/i;
  const texts = [...loadingTexts('ur'), ...loadingTexts('en')];
  return new RegExp(`^(${texts.map(literal).join('|')})$`, 'i');
}

/**
 * Waits until a screen has drawn its data: a heading, nothing loading, nothing busy; in Urdu,
 * the page in Urdu and right to left (the Urdu catalogues loaded).
 */
export async function waitForScreen(page: Page, language: Language = 'en'): Promise<void> {
  if (language === 'ur') {
    await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText(loadingPattern(language))).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * How far the page is wider than the window (0: nothing to scroll sideways), and the innermost
 * elements that stick out of it, to name in a failure.
 */
export async function sidewaysOverflow(page: Page): Promise<{ pixels: number; elements: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const pixels = document.documentElement.scrollWidth - width;
    if (pixels <= 0) return { pixels, elements: [] };
    const out = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 1 || box.left < -1);
    });
    const innermost = out.filter((element) => !out.some((other) => other !== element && element.contains(other)));
    const describe = (element: HTMLElement) => {
      const box = element.getBoundingClientRect();
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      const words = (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes} [${Math.round(box.left)}..${Math.round(box.right)}] "${words}"`;
    };
    return { pixels, elements: innermost.slice(0, 5).map(describe) };
  });
}

/** Every violation of the WCAG rules on the page, one line each: rule, impact, the elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n${violation.nodes
        .map((node) => `      ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join('; ') ?? ''}`)
        .join('\n')}`,
  );
}

/**
 * Opens each screen of the role at the size and collects what axe finds; fails listing all of it.
 * In Urdu each screen must also be right to left (waitForScreen) and no wider than the window,
 * and its full-page screenshot is kept with the test's output for review.
 */
export async function checkScreens(
  page: Page,
  role: ScreenRole,
  size: SizeName,
  data: ScreenData,
  language: Language = 'en',
): Promise<void> {
  await page.setViewportSize(SIZES[size]);
  await signInAs(page, role, data, language);
  const found: string[] = [];
  for (const screen of screensOf(role)) {
    await page.goto(screen.path(data));
    await waitForScreen(page, language);
    for (const violation of await axeViolations(page)) found.push(`${screen.name} at ${size}: ${violation}`);
    if (language === 'en') continue;
    const overflow = await sidewaysOverflow(page);
    if (overflow.pixels > 0) {
      found.push(
        `${screen.name} at ${size}: ${overflow.pixels}px wider than the window\n${overflow.elements.map((e) => `      ${e}`).join('\n')}`,
      );
    }
    const file = `${role}-${size}-${screen.name.replace(/[^a-z0-9]+/gi, '-')}-${language}.png`;
    await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
  }
  expect(found, `axe found on the ${role} screens at ${size} in ${language}:\n${found.join('\n')}`).toEqual([]);
}
