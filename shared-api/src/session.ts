/**
 * The one session store (zustand). Shared as a federation singleton, so the shell and
 * every remote see the same signed-in user, and a logout anywhere signs out everywhere.
 */
import { create } from 'zustand';
import { fetchCurrentUser, login as loginCall, logout as logoutCall } from './auth';
import { ApiError, apiRequest, configureAuth } from './client';
import { OFFLINE_STORAGE_PREFIX, TOKEN_STORAGE_KEY } from './contract/constants';
import type { LoginInput, User } from './contract/schemas';
import { isLocale, type Locale, setLocale, useLocaleStore } from './i18n';

export type SessionStatus = 'booting' | 'signed-out' | 'signed-in';

export interface SessionState {
  token: string | null;
  user: User | null;
  status: SessionStatus;
  /** signs in and stores the token; throws ApiError on failure */
  login: (input: LoginInput) => Promise<User>;
  /** stores a token and user returned by the API (login, registration) */
  setSession: (token: string, user: User) => void;
  /** clears the stored token and the user (here only: the token stays valid on the server) */
  logout: () => void;
  /**
   * The person logs out: clears the session at once, as logout does, and asks the API to end
   * the token. The call is not waited for, and its failure is ignored: the browser forgets the
   * token whatever the API answers.
   */
  signOut: () => void;
  /** on start: no token -> signed out; a token -> fetch the user, log out if that fails */
  boot: () => Promise<void>;
}

function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (token) globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token);
    else globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // storage unavailable (private mode): the session lasts for this page only
  }
}

/** The signed-in person's record, kept so that the app opens offline (docs/architecture.md, Phone app). */
const KEPT_USER_KEY = `${OFFLINE_STORAGE_PREFIX}user`;

/** Keeps `user` for the token it came with (the token's end tells them apart); null deletes everything kept. */
function keepUser(token: string | null, user?: User): void {
  try {
    const storage = globalThis.localStorage;
    if (token && user) {
      storage?.setItem(KEPT_USER_KEY, JSON.stringify({ token: token.slice(-16), user }));
      return;
    }
    for (const key of Object.keys(storage ?? {})) if (key.startsWith(OFFLINE_STORAGE_PREFIX)) storage?.removeItem(key);
  } catch {
    // storage unavailable or full: nothing is kept
  }
}

/** The record kept for this token, if any. */
function keptUser(token: string): User | null {
  try {
    const kept = JSON.parse(globalThis.localStorage?.getItem(KEPT_USER_KEY) ?? 'null') as {
      token?: string;
      user?: User;
    };
    return kept?.token === token.slice(-16) && kept.user?._id ? kept.user : null;
  } catch {
    return null;
  }
}

/**
 * The account's language wins over the device's (docs/architecture.md, Languages): a session
 * that starts or boots with a user whose language differs switches every screen to it. A
 * catalogue that cannot load leaves the screens in the current language.
 */
function followAccountLocale(user: User | null | undefined): void {
  const locale = user?.locale;
  if (!locale || locale === useLocaleStore.getState().locale) return;
  setLocale(locale).catch(() => {});
}

/** Where a language chosen while signed out waits for the sign-in (this tab, this visit). */
const SIGNED_OUT_CHOICE_KEY = 'locale-chosen-signed-out';

/**
 * The language switch was used while signed out (the sign-in or registration page): the next
 * sign-in in this tab keeps that language and saves it on the account, rather than switching
 * back to the account's (docs/architecture.md, Languages). The latest choice a person made wins.
 */
export function rememberLocaleForSignIn(locale: Locale): void {
  try {
    globalThis.sessionStorage?.setItem(SIGNED_OUT_CHOICE_KEY, locale);
  } catch {
    // storage unavailable: the sign-in follows the account's language
  }
}

function takeLocaleChosenSignedOut(): Locale | undefined {
  try {
    const chosen = globalThis.sessionStorage?.getItem(SIGNED_OUT_CHOICE_KEY);
    globalThis.sessionStorage?.removeItem(SIGNED_OUT_CHOICE_KEY);
    return isLocale(chosen) ? chosen : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Remembers the language on the account (`PUT /api/user/locale`), so every device the person
 * signs in on opens in it (docs/architecture.md, Languages).
 */
export async function saveLocale(locale: Locale): Promise<void> {
  const { data } = await apiRequest<{ locale: Locale }>('/api/user/locale', { method: 'PUT', data: { locale } });
  const saved = data?.locale ?? locale;
  // the session's record says the same, so a later boot or sign-in does not switch back
  useSession.setState((state) => (state.user ? { user: { ...state.user, locale: saved } } : {}));
}

/** A new session's language: the one just chosen on the sign-in page (saved on the account), else the account's. */
function settleSessionLocale(user: User): void {
  const chosen = takeLocaleChosenSignedOut();
  if (chosen && chosen === useLocaleStore.getState().locale && chosen !== user.locale) {
    saveLocale(chosen).catch(() => {
      // not kept on the account: this device stays in it, the next start follows the account
    });
    return;
  }
  followAccountLocale(user);
}

export const useSession = create<SessionState>()((set, get) => ({
  token: readToken(),
  user: null,
  status: 'booting',

  async login(input) {
    const { token, user } = await loginCall(input);
    get().setSession(token, user);
    return user;
  },

  setSession(token, user) {
    writeToken(token);
    keepUser(token, user);
    set({ token, user, status: 'signed-in' });
    settleSessionLocale(user);
  },

  logout() {
    writeToken(null);
    keepUser(null);
    set({ token: null, user: null, status: 'signed-out' });
  },

  signOut() {
    const token = get().token;
    get().logout();
    if (token) logoutCall(token).catch(() => {});
  },

  async boot() {
    const token = readToken();
    if (!token) {
      set({ token: null, user: null, status: 'signed-out' });
      return;
    }
    set({ token, status: 'booting' });
    try {
      const user = await fetchCurrentUser();
      // a logout or another sign-in may have happened meanwhile
      if (get().token === token) {
        keepUser(token, user);
        set({ user, status: 'signed-in' });
        followAccountLocale(user);
      }
    } catch (error) {
      if (get().token !== token) return;
      // no connection: the app opens with the record kept from the last start; the API checks
      // the token again on the first call that reaches it
      const kept = error instanceof ApiError && error.kind === 'network' ? keptUser(token) : null;
      if (kept) {
        set({ user: kept, status: 'signed-in' });
        followAccountLocale(kept);
      } else get().logout();
    }
  },
}));

// The same user's record changed here (its language saved): the copy kept for offline starts follows.
useSession.subscribe((state, previous) => {
  if (state.token && state.user && state.user !== previous.user && state.user._id === previous.user?._id) {
    keepUser(state.token, state.user);
  }
});

configureAuth({
  getToken: () => useSession.getState().token,
  onUnauthorized: () => useSession.getState().logout(),
});

/** The signed-in user's id, or null: select it to key data by user (`useSession(selectUserId)`). */
export const selectUserId = (state: SessionState): string | null => state.user?._id ?? null;

/**
 * Calls `listener` whenever the signed-in user's id changes (sign-in, sign-out, another
 * user); not when the same user's token or details are refreshed. Returns the unsubscribe.
 * In React, areas key their data by `useSession(selectUserId)` instead (so a list such as
 * the products reloads when the user id changes).
 */
export function onUserIdChange(listener: (userId: string | null, previous: string | null) => void): () => void {
  return useSession.subscribe((state, previous) => {
    const id = selectUserId(state);
    const before = selectUserId(previous);
    if (id !== before) listener(id, before);
  });
}
