/**
 * Payouts (docs/domain.md, Payouts): the admin opens payouts from the sidebar, picks an agent
 * owed commission, ticks two of its three orders, sees their count and sum, enters the payment's
 * reference, confirms and lands on the new payout, exports it as CSV; the two orders are paid
 * (their history names the payout), the third is not; the agent finds the payout on its payouts
 * page, from the dashboard's paid-commission card. The accounts, the product and the orders are
 * made through the API.
 */
import fs from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiApprovedProduct, apiOrder, apiPerson, apiPlaceOrder } from '../support/agent-orders';
import { uniqueSuffix } from '../support/api';
import { ADMIN } from '../support/env';
import { signIn } from '../support/session';

/** As the screens write money (formatRs): 'Rs 1,234', 'Rs 1,234.50'. */
function rs(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  const digits = Number.isInteger(rounded) ? 0 : 2;
  return `Rs ${new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(rounded)}`;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'log out' }).click();
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
}

test('an admin pays two of an agent’s orders in one payout, exports it, and the agent sees it', async ({ page }) => {
  // the agent is owed far more than any other test's agent, so it heads the list (the most owed first)
  const manager = await apiPerson('manager');
  const agent = await apiPerson('agent');
  const product = await apiApprovedProduct(manager, {
    comission: 900_000,
    comissionWithTextReview: 950_000,
    comissionWithPictureReview: 990_000,
  });
  const text = await apiPlaceOrder(agent, product, { reviewType: 'text' });
  const picture = await apiPlaceOrder(agent, product, { reviewType: 'picture' });
  const plain = await apiPlaceOrder(agent, product, { reviewType: 'no review' });
  const paidSum = text.comission + picture.comission;
  const reference = `E2E-PAY-${uniqueSuffix()}`;

  // the sidebar's payouts entry lists the agents owed commission
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'payouts', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/payouts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'payouts' })).toBeVisible();
  const agents = page.getByRole('table', { name: 'agents owed commission' });
  // agents share their test name: this one is found by its email
  const agentLink = agents
    .getByRole('row')
    .filter({ hasText: agent.email })
    .getByRole('link', { name: `${agent.name}: pay this agent` });
  await expect(agentLink).toBeVisible();
  await expect(agentLink.locator('xpath=ancestor::tr')).toContainText(rs(paidSum + plain.comission));

  // the agent's payable orders: tick two, the total follows
  await agentLink.click();
  await expect(page).toHaveURL(/\/admin\/payouts\/agent\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `pay ${agent.name}` })).toBeVisible();
  const total = page.getByText(/selected, Rs/);
  await expect(total).toHaveText('0 orders selected, Rs 0');
  await page.getByRole('checkbox', { name: `pay order ${text.amzOrderNumber}` }).check();
  await expect(total).toHaveText(`1 order selected, ${rs(text.comission)}`);
  await page.getByRole('checkbox', { name: `pay order ${picture.amzOrderNumber}` }).check();
  await expect(total).toHaveText(`2 orders selected, ${rs(paidSum)}`);

  // the reference, then a confirmation that states the count, the sum and the agent
  await page.getByLabel(/^payment reference/).fill(reference);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'pay commission' });
  await expect(dialog).toContainText(`Pay 2 orders, ${rs(paidSum)}, to ${agent.name}?`);
  await expect(dialog).toContainText(`Reference: ${reference}`);
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

  // the new payout's page
  await expect(page).toHaveURL(/\/admin\/payouts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `payout ${reference}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Paid 2 orders' })).toHaveText(
    `Paid 2 orders, ${rs(paidSum)}, to ${agent.name}.`,
  );
  const items = page.getByRole('table', { name: 'orders in this payout' });
  await expect(items.locator('tbody tr')).toHaveCount(2);
  await expect(items).toContainText(text.amzOrderNumber);
  await expect(items).toContainText(picture.amzOrderNumber);
  await expect(items).not.toContainText(plain.amzOrderNumber);

  // Export CSV: the payout's two orders
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  await expect(page.getByText(`Saved ${download.suggestedFilename()}`)).toBeVisible();
  const csv = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv).toContain(text.amzOrderNumber);
  expect(csv).toContain(picture.amzOrderNumber);
  expect(csv).not.toContain(plain.amzOrderNumber);

  // the two orders are paid, the third is not; an order's history names the payout
  expect((await apiOrder(agent.token, text._id)).comissionStatus).toBe('paid');
  expect((await apiOrder(agent.token, picture._id)).comissionStatus).toBe('paid');
  expect((await apiOrder(agent.token, plain._id)).comissionStatus).toBe('unpaid');
  await items.getByRole('link', { name: text.amzOrderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/manager/update/order/${text._id}$`));
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(`Paid in payout ${reference}`)).toBeVisible();
  await expect(history.getByRole('link', { name: reference })).toHaveAttribute(
    'href',
    /\/admin\/payouts\/[0-9a-f-]{36}$/,
  );

  // the agent's page now owes only the third order
  await page.goto(`/admin/payouts/agent/${text.agent._id}`);
  await expect(page.getByRole('checkbox', { name: `pay order ${plain.amzOrderNumber}` })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(1);
  await expect(page.getByRole('table', { name: /^payouts to / }).getByRole('link', { name: reference })).toBeVisible();
  await logOut(page);

  // the agent: from the paid-commission card to its payouts, and to the payout's orders
  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.getByRole('link', { name: /total paid commission/ }).click();
  await expect(page).toHaveURL(/\/agent\/payouts$/);
  const mine = page.getByRole('table', { name: 'your payouts' });
  const row = mine.locator('tbody tr').filter({ hasText: reference });
  await expect(row).toContainText(rs(paidSum));
  await row.getByRole('link', { name: reference }).click();
  await expect(page).toHaveURL(/\/agent\/payouts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `payout ${reference}` })).toBeVisible();
  const agentItems = page.getByRole('table', { name: 'orders in this payout' });
  await expect(agentItems.locator('tbody tr')).toHaveCount(2);
  await expect(agentItems.getByRole('link', { name: picture.amzOrderNumber })).toHaveAttribute(
    'href',
    `/agent/update/order/${picture._id}`,
  );
});
