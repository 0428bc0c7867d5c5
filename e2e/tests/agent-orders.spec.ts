import { expect, type Page, test } from '@playwright/test';
import { apiApprovedProduct, apiOrder, apiPerson, apiPlaceOrder } from '../support/agent-orders';
import { PNG_BYTES } from '../support/api';
import { signIn } from '../support/session';

/** The card of one order on /agent/orders. */
function orderCard(page: Page, amzOrderNumber: string) {
  return page.getByRole('article').filter({ hasText: amzOrderNumber });
}

test('an agent cancels a submitted order after confirming, and moves another to Reviewed with a review screenshot', async ({
  page,
}) => {
  const manager = await apiPerson('manager');
  const agent = await apiPerson('agent');
  const product = await apiApprovedProduct(manager);
  const toCancel = await apiPlaceOrder(agent, product);
  const toReview = await apiPlaceOrder(agent, product, { reviewType: 'picture' });
  const untouched = await apiPlaceOrder(agent, product);

  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.getByRole('link', { name: 'orders', exact: true }).click();
  await expect(page).toHaveURL(/\/agent\/orders$/);
  await expect(page.getByRole('heading', { name: 'you have 3 order(s)' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Honest reviews' })).toHaveCount(1);

  // the card shows the real marketplace and commission
  const card = orderCard(page, toCancel.amzOrderNumber);
  await expect(card).toContainText('DE');
  await expect(card).toContainText('Rs 350');

  // cancel: the dropdown asks first; keeping the order changes nothing
  await card.getByLabel(`status of order ${toCancel.amzOrderNumber}`).selectOption({ label: 'Cancel order' });
  const dialog = page.getByRole('dialog', { name: 'Cancel order' });
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  expect((await apiOrder(agent.token, toCancel._id)).AgentStatus).toBe('submitted');

  await card.getByLabel(`status of order ${toCancel.amzOrderNumber}`).selectOption({ label: 'Cancel order' });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Cancelled', { exact: true }).first()).toBeVisible();

  const chips = page.getByRole('group', { name: 'agent status' });
  await chips.getByRole('button', { name: 'Cancelled' }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(orderCard(page, toCancel.amzOrderNumber)).toBeVisible();
  await expect(orderCard(page, toReview.amzOrderNumber)).toHaveCount(0);
  await expect(orderCard(page, toCancel.amzOrderNumber).getByRole('button', { name: /update Order/ })).toBeDisabled();
  await expect(orderCard(page, toCancel.amzOrderNumber).getByRole('combobox')).toHaveCount(0);

  // update another: Reviewed with a review screenshot
  await chips.getByRole('button', { name: 'All' }).click();
  await orderCard(page, toReview.amzOrderNumber)
    .getByRole('button', { name: /update Order/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/agent/update/order/${toReview._id}$`));
  await expect(page.getByRole('heading', { name: 'update order' })).toBeVisible();
  await expect(page.getByLabel(/AMZ Order Number/)).toHaveValue(toReview.amzOrderNumber);
  await expect(page.getByText('Commission for this order: Rs 420')).toBeVisible();

  const status = page.getByLabel('agent status');
  await expect(status.locator('option')).toHaveText(['submitted', 'Ordered', 'Reviewed', 'Feedbacked', 'Cancelled']);
  await status.selectOption('Reviewed');
  await page
    .getByLabel('review screenshot')
    .setInputFiles({ name: 'review.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(page.getByRole('img', { name: 'review screenshot preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Order' }).click();

  await expect(page.getByText('Updated successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/orders$/);
  await chips.getByRole('button', { name: 'Reviewed' }).click();
  const reviewed = orderCard(page, toReview.amzOrderNumber);
  await expect(reviewed).toBeVisible();
  await expect(orderCard(page, untouched.amzOrderNumber)).toHaveCount(0);

  // the stored screenshot opens in the lightbox and is a real image
  await reviewed.getByRole('button', { name: 'review screenshot' }).click();
  const shown = page.getByRole('dialog').getByRole('img', { name: 'review screenshot' });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  const stored = await apiOrder(agent.token, toReview._id);
  expect(stored.AgentStatus).toBe('Reviewed');
  expect(stored.reviewScreenShot).toMatch(/^http.*\/api\/private\/.+sig=/);
  expect(stored.buyerName).toBe(toReview.buyerName);
  expect((await apiOrder(agent.token, untouched._id)).AgentStatus).toBe('submitted');
});

test('the order screens fit a phone', async ({ page }) => {
  const manager = await apiPerson('manager');
  const agent = await apiPerson('agent');
  const product = await apiApprovedProduct(manager);
  const order = await apiPlaceOrder(agent, product);
  await page.setViewportSize({ width: 390, height: 844 });

  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  for (const path of ['/agent/orders', `/agent/update/order/${order._id}`, '/agent/alerts']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).last()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
