import { expect, test } from '@playwright/test';
import { PASSWORD_RESET_MESSAGES } from 'shared-api/contract';
import { apiCreateApprovedUser, apiLogin } from '../support/api';
import { SHELL_URL } from '../support/env';
import { type Inbox, startInbox } from '../support/mail';
import { signIn } from '../support/session';

let inbox: Inbox;
test.beforeAll(async () => {
  inbox = await startInbox();
});
test.afterAll(() => inbox.close());

test('a forgotten password: the email form, the link in the mail, a new password, and sign-in with it', async ({
  page,
}) => {
  const { email, password: oldPassword } = await apiCreateApprovedUser('agent');
  const newPassword = 'a fresh pass phrase';

  await page.goto('/');
  await page.getByRole('link', { name: 'forgot password?' }).click();
  await expect(page).toHaveURL(`${SHELL_URL}/forgot-password`);
  // the router keeps the sign-in page on screen until the page's chunk is in: wait for the new page
  await expect(page.getByRole('heading', { name: 'forgot password' })).toBeVisible();
  await page.getByLabel('email').fill(email);
  await page.getByRole('button', { name: 'send the link' }).click();
  await expect(page.getByText(PASSWORD_RESET_MESSAGES.forgotAccepted)).toBeVisible();

  const mail = await inbox.textTo(email);
  const link = mail.split(/\s/).find((word) => word.startsWith(`${SHELL_URL}/reset-password?token=`));
  expect(link, mail).toBeTruthy();

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'set a new password' })).toBeVisible();
  await page.getByLabel(/^new password/).fill(newPassword);
  await page.getByLabel(/^repeat new password/).fill(newPassword);
  await page.getByRole('button', { name: 'set password' }).click();
  await expect(page.getByText(PASSWORD_RESET_MESSAGES.passwordReset)).toBeVisible();

  await page.getByRole('link', { name: 'sign in' }).click();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await expect(apiLogin(email, oldPassword)).rejects.toThrow(/401/);

  // the link worked once
  await page.goto(link ?? '');
  await page.getByLabel(/^new password/).fill('yet another phrase');
  await page.getByLabel(/^repeat new password/).fill('yet another phrase');
  await page.getByRole('button', { name: 'set password' }).click();
  await expect(page.getByText(PASSWORD_RESET_MESSAGES.linkInvalid)).toBeVisible();
});
