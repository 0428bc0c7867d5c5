import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiError,
  deletePushSubscription,
  fetchPushKey,
  fetchPushPreferences,
  fetchPushSubscriptions,
  savePushPreferences,
  savePushSubscription,
} from 'shared-api';
import { AGENT_PUSH_KINDS, otherPushDevices, PUSH_MESSAGES, PUSH_SETTINGS_MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { NotificationsSection } from './notifications-settings';
import { base64urlBytes } from './push-device';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchPushKey: vi.fn(),
  fetchPushSubscriptions: vi.fn(),
  savePushSubscription: vi.fn(),
  deletePushSubscription: vi.fn(),
  fetchPushPreferences: vi.fn(),
  savePushPreferences: vi.fn(),
}));

const key = vi.mocked(fetchPushKey);
const serverList = vi.mocked(fetchPushSubscriptions);
const post = vi.mocked(savePushSubscription);
const remove = vi.mocked(deletePushSubscription);
const preferences = vi.mocked(fetchPushPreferences);
const savePreferences = vi.mocked(savePushPreferences);

const SERVER_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-phone';
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
const saved = (endpoint: string) => ({ _id: endpoint, endpoint, createdAt: '2026-11-28T01:00:00.000Z' });
const [ORDER_KIND, COMMISSION_KIND] = AGENT_PUSH_KINDS;

/** A browser as the section meets it: its permission, its service worker's PushManager. */
function stubBrowser({
  permission = 'default' as NotificationPermission,
  prompt = 'granted' as NotificationPermission,
  worker = true,
  subscribed = false,
  subscribeError = null as Error | null,
  installing = false,
} = {}) {
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      if (subscribeError) throw subscribeError;
      current = subscription;
      return subscription;
    }),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = prompt;
      return prompt;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  let activate: () => void = () => {};
  const registration = { pushManager, active: installing ? null : {} };
  const serviceWorker = {
    registered: worker,
    getRegistration: vi.fn(async () => (serviceWorker.registered ? registration : undefined)),
    // resolves once the worker is active: at once, or when the test activates it
    ready: new Promise<typeof registration>((resolve) => {
      activate = () => {
        registration.active = {};
        resolve(registration);
      };
      if (!installing) resolve(registration);
    }),
    activate: () => activate(),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  return { subscription, pushManager, notification, serviceWorker };
}

const deviceSwitch = () => screen.findByRole('switch', { name: PUSH_SETTINGS_MESSAGES.deviceSwitch });

describe('NotificationsSection', () => {
  beforeEach(() => {
    key.mockReset().mockResolvedValue(SERVER_KEY);
    serverList.mockReset().mockResolvedValue([]);
    post.mockReset().mockResolvedValue(saved(ENDPOINT));
    remove.mockReset().mockResolvedValue(true);
    preferences.mockReset().mockResolvedValue({ kindsOff: [] });
    savePreferences.mockReset().mockImplementation(async (chosen) => chosen);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it("turns notifications on: asks the browser's permission, subscribes with the server's key and sends the subscription", async () => {
    const user = userEvent.setup();
    const browser = stubBrowser();
    renderWithQueries(<NotificationsSection />);
    const toggle = await deviceSwitch();
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('group', { name: PUSH_SETTINGS_MESSAGES.kindsLegend })).not.toBeInTheDocument();

    serverList.mockResolvedValue([saved(ENDPOINT)]);
    await user.click(toggle);

    expect(await screen.findByText(PUSH_MESSAGES.subscribed)).toHaveAttribute('role', 'status');
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64urlBytes(SERVER_KEY),
    });
    expect(base64urlBytes(SERVER_KEY)).toHaveLength(65);
    expect(post).toHaveBeenCalledWith({ endpoint: ENDPOINT, keys: KEYS });
    expect(await deviceSwitch()).toBeChecked();
    expect(await screen.findByRole('group', { name: PUSH_SETTINGS_MESSAGES.kindsLegend })).toBeInTheDocument();
  });

  it('says it is turning them on while it does, with the switch held', async () => {
    const user = userEvent.setup();
    stubBrowser();
    let answer!: () => void;
    post.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = () => resolve(saved(ENDPOINT));
        }),
    );
    renderWithQueries(<NotificationsSection />);
    await user.click(await deviceSwitch());

    expect(await screen.findByText(PUSH_SETTINGS_MESSAGES.turningOn)).toHaveAttribute('role', 'status');
    expect(await deviceSwitch()).toBeDisabled();
    await waitFor(() => expect(post).toHaveBeenCalled());
    serverList.mockResolvedValue([saved(ENDPOINT)]);
    answer();
    expect(await screen.findByText(PUSH_MESSAGES.subscribed)).toBeInTheDocument();
    expect(await deviceSwitch()).toBeEnabled();
  });

  it('turns notifications off: the server forgets this device, then the browser drops its subscription', async () => {
    const user = userEvent.setup();
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    serverList.mockResolvedValue([saved(ENDPOINT)]);
    renderWithQueries(<NotificationsSection />);
    const toggle = await deviceSwitch();
    await waitFor(() => expect(toggle).toBeChecked());

    serverList.mockResolvedValue([]);
    await user.click(toggle);

    expect(await screen.findByText(PUSH_MESSAGES.unsubscribed)).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith(ENDPOINT);
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect(await deviceSwitch()).not.toBeChecked();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('shows a browser subscription the server does not know (another account signed in here) as off', async () => {
    stubBrowser({ permission: 'granted', subscribed: true });
    serverList.mockResolvedValue([saved('https://fcm.googleapis.com/fcm/send/another-phone')]);
    renderWithQueries(<NotificationsSection />);

    expect(await deviceSwitch()).not.toBeChecked();
    expect(screen.getByText(otherPushDevices(1))).toBeInTheDocument();
  });

  it('says how to allow notifications when the browser blocks them, with the switch disabled', async () => {
    const browser = stubBrowser({ permission: 'denied' });
    renderWithQueries(<NotificationsSection />);

    const toggle = await deviceSwitch();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(PUSH_SETTINGS_MESSAGES.denied);
    expect(screen.getByText(PUSH_SETTINGS_MESSAGES.denied)).toHaveTextContent(/site's settings.*Allow/);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('says so when the person blocks them at the prompt, and subscribes nothing', async () => {
    const user = userEvent.setup();
    const browser = stubBrowser({ prompt: 'denied' });
    renderWithQueries(<NotificationsSection />);
    await user.click(await deviceSwitch());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PUSH_SETTINGS_MESSAGES.denied);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
    // read again: the switch is now disabled, as for a permission denied before
    await waitFor(async () => expect(await deviceSwitch()).toBeDisabled());
    expect(screen.getAllByText(PUSH_SETTINGS_MESSAGES.denied)).toHaveLength(1);
  });

  it('says the prompt was dismissed when the person neither allowed nor blocked', async () => {
    const user = userEvent.setup();
    stubBrowser({ prompt: 'default' });
    renderWithQueries(<NotificationsSection />);
    await user.click(await deviceSwitch());

    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_SETTINGS_MESSAGES.dismissed);
    expect(await deviceSwitch()).toBeEnabled();
  });

  it('says this browser cannot do push when it has no service worker or PushManager, with the switch disabled', async () => {
    renderWithQueries(<NotificationsSection />);

    const toggle = await deviceSwitch();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(PUSH_SETTINGS_MESSAGES.unsupported);
  });

  it('waits for a service worker still installing (a first visit) before subscribing', async () => {
    const user = userEvent.setup();
    const browser = stubBrowser({ installing: true });
    serverList.mockResolvedValueOnce([]).mockResolvedValue([saved(ENDPOINT)]);
    renderWithQueries(<NotificationsSection />);
    await user.click(await deviceSwitch());
    // busy, waiting for the worker: nothing subscribed yet, nothing refused
    expect(await screen.findByText(PUSH_SETTINGS_MESSAGES.turningOn)).toBeInTheDocument();
    await waitFor(() => expect(browser.serviceWorker.getRegistration.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    browser.serviceWorker.activate();
    expect(await screen.findByText(PUSH_MESSAGES.subscribed)).toBeInTheDocument();
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('says the app is not set up yet when no service worker is registered, and finds it on a later tap', async () => {
    const user = userEvent.setup();
    const browser = stubBrowser({ worker: false });
    renderWithQueries(<NotificationsSection />);
    await user.click(await deviceSwitch());

    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_SETTINGS_MESSAGES.noServiceWorker);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(key).not.toHaveBeenCalled();
    expect(await deviceSwitch()).not.toBeChecked();

    // the shell registered it since: the next tap finds it
    browser.serviceWorker.registered = true;
    serverList.mockResolvedValue([saved(ENDPOINT)]);
    await user.click(await deviceSwitch());
    expect(await screen.findByText(PUSH_MESSAGES.subscribed)).toBeInTheDocument();
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser cannot reach its push service', async () => {
    const user = userEvent.setup();
    stubBrowser({ subscribeError: new DOMException('Registration failed - push service error', 'AbortError') });
    renderWithQueries(<NotificationsSection />);
    await user.click(await deviceSwitch());

    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_SETTINGS_MESSAGES.pushServiceFailed);
    expect(post).not.toHaveBeenCalled();
    expect(await deviceSwitch()).not.toBeChecked();
  });

  it("shows the server's refusal and takes the browser's subscription back", async () => {
    const user = userEvent.setup();
    const browser = stubBrowser();
    post.mockRejectedValue(new ApiError(PUSH_MESSAGES.endpointInvalid, 'response', 400, true));
    renderWithQueries(<NotificationsSection />);
    await user.click(await deviceSwitch());

    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_MESSAGES.endpointInvalid);
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect(await deviceSwitch()).not.toBeChecked();
    expect(screen.queryByText(PUSH_MESSAGES.subscribed)).not.toBeInTheDocument();
  });

  it('saves each kind on its own switch (PUT preferences), keeping the kinds it does not offer', async () => {
    const user = userEvent.setup();
    stubBrowser({ permission: 'granted', subscribed: true });
    serverList.mockResolvedValue([saved(ENDPOINT)]);
    preferences.mockResolvedValue({ kindsOff: ['order_placed'] });
    renderWithQueries(<NotificationsSection />);
    const kinds = await screen.findByRole('group', { name: PUSH_SETTINGS_MESSAGES.kindsLegend });
    const orderSwitch = await within(kinds).findByRole('switch', { name: ORDER_KIND?.label });
    const commissionSwitch = within(kinds).getByRole('switch', { name: COMMISSION_KIND?.label });
    expect(orderSwitch).toBeChecked();
    expect(commissionSwitch).toBeChecked();

    await user.click(orderSwitch);
    expect(await screen.findByText(PUSH_MESSAGES.preferencesSaved)).toBeInTheDocument();
    expect(savePreferences).toHaveBeenLastCalledWith({ kindsOff: ['order_placed', 'order_status'] });
    expect(orderSwitch).not.toBeChecked();

    await user.click(commissionSwitch);
    await waitFor(() =>
      expect(savePreferences).toHaveBeenLastCalledWith({
        kindsOff: ['order_placed', 'order_status', 'commission_status'],
      }),
    );
    await waitFor(() => expect(commissionSwitch).not.toBeChecked());

    await user.click(orderSwitch);
    await waitFor(() =>
      expect(savePreferences).toHaveBeenLastCalledWith({ kindsOff: ['order_placed', 'commission_status'] }),
    );
    await waitFor(() => expect(orderSwitch).toBeChecked());
  });

  it("puts a kind back as it was when the save fails, with the server's message", async () => {
    const user = userEvent.setup();
    stubBrowser({ permission: 'granted', subscribed: true });
    serverList.mockResolvedValue([saved(ENDPOINT)]);
    savePreferences.mockRejectedValue(new ApiError(PUSH_MESSAGES.kindInvalid, 'response', 400, true));
    renderWithQueries(<NotificationsSection />);
    const orderSwitch = await screen.findByRole('switch', { name: ORDER_KIND?.label });

    await user.click(orderSwitch);
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_MESSAGES.kindInvalid);
    expect(orderSwitch).toBeChecked();
  });

  it("offers the kinds when another of the account's devices has notifications on", async () => {
    stubBrowser({ permission: 'granted' });
    serverList.mockResolvedValue([saved('https://fcm.googleapis.com/fcm/send/laptop')]);
    renderWithQueries(<NotificationsSection />);

    expect(await deviceSwitch()).not.toBeChecked();
    expect(await screen.findByRole('switch', { name: COMMISSION_KIND?.label })).toBeChecked();
  });

  it('offers to try again when the settings cannot be read', async () => {
    const user = userEvent.setup();
    stubBrowser();
    serverList.mockRejectedValueOnce(new Error('down'));
    renderWithQueries(<NotificationsSection />);

    expect(await screen.findByText(PUSH_SETTINGS_MESSAGES.readFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(await deviceSwitch()).not.toBeChecked();
  });
});
