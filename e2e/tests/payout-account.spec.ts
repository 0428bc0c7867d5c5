/**
 * Payout accounts (docs/domain.md, Payout accounts): an agent whose account was first set
 * (through the API) changes it in its settings; the admin sees the new account masked on the
 * agents owed commission, and on the agent's pay screen the change beside Pay, which must be
 * confirmed before paying; the payout keeps the account it paid.
 */
import { expect, test } from '@playwright/test';
import { apiApprovedProduct, apiPerson, apiPlaceOrder } from '../support/agent-orders';
import { apiCall, uniqueOrderDigits, uniqueSuffix } from '../support/api';
import { ADMIN } from '../support/env';
import { signIn } from '../support/session';

/** A JazzCash or Easypaisa number no other test has used: +923 and 9 more digits. */
const uniqueWallet = () => `+923${uniqueOrderDigits().slice(-9)}`;

test('an agent changes its payout account; the admin sees it masked, confirms the change and pays', async ({
  page,
}) => {
  const manager = await apiPerson('manager');
  const agent = await apiPerson('agent');
  const product = await apiApprovedProduct(manager, {
    comission: 800_000,
    comissionWithTextReview: 850_000,
    comissionWithPictureReview: 880_000,
  });
  const order = await apiPlaceOrder(agent, product, { reviewType: 'text' });
  const first = uniqueWallet();
  const second = uniqueWallet();
  await apiCall('/api/user/payout-account', {
    method: 'PUT',
    token: agent.token,
    body: { method: 'jazzcash', account: first },
  });

  // the agent's settings: the account on file, changed to another wallet
  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.goto('/agent/settings');
  const form = page.getByRole('form', { name: 'payout account' });
  await expect(form.getByLabel(/JazzCash number/)).toHaveValue(first);
  await form.getByLabel(/paid by/).selectOption('easypaisa');
  await form.getByLabel(/Easypaisa number/).fill('+92 30');
  await form.getByRole('button', { name: 'save payout account' }).click();
  await expect(form.getByText(/\+92 and 10 digits \(13 characters\)/)).toBeVisible();
  await form.getByLabel(/Easypaisa number/).fill(`0${second.slice(3)}`);
  await form.getByRole('button', { name: 'save payout account' }).click();
  await expect(form.getByText('Your payout account is saved.', { exact: true })).toBeVisible();
  await expect(form.getByLabel(/Easypaisa number/)).toHaveValue(second);
  await page.getByRole('button', { name: 'log out' }).click();
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();

  // the admin: the agents owed commission show the new account masked
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/payouts');
  const row = page
    .getByRole('table', { name: 'agents owed commission' })
    .getByRole('row')
    .filter({ hasText: agent.email });
  await expect(row).toContainText(`Easypaisa •••• ${second.slice(-4)}`);
  await expect(row).not.toContainText(second);
  await row.getByRole('link', { name: `${agent.name}: pay this agent` }).click();

  // the pay screen: the change beside Pay, to confirm before paying
  await expect(page.getByText(/The payout account was changed on/)).toContainText(
    `from JazzCash •••• ${first.slice(-4)} to Easypaisa •••• ${second.slice(-4)}`,
  );
  await page.getByRole('checkbox', { name: `pay order ${order.amzOrderNumber}` }).check();
  const reference = `E2E-ACCOUNT-${uniqueSuffix()}`;
  await page.getByLabel(/^payment reference/).fill(reference);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(/changed less than 24 hours ago/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'I checked the new account and want to pay it' }).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'pay commission' });
  await expect(dialog).toContainText(`Paid to: Easypaisa •••• ${second.slice(-4)}`);
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

  // the payout keeps the account it paid
  await expect(page).toHaveURL(/\/admin\/payouts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `payout ${reference}` })).toBeVisible();
  await expect(page.getByText('paid to', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    `Easypaisa •••• ${second.slice(-4)}`,
  );
  await expect(page.getByRole('button', { name: 'transfer.csv' })).toBeVisible();
});
