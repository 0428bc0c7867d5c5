import { expect, type Page, test } from '@playwright/test';
import { PNG_BYTES } from '../support/api';
import { ADMIN } from '../support/env';
import {
  apiAgentCommission,
  apiApprovedAgent,
  apiManagerWithApprovedProduct,
  apiOrder,
  apiPlaceOrder,
} from '../support/manager-orders';
import { signIn } from '../support/session';

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'log out' }).click();
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
}

test('the manager sets an order refunded with a refund screenshot, then the admin pays its commission', async ({
  page,
}, testInfo) => {
  const { manager, product } = await apiManagerWithApprovedProduct(450);
  const agent = await apiApprovedAgent();
  const order = await apiPlaceOrder(agent, product._id);
  expect(order.comission).toBe(450);
  const before = await apiAgentCommission(agent);

  // the manager finds the order in their list
  await signIn(page, manager.email, manager.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'orders', exact: true }).click();
  await expect(page).toHaveURL(/\/manager\/orders$/);
  await expect(page.getByRole('heading', { name: 'orders', exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ orders?$/)).toBeVisible();
  await expect(page.getByText('Welcome back')).toHaveCount(0);
  const card = page.getByRole('article', { name: `Order ID: ${order._id}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(order.amzOrderNumber)).toBeVisible();
  await expect(card.getByText('Rs 450')).toBeVisible();

  // its order screenshot opens in the lightbox
  await card.getByRole('button', { name: 'order screenshot' }).click();
  await expect(page.getByRole('dialog', { name: 'order screenshot' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // update order: Refunded with a refund screenshot
  await card.getByRole('link', { name: /^update order/ }).click();
  await expect(page).toHaveURL(new RegExp(`/manager/update/order/${order._id}$`));
  await expect(page.getByRole('heading', { name: 'update order' })).toBeVisible();
  await expect(page.getByLabel('commission status')).toHaveCount(0);
  const refundFile = testInfo.outputPath('refund.png');
  const fs = await import('node:fs/promises');
  await fs.writeFile(refundFile, PNG_BYTES);
  await page.getByLabel('refund screenshot').setInputFiles(refundFile);
  await expect(page.getByRole('img', { name: 'refund screenshot preview' })).toBeVisible();
  await page.getByLabel('order status').selectOption({ label: 'Refunded' });
  await page.getByRole('button', { name: 'save' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();

  const refunded = await apiOrder(manager.token, order._id);
  expect(refunded.status).toBe('Refunded');
  expect(refunded.refundShot).toMatch(/^https?:\/\//);
  expect(refunded.comissionStatus).toBe('unpaid');
  const image = await fetch(refunded.refundShot);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toMatch(/^image\//);
  await logOut(page);

  // the admin opens the same order and pays its commission
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/manager/update/order/${order._id}`);
  await expect(page.getByRole('heading', { name: 'update order' })).toBeVisible();
  await expect(page.getByLabel('order status')).toHaveValue('Refunded');
  const breakdown = page.getByRole('region', { name: 'commission breakdown of Rs 450' });
  await expect(breakdown.getByRole('definition')).toHaveText(['Rs 9.00', 'Rs 351.00', 'Rs 90.00']);
  const commission = page.getByLabel('commission status');
  await expect(commission).toBeEnabled();
  await commission.selectOption('paid');
  await page.getByRole('button', { name: 'save' }).click();
  await page
    .getByRole('dialog', { name: 'Mark commission paid?' })
    .getByRole('button', { name: 'mark paid and save' })
    .click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await expect(commission).toBeDisabled();
  await expect(commission).toHaveValue('paid');
  await expect(page.getByText('Commission is paid: it is final and can no longer be changed.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('commission status')).toBeDisabled();
  await expect(page.getByLabel('commission status')).toHaveValue('paid');

  // the agent's paid commission grew by exactly this order's commission
  const after = await apiAgentCommission(agent);
  expect(after.paidCommission).toBeCloseTo(before.paidCommission + order.comission, 2);
  expect(after.unpaidCommission).toBeCloseTo(before.unpaidCommission - order.comission, 2);

  // the admin's list finds it under paid
  await page.goto('/admin/orders?commission=paid');
  await expect(
    page.getByRole('group', { name: 'commission' }).getByRole('button', { name: 'paid', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article', { name: `Order ID: ${order._id}` })).toBeVisible();
});

test("another manager cannot open the order, and is told why by the server's message", async ({ page }) => {
  const { product } = await apiManagerWithApprovedProduct(300);
  const agent = await apiApprovedAgent();
  const order = await apiPlaceOrder(agent, product._id);
  const { manager: other } = await apiManagerWithApprovedProduct(300);

  await signIn(page, other.email, other.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/manager/update/order/${order._id}`);
  await expect(page.getByRole('alert')).toHaveText(/You can only see and change orders of your own products\./);
  await page.goto('/manager/orders');
  await expect(page.getByRole('heading', { name: 'orders', exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ orders?$/)).toBeVisible();
  await expect(page.getByRole('article', { name: `Order ID: ${order._id}` })).toHaveCount(0);
});

test('on a phone the manager orders list and the update page fit the screen', async ({ page }) => {
  const { manager, product } = await apiManagerWithApprovedProduct(450);
  const agent = await apiApprovedAgent();
  const order = await apiPlaceOrder(agent, product._id);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, manager.email, manager.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/manager/orders');
  const card = page.getByRole('article', { name: `Order ID: ${order._id}` });
  await expect(card).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await card.getByRole('link', { name: /^update order/ }).click();
  await expect(page.getByLabel('order status')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
