/**
 * The one session store (zustand). Shared as a federation singleton, so the shell and
 * every remote see the same signed-in user, and a logout anywhere signs out everywhere.
 */
import { create } from 'zustand';
import { fetchCurrentUser, login as loginCall, logout as logoutCall } from './auth';
import { configureAuth } from './client';
import { TOKEN_STORAGE_KEY } from './contract/constants';
import { MESSAGES } from './contract/messages';
import type { CommissionData, LoginInput, User } from './contract/schemas';
import { fetchCommission } from './users';

export type SessionStatus = 'booting' | 'signed-out' | 'signed-in';

/** idle: nothing to load (signed out, an admin, a pending account); failed: see commissionError */
export type CommissionLoadState = 'idle' | 'loading' | 'loaded' | 'failed';

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
  /** the signed-in manager's or agent's commission figures; null until loaded */
  commission: CommissionData | null;
  commissionStatus: CommissionLoadState;
  /** the message to show when the last load failed: commissionFetchFailed or commissionFetchError */
  commissionError: string | null;
  /**
   * (Re)loads the commission of the signed-in user when it is an approved manager or agent;
   * otherwise clears it. Never throws: a failure is in commissionStatus / commissionError
   * (the shell shows it as a toast, so shared-api stays free of UI).
   */
  loadCommission: () => Promise<void>;
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

/** The roles that have commission figures (docs/domain.md, Money: the figures). */
function hasCommission(user: User | null): user is User & { role: 'manager' | 'agent' } {
  return !!user && user.status === 'approved' && (user.role === 'manager' || user.role === 'agent');
}

const NO_COMMISSION = { commission: null, commissionStatus: 'idle', commissionError: null } as const;

export const useSession = create<SessionState>()((set, get) => ({
  token: readToken(),
  user: null,
  status: 'booting',
  ...NO_COMMISSION,

  async login(input) {
    const { token, user } = await loginCall(input);
    get().setSession(token, user);
    return user;
  },

  setSession(token, user) {
    writeToken(token);
    // another user's figures must not show while this user's load
    const sameUser = get().user?._id === user._id;
    set({ token, user, status: 'signed-in', ...(sameUser ? {} : NO_COMMISSION) });
  },

  logout() {
    writeToken(null);
    set({ token: null, user: null, status: 'signed-out', ...NO_COMMISSION });
  },

  signOut() {
    const token = get().token;
    get().logout();
    if (token) logoutCall(token).catch(() => {});
  },

  async loadCommission() {
    const user = get().user;
    if (!hasCommission(user)) {
      set(NO_COMMISSION);
      return;
    }
    set({ commissionStatus: 'loading', commissionError: null });
    const stillCurrent = () => get().user?._id === user._id;
    try {
      const data = await fetchCommission(user.role, user._id);
      if (!stillCurrent()) return;
      if (data.success) set({ commission: data, commissionStatus: 'loaded', commissionError: null });
      else set({ commissionStatus: 'failed', commissionError: MESSAGES.commissionFetchFailed });
    } catch {
      if (stillCurrent()) set({ commissionStatus: 'failed', commissionError: MESSAGES.commissionFetchError });
    }
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
      if (get().token === token) set({ user, status: 'signed-in' });
    } catch {
      if (get().token === token) get().logout();
    }
  },
}));

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

/**
 * Keeps the commission figures in step with the session: loads them for
 * the user signed in now and again whenever the user id changes (boot, login, registration,
 * another sign-in). The shell starts it once; a standalone area page may too. Returns the stop.
 */
export function syncCommission(): () => void {
  if (selectUserId(useSession.getState())) void useSession.getState().loadCommission();
  return onUserIdChange(() => void useSession.getState().loadCommission());
}
