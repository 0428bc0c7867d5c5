import { expect, type Page, test } from '@playwright/test';
import {
  apiApproveProduct,
  apiCreateProduct,
  apiPlaceOrder,
  dashboardCard,
  readChartTotal,
  readCount,
  readRs,
} from '../support/admin-users';
import { apiAdmin, apiCreateApprovedUser, apiLogin } from '../support/api';
import { ADMIN } from '../support/env';
import { signIn } from '../support/session';

/** Every figure of the dashboard, once loaded. */
async function readFigures(page: Page) {
  // each reader waits for its figure (never for a quiet network: the live alert stream stays open)
  return {
    active: await readCount(page, 'active products'),
    pending: await readCount(page, 'pending products'),
    orders: await readCount(page, 'orders'),
    chart: await readChartTotal(page),
    payable: await readRs(page, 'payable commission'),
  };
}

test('the admin dashboard counts real products and orders, charts the orders per day and lists the newest', async ({
  page,
}) => {
  const admin = await apiAdmin();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${admin.user.name}` })).toBeVisible();
  await expect(page.locator('.Toastify').getByText(`Welcome back, ${admin.user.firstName}!`)).toBeVisible();
  const before = await readFigures(page);

  // an admin's product is approved at once, a manager's waits; an agent orders the admin's
  const product = await apiCreateProduct(admin.token, { comission: 275.5 });
  const manager = await apiCreateApprovedUser('manager');
  await apiCreateProduct((await apiLogin(manager.email, manager.password)).token);
  const agent = await apiCreateApprovedUser('agent');
  const order = await apiPlaceOrder((await apiLogin(agent.email, agent.password)).token, product._id);

  await page.reload();
  await expect.poll(() => readCount(page, 'orders')).toBe(before.orders + 1);
  const after = await readFigures(page);
  expect(after).toEqual({
    active: before.active + 1,
    pending: before.pending + 1,
    orders: before.orders + 1,
    chart: before.chart + 1,
    payable: before.payable + 275.5,
  });

  // the chart has a bar for each of the last 30 days
  const chart = page.getByRole('figure', { name: 'orders per day' });
  await expect(chart.locator('rect')).toHaveCount(30);

  // the newest order heads the recent activity, with its marketplace and status
  const recent = page.getByRole('table', { name: 'recent activity' });
  const firstRow = recent.locator('tbody tr').first();
  await expect(firstRow).toContainText(order._id);
  await expect(firstRow).toContainText(order.amzOrderNumber);
  await expect(firstRow).toContainText('US');
  await expect(firstRow).toContainText('submitted');

  // the tiles and 'view all orders' lead to the lists behind them
  await page.getByRole('link', { name: 'view all orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'dashboard', exact: true })
    .click();
  await page
    .getByRole('list', { name: 'figures' })
    .getByRole('link', { name: /^pending products/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/products\/pending$/);
});

test("a manager's dashboard counts the manager's own products and orders, with the manager's commission", async ({
  page,
}) => {
  const manager = await apiCreateApprovedUser('manager');
  const managerToken = (await apiLogin(manager.email, manager.password)).token;
  const admin = await apiAdmin();
  // someone else's product and order must not count for this manager
  const other = await apiCreateProduct(admin.token);
  const agent = await apiCreateApprovedUser('agent');
  const agentToken = (await apiLogin(agent.email, agent.password)).token;
  await apiPlaceOrder(agentToken, other._id);

  await signIn(page, manager.email, manager.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${manager.user.name}` })).toBeVisible();
  expect(await readFigures(page)).toEqual({ active: 0, pending: 0, orders: 0, chart: 0, payable: 0 });
  await expect(page.getByText('No orders found.')).toBeVisible();

  const mine = await apiCreateProduct(managerToken, { comission: 120 });
  await apiCreateProduct(managerToken);
  await apiApproveProduct(admin.token, mine._id);
  await apiPlaceOrder(agentToken, mine._id);

  await page.reload();
  await expect.poll(() => readCount(page, 'orders')).toBe(1);
  await expect.poll(() => readRs(page, 'payable commission')).toBe(120);
  expect(await readFigures(page)).toEqual({ active: 1, pending: 1, orders: 1, chart: 1, payable: 120 });
  await expect(dashboardCard(page, 'total paid commission')).toHaveText('Rs 0');
  await expect(page.getByRole('link', { name: 'view all orders' })).toHaveAttribute('href', '/manager/orders');
});

test('the dashboard reads well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await readFigures(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('figure', { name: 'orders per day' }).getByRole('img')).toBeVisible();
});
