/**
 * The admin's users directory and a user's page (issue 25, Screens), and the agent dashboard's
 * payout account notice. Needs the server parts of the issue (the directory, the record, the
 * status moves, the reset link).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNT_MESSAGES } from 'shared-api/contract';
import { apiRegisterPendingUser } from '../support/admin-users';
import { apiCreateApprovedUser, apiLogin, uniqueSuffix } from '../support/api';
import { ADMIN } from '../support/env';
import { signIn } from '../support/session';

async function openDirectory(page: Page) {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'users', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'users' })).toBeVisible();
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${page.url()} ${v.id}: ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`);
}

test('the admin finds a pending registration in the directory and rejects it with a reason the person reads', async ({
  page,
}) => {
  const lastName = `Qureshi ${uniqueSuffix()}`;
  const { email, password } = await apiRegisterPendingUser({ lastName });
  await openDirectory(page);

  await page.getByRole('group', { name: 'status' }).getByRole('button', { name: 'Pending' }).click();
  await expect(page).toHaveURL(/status=pending/);
  await page.getByRole('searchbox', { name: 'search users' }).fill(email);
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('link', { name: `Hina ${lastName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hina ${lastName}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'payout account' })).toContainText('No account on file');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await page.getByRole('button', { name: 'Reject…' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.reasonRequired)).toBeVisible();
  await page.getByLabel(/reason for rejecting/).fill('The CNIC images are unreadable.');
  await page.getByRole('button', { name: 'Reject…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject' });
  await expect(dialog).toContainText('The CNIC images are unreadable.');
  await dialog.getByRole('button', { name: 'Reject' }).click();

  await expect(page.getByRole('status').filter({ hasText: /^The account is now / })).toHaveText(
    'The account is now rejected.',
  );
  await expect(page.getByRole('heading', { name: /^status/ })).toContainText('Rejected');
  await expect(page.getByRole('region', { name: 'history' }).getByRole('listitem').first()).toContainText(
    'Registration rejected',
  );
  await expect(apiLogin(email, password)).rejects.toThrow(/403.*The CNIC images are unreadable\./);
});

test('the admin suspends an agent, reactivates it and issues a password reset link', async ({ page }) => {
  const { email, user } = await apiCreateApprovedUser('agent', { lastName: `Agent ${uniqueSuffix()}` });
  await openDirectory(page);
  await page.goto(`/admin/users/${user._id}`);
  await expect(page.getByRole('heading', { level: 1, name: user.name })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Suspend', exact: true }).click();
  await page.getByLabel(/reason for suspending/).fill('Orders under review.');
  await page.getByRole('button', { name: 'Suspend…' }).click();
  await page.getByRole('dialog', { name: 'Suspend' }).getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^The account is now / })).toHaveText(
    'The account is now suspended.',
  );
  await expect(page.getByText('Reason: Orders under review.').first()).toBeVisible();

  await page.getByRole('button', { name: 'Reactivate' }).click();
  await page.getByRole('dialog', { name: 'Reactivate' }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^The account is now / })).toHaveText(
    'The account is now approved.',
  );

  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('dialog', { name: 'Reset password' }).getByRole('button', { name: 'Reset password' }).click();
  const panel = page.getByRole('region', { name: 'password reset link' });
  await expect(panel.getByRole('textbox', { name: 'reset link' })).toHaveValue(/\/reset-password\?token=/);
  await expect(panel).toContainText('WhatsApp');
  const history = page.getByRole('region', { name: 'history' }).getByRole('listitem');
  await expect(history.first()).toContainText('Password reset link issued');
  expect(await seriousViolations(page)).toEqual([]);
});

test('on a phone the directory scrolls inside its table, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/users');
  const table = page.getByRole('table', { name: 'users' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('an agent with no payout account is asked on the dashboard to add one', async ({ page }) => {
  const { email, password } = await apiCreateApprovedUser('agent');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.getByRole('link', { name: 'Add where you want to be paid' }).click();
  await expect(page).toHaveURL(/\/agent\/settings$/);
});
