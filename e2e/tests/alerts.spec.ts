import { expect, test } from '@playwright/test';
import { apiApprovedProduct, apiPerson, apiPlaceOrder } from '../support/agent-orders';
import { signIn } from '../support/session';

test("a product's manager sees the new-order alert unread, and 'mark all read' clears the mark", async ({ page }) => {
  const manager = await apiPerson('manager');
  const agent = await apiPerson('agent');
  const product = await apiApprovedProduct(manager);
  const order = await apiPlaceOrder(agent, product);
  const message = `New order ${order.amzOrderNumber} for "${product.name}" by ${agent.name}.`;

  await signIn(page, manager.email, manager.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: /^alert center/ }).click();
  await expect(page).toHaveURL(/\/agent\/alerts$/);
  await expect(page.getByRole('heading', { name: 'alert center' })).toBeVisible();

  const alerts = page.getByRole('list', { name: 'alerts' });
  const newOrder = alerts.getByRole('listitem').filter({ hasText: message });
  await expect(newOrder).toBeVisible();
  await expect(newOrder.getByText('unread', { exact: true })).toBeVisible();
  await expect(newOrder.getByRole('link', { name: message })).toHaveAttribute(
    'href',
    `/manager/update/order/${order._id}`,
  );
  // newest first: the order came after the product's approval
  await expect(alerts.getByRole('listitem').first()).toContainText(message);
  await expect(page.getByText(/^\d+ unread$/)).toBeVisible();

  await page.getByRole('button', { name: 'mark all read' }).click();
  await expect(newOrder.getByText('unread', { exact: true })).toHaveCount(0);
  await expect(page.getByText('All caught up: no unread alerts.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'mark all read' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'alert center', exact: true })).toBeVisible();

  await page.reload();
  await expect(alerts.getByRole('listitem').filter({ hasText: message })).toBeVisible();
  await expect(alerts.getByText('unread', { exact: true })).toHaveCount(0);
});

test('a new alert reaches the open alert center and the badge live, without a reload', async ({ page }) => {
  const manager = await apiPerson('manager');
  const agent = await apiPerson('agent');
  const product = await apiApprovedProduct(manager);

  await signIn(page, manager.email, manager.password);
  await page.getByRole('link', { name: /^alert center/ }).click();
  await expect(page).toHaveURL(/\/agent\/alerts$/);
  const markAll = page.getByRole('button', { name: 'mark all read' });
  await expect(markAll).toBeEnabled();
  await markAll.click();
  await expect(page.getByRole('link', { name: 'alert center', exact: true })).toBeVisible();
  let reloads = 0;
  page.on('framenavigated', () => {
    reloads += 1;
  });

  const order = await apiPlaceOrder(agent, product);

  const message = `New order ${order.amzOrderNumber} for "${product.name}" by ${agent.name}.`;
  const first = page.getByRole('list', { name: 'alerts' }).getByRole('listitem').first();
  await expect(first).toContainText(message);
  await expect(first.getByText('unread', { exact: true })).toBeVisible();
  await expect(page.getByText('1 unread', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'alert center 1 unread alerts' })).toBeVisible();
  expect(reloads).toBe(0);
});
