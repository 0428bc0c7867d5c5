import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from './contract/constants';
import { setLocale, useLocaleStore } from './i18n';
import { rememberLocaleForSignIn, saveLocale, useSession } from './session';
import { answer, jsonBodyOf, requests, resetFakeHttp } from './testing/fake-http';
import { testUser } from './testing/users';

vi.mock('./i18n', async (importOriginal) => {
  const original = await importOriginal<typeof import('./i18n')>();
  return { ...original, setLocale: vi.fn(original.setLocale) };
});

const urduAgent = testUser('agent', { locale: 'ur' });

describe("the session follows the account's language", () => {
  beforeEach(() => {
    resetFakeHttp();
    localStorage.clear();
    sessionStorage.clear();
    useSession.setState({ token: null, user: null, status: 'booting' });
    vi.mocked(setLocale).mockClear();
  });
  afterEach(async () => {
    vi.mocked(setLocale).mockRestore?.();
    await setLocale('en').catch(() => {});
  });

  it("switches every screen to the account's language at sign-in", async () => {
    useSession.getState().setSession('a-token', urduAgent);
    expect(setLocale).toHaveBeenCalledWith('ur');
    await vi.waitFor(() => expect(useLocaleStore.getState().locale).toBe('ur'));
  });

  it("switches to the account's language when the session boots", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
    answer(() => ({ status: 200, data: urduAgent }));
    await useSession.getState().boot();
    expect(setLocale).toHaveBeenCalledWith('ur');
    await vi.waitFor(() => expect(useLocaleStore.getState().locale).toBe('ur'));
  });

  it('switches nothing when the account has the current language or none (an older API)', () => {
    useSession.getState().setSession('a-token', testUser('agent', { locale: 'en' }));
    useSession.getState().setSession('a-token', testUser('agent'));
    expect(setLocale).not.toHaveBeenCalled();
  });

  it('stays signed in, in the current language, when the language cannot be loaded', async () => {
    vi.mocked(setLocale).mockRejectedValueOnce(new Error('no connection'));
    useSession.getState().setSession('a-token', urduAgent);
    await Promise.resolve();
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user: urduAgent });
    expect(useLocaleStore.getState().locale).toBe('en');
  });

  it("saveLocale keeps the language on the account and in the session's user", async () => {
    useSession.setState({ token: 'a-token', user: testUser('agent', { locale: 'en' }), status: 'signed-in' });
    answer((request) =>
      request.path === '/api/user/locale' ? { status: 200, data: { locale: 'ur' } } : { status: 404 },
    );
    await saveLocale('ur');
    expect(requests.at(-1)).toMatchObject({ method: 'PUT', path: '/api/user/locale' });
    expect(useSession.getState().user?.locale).toBe('ur');
  });

  describe('a language chosen on the sign-in page', () => {
    it("is kept at sign-in and saved on the account, not switched back to the account's", async () => {
      await setLocale('ur');
      rememberLocaleForSignIn('ur');
      vi.mocked(setLocale).mockClear();
      answer((request) =>
        request.path === '/api/user/locale' ? { status: 200, data: { locale: 'ur' } } : { status: 404 },
      );
      useSession.getState().setSession('a-token', testUser('agent', { locale: 'en' }));
      await vi.waitFor(() => expect(useSession.getState().user?.locale).toBe('ur'));
      expect(requests.at(-1)).toMatchObject({ method: 'PUT', path: '/api/user/locale' });
      expect(jsonBodyOf(requests.at(-1))).toEqual({ locale: 'ur' });
      expect(setLocale).not.toHaveBeenCalled();
      expect(useLocaleStore.getState().locale).toBe('ur');
    });

    it("counts once: the next sign-in in the tab follows the account's language", async () => {
      await setLocale('ur');
      rememberLocaleForSignIn('ur');
      answer(() => ({ status: 200, data: { locale: 'ur' } }));
      useSession.getState().setSession('a-token', testUser('agent', { locale: 'en' }));
      await vi.waitFor(() => expect(useSession.getState().user?.locale).toBe('ur'));
      vi.mocked(setLocale).mockClear();
      useSession.getState().setSession('b-token', testUser('agent', { locale: 'en' }));
      expect(setLocale).toHaveBeenCalledWith('en');
    });

    it('is not what the account has already: nothing is saved', async () => {
      await setLocale('ur');
      rememberLocaleForSignIn('ur');
      useSession.getState().setSession('a-token', urduAgent);
      await Promise.resolve();
      expect(requests.filter((request) => request.path === '/api/user/locale')).toEqual([]);
    });

    it("no longer shows (switched back meanwhile): the account's language is followed", () => {
      rememberLocaleForSignIn('ur');
      useSession.getState().setSession('a-token', urduAgent);
      expect(setLocale).toHaveBeenCalledWith('ur');
      expect(requests.filter((request) => request.path === '/api/user/locale')).toEqual([]);
    });
  });
});
