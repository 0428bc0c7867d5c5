import net from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, API_URL, PORTS, remoteOrigin } from '../support/env';
import { editRuntimeConfig, resetRuntimeConfig, startApp, stop } from '../support/servers';
import { signIn, trackScripts } from '../support/session';

test.afterEach(() => resetRuntimeConfig());

test('the admin signs in through the shell and sees the admin area, loaded from its own origin with one React', async ({
  page,
}) => {
  const scripts = trackScripts(page);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('loged in sucessfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome, Admin/ })).toBeVisible();

  const fromAdmin = scripts.filter((s) => s.url.startsWith(`${remoteOrigin('admin')}/`));
  expect(fromAdmin.length).toBeGreaterThan(0);
  // the remote runs on the shell's federation runtime and the shell's shared modules: it
  // brings no runtime, React, router or API client of its own
  const bodies = fromAdmin.map((s) => s.body);
  expect(bodies.filter((body) => body.includes('__REACT_DEVTOOLS_GLOBAL_HOOK__'))).toEqual([]);
  expect(bodies.filter((body) => body.includes('[ Federation Runtime ]'))).toEqual([]);
  const reactDomCopies = scripts.filter((s) => s.body.includes('__REACT_DEVTOOLS_GLOBAL_HOOK__'));
  expect(reactDomCopies.map((s) => s.url)).toHaveLength(1);
  expect(cspViolations).toEqual([]);
});

test("a remote's standalone page is a plain app of its own: the admin signs in there and works in the area", async ({
  page,
}) => {
  const errors: string[] = [];
  const cspViolations: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const response = await page.goto(`${remoteOrigin('admin')}/`);
  // its own policy: scripts from its own origin, calls and images to the API, never in a frame
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/);
  expect(policy).toContain(`connect-src 'self' ${API_URL}`);
  expect(policy).toContain("frame-ancestors 'none'");
  await page.getByLabel('email').fill(ADMIN.email);
  await page.getByLabel('password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'sign in' }).click();
  await expect(page.getByText('Admin area (standalone)')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome, Admin/ })).toBeVisible();
  await page.getByRole('button', { name: 'log out' }).click();
  await expect(page.getByRole('heading', { name: 'Admin area: sign in' })).toBeVisible();
  expect(errors).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test('a toast fired inside a remote shows in the shell container, and the remote styles apply', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const greeting = page.getByRole('heading', { name: /Welcome, Admin/ });
  await expect(greeting).toBeVisible();
  await expect(page.locator('.Toastify')).toHaveCount(1);
  await expect(page.locator('.Toastify').getByText('Welcome back, Admin!')).toBeVisible();
  // the remote's own stylesheet (fetched from the remote's origin) gives its area its accent border
  await expect(page.locator('.admin-area')).toHaveCSS('border-top-color', 'rgb(76, 110, 245)');
});

test('the session store is one instance: logging out from the shell sidebar signs the remote out too', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: /Welcome, Admin/ })).toBeVisible();
  await page.getByRole('button', { name: 'log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
});

test('with remote-agent down, its route shows the error screen with a working retry while /admin keeps working', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: /Welcome, Admin/ })).toBeVisible();
  await stop('agent');
  try {
    await page.getByRole('link', { name: 'alert center' }).click();
    await expect(page).toHaveURL(/\/agent\/alerts$/);
    await expect(page.getByText('Something went wrong.')).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'dashboard', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: /Welcome, Admin/ })).toBeVisible();

    await page.getByRole('link', { name: 'alert center' }).click();
    await expect(page.getByText('Something went wrong.')).toBeVisible();
  } finally {
    await startApp('agent');
  }
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Something went wrong.')).toBeHidden();
  await expect(page.getByRole('heading', { name: /alert/i })).toBeVisible();
});

test('a remote that accepts connections but never answers times out to the error screen', async ({ page }) => {
  const sockets: net.Socket[] = [];
  const hung = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => hung.listen(3013, '127.0.0.1', resolve));
  try {
    editRuntimeConfig((config) => {
      (config.remotes as Record<string, string>).agent = 'http://localhost:3013/remoteEntry.js';
      config.remoteTimeoutMs = 3000;
    });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: /Welcome, Admin/ })).toBeVisible();
    await page.getByRole('link', { name: 'alert center' }).click();
    await expect(page.getByText('Something went wrong.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'log out' })).toBeVisible();
  } finally {
    for (const s of sockets) s.destroy();
    hung.close();
  }
});

test('a remote URL changed in the runtime JSON is used without rebuilding the shell', async ({ page }) => {
  const movedPort = 3011;
  await startApp('admin', movedPort, 'admin-moved');
  try {
    editRuntimeConfig((config) => {
      const remotes = config.remotes as Record<string, string>;
      remotes.admin = remotes.admin!.replace(`:${PORTS.admin}`, `:${movedPort}`);
    });
    const scripts = trackScripts(page);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: /Welcome, Admin/ })).toBeVisible();
    expect(scripts.some((s) => s.url.startsWith(`${remoteOrigin('admin', movedPort)}/`))).toBe(true);
    expect(scripts.some((s) => s.url.startsWith(`${remoteOrigin('admin')}/`))).toBe(false);
  } finally {
    await stop('admin-moved');
  }
});

test('the login page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
