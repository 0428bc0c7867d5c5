import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './client';
import { MESSAGES } from './contract/messages';
import { MESSAGES_UR } from './contract/messages-ur';
import {
  catalogueReady,
  initialLocale,
  LOCALE_STORAGE_KEY,
  ltr,
  registerCatalogue,
  setLocale,
  translate,
  translateMessage,
  useLocaleStore,
} from './i18n';
import { answer, requests, resetFakeHttp } from './testing/fake-http';

const english = {
  'test.title': 'Orders',
  'test.count': '{count, plural, one {# order} other {# orders}}',
  'test.hello': 'Hello {name}',
};
const urdu = {
  'test.title': 'آرڈرز',
  'test.count': '{count, plural, one {# آرڈر} other {# آرڈرز}}',
  'test.hello': 'سلام {name}',
};

registerCatalogue('test', { en: english, ur: async () => ({ default: urdu }) });

function setLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

describe('the language runtime', () => {
  beforeEach(() => {
    localStorage.clear();
    resetFakeHttp();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await setLocale('en');
  });

  it('has English at once, with plurals and values', () => {
    expect(translate('test.title')).toBe('Orders');
    expect(translate('test.count', { count: 1 })).toBe('1 order');
    expect(translate('test.count', { count: 3 })).toBe('3 orders');
    expect(translate('test.hello', { name: 'Sana' })).toBe('Hello Sana');
    expect(catalogueReady('test')).toBe(true);
  });

  it('switches to Urdu: its catalogue, the document direction, the device remembers', async () => {
    const before = useLocaleStore.getState().revision;
    await setLocale('ur');

    expect(translate('test.title')).toBe('آرڈرز');
    expect(translate('test.count', { count: 2 })).toBe('2 آرڈرز');
    expect(document.documentElement.lang).toBe('ur');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ur');
    expect(useLocaleStore.getState().revision).toBeGreaterThan(before);

    await setLocale('en');
    expect(translate('test.title')).toBe('Orders');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('keeps numbers and ids left to right inside Urdu only', async () => {
    expect(ltr('PKR 1,200')).toBe('PKR 1,200');
    await setLocale('ur');
    expect(ltr('PKR 1,200')).toBe('\u2066PKR 1,200\u2069');
  });

  it("loads an area's Urdu when it registers while Urdu is on, and says when it is ready", async () => {
    await setLocale('ur');
    let arrive: (messages: { default: Record<string, string> }) => void = () => {};
    registerCatalogue('late', {
      en: { 'late.title': 'Payouts' },
      ur: () =>
        new Promise((resolve) => {
          arrive = resolve;
        }),
    });
    expect(catalogueReady('late')).toBe(false);

    arrive({ default: { 'late.title': 'ادائیگیاں' } });
    await vi.waitFor(() => expect(catalogueReady('late')).toBe(true));
    expect(translate('late.title')).toBe('ادائیگیاں');
  });

  it('starts in the device choice, else the first language of the browser it has, else English', () => {
    setLanguages(['ur-PK', 'en-US']);
    expect(initialLocale()).toBe('ur');
    setLanguages(['fr-FR', 'de']);
    expect(initialLocale()).toBe('en');
    setLanguages(['fr-FR', 'en-GB', 'ur']);
    expect(initialLocale()).toBe('en');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'ur');
    expect(initialLocale()).toBe('ur');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'xx');
    expect(initialLocale()).toBe('en');
  });

  it("translates the contract's sentences by their English text, and leaves any other text", async () => {
    expect(translateMessage(MESSAGES.invalidCredentials)).toBe(MESSAGES.invalidCredentials);
    await setLocale('ur');
    expect(translateMessage(MESSAGES.invalidCredentials)).toBe(MESSAGES_UR.invalidCredentials);
    expect(translateMessage(MESSAGES.invalidCredentials)).toMatch(/[\u0600-\u06FF]/);
    expect(translateMessage('Not a contract sentence')).toBe('Not a contract sentence');
  });

  it('asks the API for answers in the current language', async () => {
    answer(() => ({ status: 200, data: {} }));
    await apiRequest('/api/products/approved', { anonymous: true });
    await setLocale('ur');
    await apiRequest('/api/products/approved', { anonymous: true });

    expect(requests.map((request) => request.headers['Accept-Language'])).toEqual(['en', 'ur']);
  });

  // last: the broken catalogue stays registered, so no later switch to Urdu could succeed
  it('stays in the current language when a catalogue cannot be loaded', async () => {
    registerCatalogue('broken', {
      en: { 'broken.title': 'Users' },
      ur: () => Promise.reject(new Error('offline')),
    });
    await expect(setLocale('ur')).rejects.toThrow('offline');

    expect(useLocaleStore.getState().locale).toBe('en');
    expect(translate('broken.title')).toBe('Users');
    expect(document.documentElement.dir).not.toBe('rtl');
  });
});
