/**
 * Fraud signals (docs/domain.md, Fraud signals): two agents place orders for one buyer's PayPal
 * (written differently); the admin finds them on hold from the dashboard and the flagged chip,
 * is not offered 'paid' on the flagged order (the reason beside it), dismisses its flag with a note, then pays it. The agent never
 * sees the flag nor its dismissal. The accounts, the product and the orders are made through the API.
 */
import { expect, type Page, test } from '@playwright/test';
import { paidOnHoldNote } from 'shared-api/contract';
import { apiApprovedProduct, apiPerson, apiPlaceOrder } from '../support/agent-orders';
import { uniqueSuffix } from '../support/api';
import { ADMIN } from '../support/env';
import { signIn } from '../support/session';

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'log out' }).click();
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
}

test('an order whose buyer PayPal another agent used is held until the admin dismisses its flag with a note', async ({
  page,
}) => {
  const manager = await apiPerson('manager');
  const [first, second] = [await apiPerson('agent'), await apiPerson('agent')];
  const product = await apiApprovedProduct(manager);
  const buyer = `shared.${uniqueSuffix()}@example.com`;
  const earlier = await apiPlaceOrder(first, product, { buyerPayPal: buyer });
  // another case and spaces around it: the same PayPal; placing is never refused for it
  const later = await apiPlaceOrder(second, product, { buyerPayPal: `  ${buyer.toUpperCase()} ` });
  const note = 'Two flatmates ordering for one buyer, checked by phone.';

  // the admin's dashboard counts the orders on hold and leads to the flagged orders
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const held = page.getByRole('region', { name: 'orders on hold' });
  await expect(held).toBeVisible();
  await expect(held.locator('.admin-held-orders-value')).toHaveText(/^[1-9][\d,]*$/);
  await held.getByRole('link', { name: 'see the flagged orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?flags=flagged$/);
  await expect(page.getByRole('group', { name: 'fraud' }).getByRole('button', { name: 'flagged' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  for (const order of [earlier, later]) {
    const card = page.getByRole('article', { name: `Order ID: ${order._id}` });
    await expect(card.locator('.ui-flag-badge')).toBeVisible();
  }

  // the later order: its flag names the earlier one, and holds the payment
  await page.goto(`/manager/update/order/${later._id}`);
  const flags = page.getByRole('region', { name: 'fraud flags' });
  const flag = flags.getByRole('article', { name: 'PayPal shared with another agent' });
  await expect(flag).toContainText("The buyer's PayPal is also on an order of another agent.");
  // the related order by its number and agent, never an id
  await expect(flag.getByRole('link', { name: `order ${earlier.amzOrderNumber} (${first.name})` })).toHaveAttribute(
    'href',
    `/manager/update/order/${earlier._id}`,
  );
  // 'paid' is offered disabled while the flag holds the order, the reason beside the selector
  const selector = page.getByLabel('commission status');
  await expect(selector.locator('option[value="paid"]')).toBeDisabled();
  await expect(selector).toHaveAccessibleDescription(paidOnHoldNote(['PayPal shared with another agent']));

  // dismissed with a note, after confirming: on record in the history, and then it can be paid
  await flag.getByLabel(/why the flag can be dismissed/).fill(note);
  await flag.getByRole('button', { name: 'dismiss flag' }).click();
  await page.getByRole('dialog', { name: 'Dismiss this flag?' }).getByRole('button', { name: 'dismiss flag' }).click();
  await expect(flags).toContainText('Every flag was dismissed: the commission can be paid.');
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history.first()).toContainText(`dismissed the flag “PayPal shared with another agent”: “${note}”`);
  await page.reload();
  await page.getByLabel('commission status').selectOption('paid');
  await page.getByRole('button', { name: 'save' }).click();
  await page
    .getByRole('dialog', { name: 'Mark commission paid?' })
    .getByRole('button', { name: 'mark paid and save' })
    .click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await expect(page.getByLabel('commission status')).toHaveValue('paid');
  await logOut(page);

  // the agent sees neither the flag nor its dismissal
  await signIn(page, second.email, second.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.goto(`/agent/update/order/${later._id}`);
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.locator('.ui-flag-badge')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'fraud flags' })).toHaveCount(0);
  await expect(page.getByText(note)).toHaveCount(0);
});
