/**
 * Each role's main journey with the keyboard alone (Tab, Enter, Space, Escape; a file picked with
 * setInputFiles, as a keyboard user picks one in the system dialog): focus always visible, moved
 * into a dialog or the side panel and back to its opener on close, the sidebar reachable, no trap.
 */
import { expect, test } from '@playwright/test';
import { apiCreateProduct } from '../support/admin-users';
import { apiApprovedProduct, apiPlaceOrder } from '../support/agent-orders';
import { PNG_BYTES, uniqueOrderDigits } from '../support/api';
import { ADMIN } from '../support/env';
import { tabTo } from '../support/keyboard';
import { apiApprovedAgent, approvedAccount } from '../support/manager-orders';

/** Signs in by keyboard: the fields by Tab, the form sent by Enter. */
async function keyboardSignIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
  await tabTo(page, page.getByLabel('email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('password'));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

test('an admin approves a pending product with the keyboard alone', async ({ page }) => {
  const manager = await approvedAccount('manager');
  const product = await apiCreateProduct(manager.token, { name: `Keyboard Kettle ${Date.now()}` });

  await keyboardSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // the sidebar, by Tab
  await tabTo(page, page.getByRole('link', { name: 'pending products', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'pending products' })).toBeVisible();
  await tabTo(page, page.getByRole('searchbox', { name: 'search products' }));
  await page.keyboard.type(product.name);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toHaveCount(1);
  // the details in the side panel: focus goes in, Escape closes it, focus comes back
  const details = row.getByRole('button', { name: `(view details) of ${product.name}` });
  await tabTo(page, details);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Product details' });
  await expect(panel).toBeVisible();
  await expect.poll(() => panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(details).toBeFocused();

  await tabTo(page, row.getByRole('button', { name: `Approve ${product.name}` }));
  await page.keyboard.press('Space');
  await expect(page.getByText(`"${product.name}" is approved`, { exact: false })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: product.name })).toHaveCount(0);
});

test('an agent places an order with the keyboard alone', async ({ page }) => {
  const manager = await approvedAccount('manager');
  const agent = await apiApprovedAgent();
  const product = await apiApprovedProduct(manager, { name: `Keyboard Blender ${Date.now()}` });
  const digits = uniqueOrderDigits();

  await keyboardSignIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await tabTo(page, page.getByRole('link', { name: 'all products', exact: true }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('searchbox', { name: 'Search products' }));
  await page.keyboard.type(product.name);
  const card = page.getByRole('article').filter({ hasText: product.name });
  await expect(card).toHaveCount(1);

  // the confirm dialog takes focus; Escape gives it back to the Order button
  const order = card.getByRole('button', { name: 'Order' });
  await tabTo(page, order);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Please Confirm' });
  await expect(confirm).toBeVisible();
  await expect.poll(() => confirm.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(order).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByRole('button', { name: 'Confirm' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/agent/detail/${product._id}$`));

  await tabTo(page, page.getByLabel(/^Review Type/));
  await page.getByLabel(/^Review Type/).selectOption('text');
  await tabTo(page, page.getByLabel(/^AMZ Order Number/));
  await page.keyboard.type(digits);
  await tabTo(page, page.getByLabel(/^Buyer PayPal/));
  await page.keyboard.type(`kb-${digits}@example.com`);
  await tabTo(page, page.getByLabel(/^Buyer Name/));
  await page.keyboard.type('Bilal Buyer');
  await page
    .getByLabel(/^Order Screenshot/)
    .setInputFiles({ name: 'order.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(page.getByRole('img', { name: 'Order Screenshot preview' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Order is created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/orders$/);
});

test('a manager opens a product in the side panel and an order with the keyboard alone', async ({ page }) => {
  const { manager, product, agent } = await (async () => {
    const manager = await approvedAccount('manager');
    const agent = await apiApprovedAgent();
    const product = await apiApprovedProduct(manager, { name: `Keyboard Lamp ${Date.now()}` });
    return { manager, product, agent };
  })();
  const placed = await apiPlaceOrder(agent, product);

  await keyboardSignIn(page, manager.email, manager.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await tabTo(page, page.getByRole('link', { name: 'all products', exact: true }));
  await page.keyboard.press('Enter');
  const details = page.getByRole('button', { name: `(view details) of ${product.name}` });
  await tabTo(page, details);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Product details' });
  await expect(panel.getByRole('heading', { name: product.name })).toBeVisible();
  await expect.poll(() => panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(details).toBeFocused();

  // back up to the sidebar, then the orders and the order's page
  await tabTo(page, page.getByRole('link', { name: 'orders', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manager\/orders$/);
  const update = page.getByRole('link', { name: `update order ${placed.amzOrderNumber}` });
  await tabTo(page, update, { limit: 120 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/manager/update/order/${placed._id}$`));
});
