/**
 * The app in Urdu (docs/architecture.md, Languages): the switch on the sign-in page turns every
 * screen right to left, the agent's area opens in Urdu after sign-in and on the next start, at
 * phone width without sideways scrolling and with no accessibility violation. Labels are read
 * from the catalogues, so the test follows the texts.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, SIZES } from '../support/accessibility';
import { apiCall, apiCreateApprovedUser, apiLogin } from '../support/api';
import { signIn } from '../support/session';

const catalogue = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as Record<string, string>;
const shellUr = catalogue('shell/src/locales/ur.json');
const languageUr = catalogue('shared-ui/src/locales/language/ur.json');

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('the switch on the sign-in page turns the page to Urdu, right to left, at phone width', async ({ page }) => {
  await page.setViewportSize(SIZES.phone);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('dir', 'rtl');

  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'اردو' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(page.getByRole('heading', { name: shellUr['shell.login.title'] })).toBeVisible();
  await expect(page.getByRole('button', { name: shellUr['shell.login.submit'] })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('sign-in-ur.png'), fullPage: true });

  // the device remembers it: the next start is in Urdu
  await page.reload();
  await expect(page.getByRole('heading', { name: shellUr['shell.login.title'] })).toBeVisible();
  await expect(page.getByRole('group', { name: languageUr['language.label'] })).toBeVisible();
});

test('an agent whose account is in Urdu signs in and the area opens in Urdu, right to left', async ({ page }) => {
  const agent = await apiCreateApprovedUser('agent');
  const { token } = await apiLogin(agent.email, agent.password);
  await apiCall('/api/user/locale', { method: 'PUT', token, body: { locale: 'ur' } });

  await page.setViewportSize(SIZES.phone);
  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('h1').first()).toHaveText(/[\u0600-\u06FF]/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('agent-dashboard-ur.png'), fullPage: true });
});

test('Urdu chosen on the sign-in page stays on at sign-in and is saved on an English account', async ({ page }) => {
  const agent = await apiCreateApprovedUser('agent');
  await page.goto('/');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'اردو' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await page.locator('#login-email').fill(agent.email);
  await page.locator('#login-password').fill(agent.password);
  await page.getByRole('button', { name: shellUr['shell.login.submit'] }).click();

  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await expect(page.locator('h1').first()).toHaveText(/[\u0600-\u06FF]/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // the account keeps it: a sign-in elsewhere opens in Urdu
  await expect.poll(async () => (await apiLogin(agent.email, agent.password)).user.locale).toBe('ur');
});
