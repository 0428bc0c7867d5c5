import { expect, test } from '@playwright/test';
import { apiCreateApprovedUser, apiLogin } from '../support/api';
import { SHELL_URL } from '../support/env';
import { signIn } from '../support/session';

test('after a password change the new password signs in and the old one does not', async ({ page }) => {
  const { email, password: oldPassword } = await apiCreateApprovedUser('agent');
  const newPassword = 'second-password-2';

  await signIn(page, email, oldPassword);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.getByRole('link', { name: 'update password' }).click();
  await expect(page).toHaveURL(/\/agent\/settings$/);
  await expect(page.getByRole('heading', { name: 'update password' })).toBeVisible();

  await page.getByLabel('current password').fill(oldPassword);
  await page.getByLabel('new password').fill(newPassword);
  await page.getByRole('button', { name: 'update password' }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();

  // the session goes on with the new token: another page still loads as this user
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'dashboard', exact: true })
    .click();
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.reload();
  await expect(page).toHaveURL(/\/agent\/dashboard$/);

  await page.getByRole('button', { name: 'log out' }).click();
  await expect(page).toHaveURL(`${SHELL_URL}/`);

  await signIn(page, email, oldPassword);
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(`${SHELL_URL}/`);
  await expect(apiLogin(email, oldPassword)).rejects.toThrow(/401/);

  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
});

test('a wrong current password is refused with the server message and changes nothing', async ({ page }) => {
  const { email, password } = await apiCreateApprovedUser('agent');

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.goto('/agent/settings');
  await page.getByLabel('current password').fill('not-my-password');
  await page.getByLabel('new password').fill('second-password-2');
  await page.getByRole('button', { name: 'update password' }).click();

  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  expect((await apiLogin(email, password)).token).toBeTruthy();
});
