import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiAdmin, apiApproveUser, apiFindPendingUserByEmail, PNG_BYTES, uniqueEmail } from '../support/api';
import { ADMIN, API_URL, SHELL_URL } from '../support/env';
import { signIn, trackScripts } from '../support/session';

/** Two real image files on disk, as a person would pick them. */
function cnicFiles(): { front: string; back: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-cnic-'));
  const front = path.join(dir, 'cnic-front.png');
  const back = path.join(dir, 'cnic-back.png');
  fs.writeFileSync(front, PNG_BYTES);
  fs.writeFileSync(back, PNG_BYTES);
  return { front, back };
}

/** Fills the registration form as a person would. */
async function fillRegistration(page: Page, email: string, password: string) {
  const files = cnicFiles();
  await page.getByLabel('first name').fill('Sana');
  await page.getByLabel('last name').fill('Khan');
  await page.getByLabel('email').fill(email);
  await page.getByLabel(/^password/).fill(password);
  await page.getByLabel('female').check();
  const phone = page.getByLabel('phone number');
  await expect(phone).toHaveValue('+92');
  await phone.fill('+923001234567');
  await page.getByLabel('city').fill('Lahore');
  await page.getByLabel('country').selectOption('pakistan');
  await page.getByLabel('referral name').fill('Ali Raza');
  await page.getByLabel('referral contact').fill('+923009876543');
  await page.getByLabel('CNIC front').setInputFiles(files.front);
  await page.getByLabel('CNIC back').setInputFiles(files.back);
  await expect(page.getByRole('img', { name: 'CNIC front preview' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'CNIC back preview' })).toBeVisible();
}

test('the sign-in page loads no firebase code', async ({ page }) => {
  const scripts = trackScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.body.includes('firebasestorage.googleapis.com')).map((s) => s.url)).toEqual([]);
});

test('the sign-in page preloads the data layer once idle, in a file of its own, and loads no signed-in code', async ({
  page,
}) => {
  const scripts = trackScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
  // TanStack Query comes after the page, in a file of its own (shell/vite.config.ts, DATA_LAYER)
  await expect.poll(() => scripts.filter((s) => s.url.includes('/assets/data-layer-')).length).toBe(1);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => s.url.includes('/assets/signed-in-')).map((s) => s.url)).toEqual([]);
  expect(scripts.filter((s) => s.body.includes('[ Federation Runtime ]')).map((s) => s.url)).toEqual([]);
});

test('an agent registers with two CNIC images, waits for approval, is approved and signs in', async ({ page }) => {
  const email = uniqueEmail('sana');
  const password = 'sana-secret-1';
  await page.goto('/');
  await page.getByRole('link', { name: 'register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'register' })).toBeVisible();
  await expect(page.getByLabel('work as marketer')).toBeChecked();

  // the rules first: nothing is sent while the form is incomplete
  await page.getByRole('button', { name: 'register' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByText('Front CNIC image is required.')).toBeVisible();
  await expect(page.getByLabel('first name')).toBeFocused();

  await fillRegistration(page, email, password);
  const uploads = page.waitForResponse((r) => r.url() === `${API_URL}/api/uploads` && r.status() === 201);
  await page.getByRole('button', { name: 'register' }).click();
  await uploads;

  await expect(
    page.getByText('your account request is submitted successfully. wait for your request approval'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your account is waiting for approval' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // a pending account cannot sign in yet
  await page.getByRole('button', { name: 'log out' }).click();
  await expect(page).toHaveURL(`${SHELL_URL}/`);
  await signIn(page, email, password);
  await expect(page.getByText(/waiting for approval by an admin/)).toBeVisible();
  await expect(page).toHaveURL(`${SHELL_URL}/`);

  // the admin approves (through the API)
  const admin = await apiAdmin();
  const pending = await apiFindPendingUserByEmail(admin.token, email);
  expect(pending).toMatchObject({ firstName: 'Sana', lastName: 'Khan', role: 'agent', phoneNumber: '+923001234567' });
  await apiApproveUser(admin.token, pending?._id ?? '');

  // signing in now opens the agent's dashboard, with the commission figures loaded
  const commission = page.waitForResponse((r) => r.url().includes(`/api/agent/comission/${pending?._id}`));
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  const answer = await commission;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ success: true, paidCommission: 0, unpaidCommission: 0 });
  await expect(page.getByText('Sana Khan').first()).toBeVisible();
});

test('the referral link copied on a phone opens the registration with the referral locked to that user', async ({
  browser,
}) => {
  const context = await browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  try {
    const admin = await apiAdmin();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // on a phone the sidebar is folded behind the menu button
    const menuButton = page.getByRole('button', { name: 'menu' });
    const refer = page.getByRole('button', { name: 'refer a friend' });
    await expect(refer).toBeHidden();
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'dashboard', exact: true })).toBeFocused();
    await refer.click();
    await expect(
      page.getByText('Referral link copied successfully. You can refer your friends with the copied link.'),
    ).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${SHELL_URL}/register/${admin.user._id}`);

    // the friend opens it (signed out)
    await page.getByRole('button', { name: 'log out' }).click();
    await expect(page).toHaveURL(`${SHELL_URL}/`);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'register' })).toBeVisible();
    const referral = page.getByLabel('referral user id');
    await expect(referral).toHaveValue(admin.user._id);
    await expect(referral).not.toBeEditable();

    // and registers: the account carries the referrer
    const email = uniqueEmail('friend');
    await fillRegistration(page, email, 'friend-secret-1');
    await page.getByRole('button', { name: 'register' }).click();
    await expect(page.getByRole('heading', { name: 'Your account is waiting for approval' })).toBeVisible();
    const pending = await apiFindPendingUserByEmail(admin.token, email);
    expect(pending?.referralUserId?._id).toBe(admin.user._id);
  } finally {
    await context.close();
  }
});

test('a registration the server refuses keeps everything typed and says why', async ({ page }) => {
  await page.goto('/register');
  await fillRegistration(page, ADMIN.email, 'some-secret-1');
  await page.getByRole('button', { name: 'register' }).click();

  await expect(page.getByText('An account with this email already exists.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'register' })).toBeVisible();
  await expect(page.getByLabel('first name')).toHaveValue('Sana');
  await expect(page.getByLabel('email')).toHaveValue(ADMIN.email);
  await expect(page.getByRole('img', { name: 'CNIC front preview' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'register' })).toBeEnabled();
});

test('the registration page has no serious accessibility violation, with its messages shown', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'register' }).click();
  await expect(page.getByText('Back CNIC image is required.')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`)).toEqual([]);
});
