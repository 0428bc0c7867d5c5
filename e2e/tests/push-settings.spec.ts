/**
 * Notifications in the agent's settings (docs/domain.md, Push notifications: on the agent's
 * phone), on a phone-sized page against the real API: the kinds an agent chooses are saved and
 * come back after a reload; turning notifications on where the browser cannot subscribe (no
 * service worker yet, or no push service reachable without the internet) says why and stays off.
 */
import crypto from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { AGENT_PUSH_KINDS, otherPushDevices, PUSH_MESSAGES, PUSH_SETTINGS_MESSAGES } from 'shared-api/contract';
import { apiPerson, type Person } from '../support/agent-orders';
import { apiCall } from '../support/api';
import { signIn } from '../support/session';

test.use({ viewport: { width: 390, height: 844 } });

const [ORDER_KIND, COMMISSION_KIND] = AGENT_PUSH_KINDS;

/** A subscription as a browser on another of the agent's devices would send it (a real P-256 key). */
function anotherDevice() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: crypto.randomBytes(16).toString('base64url'),
    },
  };
}

async function openSettings(page: Page, agent: Person) {
  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.goto('/agent/settings');
  const section = page.getByRole('region', { name: 'notifications', exact: true });
  await expect(section).toBeVisible();
  return section;
}

test("an agent's choice of notifications is saved and comes back after a reload", async ({ page }) => {
  const agent = await apiPerson('agent');
  const laptop = anotherDevice();
  await apiCall('/api/push/subscriptions', { method: 'POST', token: agent.token, body: laptop });
  try {
    const section = await openSettings(page, agent);
    await expect(section.getByRole('switch', { name: PUSH_SETTINGS_MESSAGES.deviceSwitch })).not.toBeChecked();
    await expect(section.getByText(otherPushDevices(1))).toBeVisible();

    const kinds = section.getByRole('group', { name: PUSH_SETTINGS_MESSAGES.kindsLegend });
    const orders = kinds.getByRole('switch', { name: ORDER_KIND?.label });
    const commission = kinds.getByRole('switch', { name: COMMISSION_KIND?.label });
    await expect(orders).toBeChecked();
    await expect(commission).toBeChecked();

    // by keyboard, as by touch
    await commission.focus();
    await page.keyboard.press('Space');
    await expect(section.getByRole('status').filter({ hasText: PUSH_MESSAGES.preferencesSaved })).toBeVisible();
    await expect(commission).not.toBeChecked();
    expect(await apiCall('/api/push/preferences', { token: agent.token })).toEqual({ kindsOff: ['commission_status'] });

    // the page fits a phone: nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.reload();
    await expect(kinds.getByRole('switch', { name: COMMISSION_KIND?.label })).not.toBeChecked();
    await expect(kinds.getByRole('switch', { name: ORDER_KIND?.label })).toBeChecked();
    await kinds.getByRole('switch', { name: COMMISSION_KIND?.label }).click();
    await expect(section.getByRole('status').filter({ hasText: PUSH_MESSAGES.preferencesSaved })).toBeVisible();
    expect(await apiCall('/api/push/preferences', { token: agent.token })).toEqual({ kindsOff: [] });
  } finally {
    await apiCall('/api/push/subscriptions', {
      method: 'DELETE',
      token: agent.token,
      body: { endpoint: laptop.endpoint },
    });
  }
});

test('turning notifications on where the browser cannot subscribe says why and leaves them off', async ({
  page,
  context,
}) => {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await context.grantPermissions(['notifications']);
  const agent = await apiPerson('agent');
  const section = await openSettings(page, agent);
  const device = section.getByRole('switch', { name: PUSH_SETTINGS_MESSAGES.deviceSwitch });
  await expect(device).toBeEnabled();

  // the shell registers its service worker (if this build has one) after the page has loaded:
  // give it a bounded moment, so the outcome below is known before the tap
  const registered = await page.evaluate(async () => {
    const ready = navigator.serviceWorker.ready.then(() => true);
    const none = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000));
    return (await Promise.race([ready, none])) || (await navigator.serviceWorker.getRegistration()) !== undefined;
  });

  await device.click();
  // without a service worker there is nothing to subscribe with; with one, headless Chromium
  // without the internet cannot reach its push service
  await expect(section.getByRole('alert')).toHaveText(
    registered ? PUSH_SETTINGS_MESSAGES.pushServiceFailed : PUSH_SETTINGS_MESSAGES.noServiceWorker,
  );
  await expect(device).not.toBeChecked();
  await expect(device).toBeEnabled();
  expect(await apiCall('/api/push/subscriptions', { token: agent.token })).toEqual([]);
  expect(errors).toEqual([]);
});
