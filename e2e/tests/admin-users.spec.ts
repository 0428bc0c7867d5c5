import { expect, type Locator, test } from '@playwright/test';
import { apiRegisterPendingUser, apiStatus } from '../support/admin-users';
import { apiAdmin, apiCreateApprovedUser, apiFindPendingUserByEmail, apiLogin, uniqueSuffix } from '../support/api';
import { ADMIN, SHELL_URL } from '../support/env';
import { signIn } from '../support/session';

/** True once the image has loaded real pixels (a broken or expired link has none). */
const hasLoaded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test('the admin checks a pending user, CNIC images included, approves with a new password, and the user signs in', async ({
  page,
}) => {
  const lastName = `Malik ${uniqueSuffix()}`;
  const { email, password: registeredPassword, user } = await apiRegisterPendingUser({ lastName });
  const name = `Hina ${lastName}`;
  const newPassword = 'approved-secret-9';

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'pending users' }).click();
  await expect(page).toHaveURL(/\/admin\/pending\/users$/);
  await expect(page.getByRole('heading', { name: 'pending users' })).toBeVisible();

  // the newest registration comes first
  const card = page.getByRole('listitem').filter({ hasText: email });
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByText('+923331234567')).toBeVisible();
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(`${SHELL_URL}/admin/pending/user/${user._id}`);

  const details = page.locator('.admin-user-fields');
  for (const value of [name, email, 'agent', '+923331234567', 'female', 'pakistan', 'Karachi', 'Bilal Ahmed']) {
    await expect(details.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(details.getByText('pending', { exact: true })).toBeVisible();

  // the CNIC images come through their signed links, and enlarge on click
  for (const side of ['CNIC front', 'CNIC back']) {
    const image = page.getByRole('img', { name: side, exact: true });
    await expect(image).toBeVisible();
    await expect.poll(() => hasLoaded(image)).toBe(true);
    expect(await image.getAttribute('src')).toMatch(/\/api\/private\/.+sig=/);
  }
  await page.getByRole('button', { name: 'enlarge CNIC front' }).click();
  const lightbox = page.getByRole('dialog', { name: 'CNIC front' });
  await expect(lightbox).toBeVisible();
  await expect.poll(() => hasLoaded(lightbox.getByRole('img', { name: 'CNIC front' }))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // a too-short password is refused before anything is sent
  const passwordField = page.getByLabel('new password (optional)');
  await passwordField.fill('abc');
  await page.getByRole('button', { name: 'Approve User' }).click();
  await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
  await expect(page).toHaveURL(`${SHELL_URL}/admin/pending/user/${user._id}`);

  await passwordField.fill(newPassword);
  await page.getByRole('button', { name: 'Approve User' }).click();
  await expect(page.getByText(`${name} is approved, with the new password.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/pending\/users$/);
  await expect(page.getByRole('heading', { name: 'pending users' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  expect(await apiFindPendingUserByEmail((await apiAdmin()).token, email)).toBeUndefined();

  // the approved user signs in with the password the admin set (the registered one is gone)
  await expect(apiLogin(email, registeredPassword)).rejects.toThrow(/401/);
  await page.getByRole('button', { name: 'log out' }).click();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
});

test('approving without a new password keeps the registered one', async ({ page }) => {
  const { email, password, user } = await apiRegisterPendingUser({
    role: 'manager',
    lastName: `Iqbal ${uniqueSuffix()}`,
  });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/pending/user/${user._id}`);
  await expect(page.locator('.admin-user-fields').getByText('manager', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Approve User' }).click();
  await expect(page).toHaveURL(/\/admin\/pending\/users$/);
  await expect(page.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  expect((await apiLogin(email, password)).user.status).toBe('approved');

  // opened again, the user is shown as approved, with nothing left to approve
  await page.goto(`/admin/pending/user/${user._id}`);
  await expect(page.getByText('This user is already approved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve User' })).toHaveCount(0);
});

test('the pending user pages read well on a phone', async ({ page }) => {
  const { user } = await apiRegisterPendingUser({ lastName: `Phone ${uniqueSuffix()}` });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const pages = [
    { path: '/admin/pending/users', ready: page.getByRole('link', { name: 'View Details' }).first() },
    { path: `/admin/pending/user/${user._id}`, ready: page.getByRole('button', { name: 'Approve User' }) },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await ready.scrollIntoViewIfNeeded();
    await expect(ready).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await expect(page.getByRole('img', { name: 'CNIC front', exact: true })).toBeVisible();
});

test('a manager cannot open the pending users or pending products pages, nor their API', async ({ page }) => {
  const manager = await apiCreateApprovedUser('manager');
  await signIn(page, manager.email, manager.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The menu, once it shows the manager's own links: the dashboard's figures do have a
  // "pending products" card (the manager's own products), so the menu is where to look.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'all products' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'pending users' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'pending products' })).toHaveCount(0);

  for (const path of ['/admin/pending/users', '/admin/products/pending']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${manager.user.name}` })).toBeVisible();
  }

  const { token } = await apiLogin(manager.email, manager.password);
  expect(await apiStatus('/api/all/pendingusers', token)).toBe(403);
  expect(await apiStatus(`/api/pendinguser/${manager.user._id}`, token)).toBe(403);
});
