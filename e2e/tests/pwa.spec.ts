/**
 * The agent's phone app (docs/architecture.md, Phone app): installable (a manifest, a service
 * worker that controls the page after one visit), opening offline with the agent's figures and
 * orders as last seen, nothing kept after signing out, and a refund alert pushed to the service
 * worker shown as a notification that opens the order. The upload that survives the network
 * going off and on is resumable-upload.spec.ts, run with this service worker in place.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  type Alert,
  type AlertList,
  OFFLINE_MESSAGES,
  OFFLINE_STORAGE_PREFIX,
  type Order,
  PUSH_TITLES,
  type PushPayload,
} from 'shared-api/contract';
import { browserKeys, startPushService } from '../../server/src/test/push-service';
import { apiAdminProduct, apiPlaceOrder, apiShopper, type Shopper } from '../support/agent-shopping';
import { apiAdmin, apiCall, apiUploadImage, dashed, uniqueOrderDigits } from '../support/api';
import { SHELL_URL } from '../support/env';
import { signIn } from '../support/session';

/**
 * Some Chromium builds (Debian's 150) forget the emulated offline state on a reload: the page
 * comes from the service worker but `navigator.onLine` says true, as a phone without a network
 * never would. Offline is then said again, so the page gets the browser's offline event.
 */
async function stillOffline(page: Page, context: BrowserContext): Promise<void> {
  if (!(await page.evaluate(() => navigator.onLine))) return;
  await context.setOffline(false);
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/** Waits for the app's service worker to be active and to control `page`. */
async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** The keys of what the app keeps for offline use in this page's localStorage. */
const keptKeys = (page: Page) =>
  page.evaluate((prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)), OFFLINE_STORAGE_PREFIX);

/** An agent with one order placed, signed in on a page the service worker controls. */
async function agentWithAnOrder(page: Page): Promise<{ agent: Shopper; order: Order }> {
  const agent = await apiShopper();
  const order = await apiPlaceOrder(agent, await apiAdminProduct(), dashed(uniqueOrderDigits()));
  await page.goto('/');
  await controlledByWorker(page);
  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  return { agent, order };
}

const ordersFigure = (page: Page) =>
  page.getByRole('list', { name: 'figures' }).getByRole('link', { name: 'orders 1', exact: true });

test('the app is installable: its manifest is found and the service worker controls the page after one visit', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
  await controlledByWorker(page);

  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const response = await fetch(link?.href ?? '');
    return { type: response.headers.get('content-type'), body: await response.json() };
  });
  expect(manifest.type).toContain('application/manifest+json');
  expect(manifest.body).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' });

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // a test's browser context is a private window, where nothing installs: that is the only error
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
});

test('offline after one visit the app opens, says so, and shows the agent their figures and orders as last seen; signing out keeps nothing', async ({
  page,
  context,
}) => {
  const { agent, order } = await agentWithAnOrder(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(ordersFigure(page)).toBeVisible();
  await menu.getByRole('link', { name: 'orders', exact: true }).click();
  await expect(page.getByText(order.amzOrderNumber, { exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'dashboard', exact: true }).click();
  await expect(ordersFigure(page)).toBeVisible();
  // what the dashboard and the list were answered is kept, under the agent's id
  await expect.poll(() => keptKeys(page)).toContain(`${OFFLINE_STORAGE_PREFIX}queries:${agent.id}`);

  await context.setOffline(true);
  try {
    await page.reload();
    await stillOffline(page, context);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGES.offline })).toBeVisible();
    await expect(ordersFigure(page)).toBeVisible();
    await expect(page.getByText(/^As of /)).toBeVisible();

    await menu.getByRole('link', { name: 'orders', exact: true }).click();
    await expect(page.getByText(order.amzOrderNumber, { exact: true })).toBeVisible();
    await expect(page.getByText(/^As of /)).toBeVisible();

    // a page of the area not opened before: its code came with the area's manifest
    await menu.getByRole('link', { name: 'payouts', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'payouts' })).toBeVisible();

    await page.getByRole('button', { name: 'log out' }).click();
    await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
    expect(await keptKeys(page)).toEqual([]);
  } finally {
    await context.setOffline(false);
  }
});

/** The service worker's registration id, for CDP's ServiceWorker domain. */
async function registrationIdOf(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${SHELL_URL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await found };
}

test("a refund alert the server pushes arrives as a notification, once, and a click on it opens the order's page", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: SHELL_URL });
  const { agent, order } = await agentWithAnOrder(page);

  // Headless Chromium cannot subscribe to a real push service: the agent's subscription names a
  // push service of this test's own, which decrypts what the server posts to it (RFC 8291).
  const pushService = await startPushService();
  const browser = browserKeys();
  try {
    await apiCall('/api/push/subscriptions', {
      method: 'POST',
      token: agent.token,
      body: { endpoint: `${pushService.origin}/agent-phone`, keys: browser.keys },
    });

    // the refund screenshot is added: the agent's alert, which the server pushes
    const admin = await apiAdmin();
    await apiCall(`/api/orders/${order._id}`, {
      method: 'PUT',
      token: admin.token,
      body: { refundShot: await apiUploadImage(admin.token, 'refund.png') },
    });
    await expect.poll(() => pushService.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [arrived] = pushService.received;
    const message = browser.decrypt(arrived?.body ?? Buffer.alloc(0));

    const { alerts } = await apiCall<AlertList>('/api/alerts', { token: agent.token });
    const alert = alerts.find((a: Alert) => a.message.includes('refund screenshot')) as Alert;
    // what the server's payloadOf (server/src/push/delivery.ts) makes of that alert
    expect(JSON.parse(message)).toEqual({
      title: PUSH_TITLES[alert.type],
      body: alert.message,
      url: alert.link,
      kind: alert.type,
      alertId: alert._id,
    } satisfies PushPayload);

    // the push service hands the message to the browser's service worker, twice (a retry)
    const { cdp, registrationId } = await registrationIdOf(context, page);
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: SHELL_URL, registrationId, data: message });
    await deliver();
    await deliver();

    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
      });
    await expect
      .poll(shown)
      .toEqual([{ title: PUSH_TITLES.order_status, body: alert.message, tag: `alert-${alert._id}` }]);

    // headless Chromium has no notification to click: the worker gets the click event it would send
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await worker?.evaluate(async () => {
      // the worker's own globals, which the page's DOM types do not name
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      } & EventTarget;
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notification to click');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
    await expect(page).toHaveURL(`${SHELL_URL}${alert.link}`);
    await expect.poll(shown).toEqual([]);
  } finally {
    await pushService.close();
  }
});
