/**
 * The staff orders list where people work on it (issue 28, items 2 and 7): at 1280 x 800 the
 * compact table's every column fits without sideways scrolling, a long product name cut short
 * and whole on hover and on focus; at 390 x 844 a row shows its order number, buyer, status and
 * commission and the rest under its details button, the filters fold behind 'Filters (N)', and
 * the list counts its orders in words.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Order } from 'shared-api/contract';
import { SIZES } from '../support/accessibility';
import { apiApprovedProduct, apiPlaceOrder } from '../support/agent-orders';
import { apiAdmin } from '../support/api';
import { ADMIN } from '../support/env';
import { apiApprovedAgent, approvedAccount } from '../support/manager-orders';
import { signIn } from '../support/session';

const LONG_NAME = 'Professional Stainless Steel Espresso Grinder with Forty Grind Settings, a Timer and a Glass Jar';
let orders: Order[];
let productId: string;

test.beforeAll(async () => {
  await apiAdmin();
  const manager = await approvedAccount('manager');
  const agent = await apiApprovedAgent();
  const product = await apiApprovedProduct(manager, { name: `${LONG_NAME} ${Date.now()}` });
  productId = product._id;
  orders = [await apiPlaceOrder(agent, product), await apiPlaceOrder(agent, product)];
});

/** The list narrowed to the product, so its two orders are the rows whatever else the database holds. */
const tableOf = (filters = '') => `/admin/orders?view=table&product=${productId}${filters}`;

async function scrollsSideways(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test('at 1280 x 800 every column of the compact table fits; a long name is cut short, whole on hover and on focus', async ({
  page,
}) => {
  await page.setViewportSize(SIZES.desktop);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(tableOf());
  const table = page.getByRole('table', { name: 'orders' });
  await expect(table.getByRole('row')).toHaveCount(3);

  expect(await scrollsSideways(page.locator('.ui-table-scroll'))).toBe(false);
  expect(await pageScrollsSideways(page)).toBe(false);
  for (const header of ['date', 'order number', 'product', 'agent', 'buyer', 'agent status', 'commission status']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeInViewport();
  }
  await expect(table.getByRole('columnheader', { name: 'commission', exact: true })).toBeInViewport();
  // a phone's details button is not there
  await expect(table.getByRole('button', { name: /^details of order/ }).first()).toBeHidden();

  const row = table.getByRole('row').filter({ hasText: orders[0]?.amzOrderNumber ?? '' });
  await expect(row.getByRole('cell').filter({ hasText: 'Rs' })).toBeInViewport();
  const name = row.getByRole('link', { name: /Professional Stainless Steel/ });
  // one line, cut short (the link is the box that cuts it); the whole name in its title (hover) and its name
  expect(await scrollsSideways(name)).toBe(true);
  const box = await name.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(24);
  await expect(name).toHaveAttribute('title', new RegExp(`^${LONG_NAME}`));
  const height = await row.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeLessThan(80);
  // on focus, the whole name shows
  await name.focus();
  expect(await scrollsSideways(name)).toBe(false);
});

test('at 390 x 844 a row shows number, buyer, status and commission, the rest on its details button; the filters fold', async ({
  page,
}) => {
  await page.setViewportSize(SIZES.phone);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(tableOf('&status=submitted'));
  const table = page.getByRole('table', { name: 'orders' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('2 orders', { exact: true })).toBeVisible();

  expect(await pageScrollsSideways(page)).toBe(false);
  expect(await scrollsSideways(page.locator('.ui-table-scroll'))).toBe(false);
  for (const header of ['order number', 'agent status', 'commission']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  for (const header of ['date', 'product', 'agent', 'buyer', 'status', 'commission status']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeHidden();
  }

  const order = orders[0] as Order;
  // the buyer's name under the order number
  const row = table.getByRole('row').filter({ hasText: order.amzOrderNumber });
  await expect(row.getByText(order.buyerName, { exact: true }).filter({ visible: true })).toBeVisible();
  const rowHeight = await row.evaluate((element) => element.getBoundingClientRect().height);
  expect(rowHeight).toBeLessThan(100);
  const details = table.getByRole('button', { name: `details of order ${order.amzOrderNumber}` });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  const size = await details.boundingBox();
  expect(size?.width).toBeGreaterThanOrEqual(24);
  expect(size?.height).toBeGreaterThanOrEqual(24);
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  const opened = page.locator(`[id="${await details.getAttribute('aria-controls')}"]`);
  await expect(opened).toBeVisible();
  await expect(opened).toContainText(LONG_NAME);
  await expect(opened).toContainText(order.buyerPayPal);
  expect(await pageScrollsSideways(page)).toBe(false);

  // the filters: one on (the status), folded behind the button, the list on the first screen
  const filters = page.getByRole('button', { name: 'Filters (1)' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('group', { name: 'status' })).toBeHidden();
  await expect(table).toBeInViewport();
  await filters.click();
  await expect(page.getByRole('group', { name: 'status' })).toBeVisible();
  await page.getByRole('group', { name: 'status' }).getByRole('button', { name: 'All' }).click();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expect(page.getByText('2 orders', { exact: true })).toBeVisible();
});
