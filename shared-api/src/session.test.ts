import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { OFFLINE_STORAGE_PREFIX, TOKEN_STORAGE_KEY } from './contract/constants';
import { useSession } from './session';
import { answer, authorizationOf, requests, resetFakeHttp } from './testing/fake-http';
import { agentUser } from './testing/users';

describe('session store', () => {
  beforeEach(() => {
    resetFakeHttp();
    localStorage.clear();
    useSession.setState({ token: null, user: null, status: 'booting' });
  });

  it('boots signed out when no token is stored, without asking the API', async () => {
    await useSession.getState().boot();

    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null, user: null });
    expect(requests).toHaveLength(0);
  });

  it('boots signed in with a stored token: fetches the current user with it', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
    answer((request) => (request.path === '/api/user' ? { status: 200, data: agentUser } : { status: 404 }));

    await useSession.getState().boot();

    expect(useSession.getState()).toMatchObject({ status: 'signed-in', token: 'stored-token', user: agentUser });
    expect(authorizationOf(requests[0])).toBe('Bearer stored-token');
  });

  it('logs out when the user fetch fails at boot', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'expired-token');
    answer(() => ({ status: 500, data: { message: 'The service is temporarily unavailable.' } }));

    await useSession.getState().boot();

    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('opens offline with the record kept at the last start, for that token only', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
    answer(() => ({ status: 200, data: agentUser }));
    await useSession.getState().boot();
    answer(() => 'network-error');

    useSession.setState({ token: null, user: null, status: 'booting' });
    await useSession.getState().boot();
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', token: 'stored-token', user: agentUser });

    // another token (another sign-in on this browser) never gets that record
    localStorage.setItem(TOKEN_STORAGE_KEY, 'another-token');
    useSession.setState({ token: null, user: null, status: 'booting' });
    await useSession.getState().boot();
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', user: null });
  });

  it('signs out when offline at boot with nothing kept', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
    answer(() => 'network-error');

    await useSession.getState().boot();

    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null, user: null });
  });

  it('deletes everything kept for offline use when signing out', () => {
    useSession.getState().setSession('some-token', agentUser);
    localStorage.setItem(`${OFFLINE_STORAGE_PREFIX}queries:${agentUser._id}`, '{}');
    localStorage.setItem('unrelated', 'stays');
    expect(Object.keys(localStorage).filter((key) => key.startsWith(OFFLINE_STORAGE_PREFIX))).toHaveLength(2);

    useSession.getState().signOut();

    expect(Object.keys(localStorage).filter((key) => key.startsWith(OFFLINE_STORAGE_PREFIX))).toEqual([]);
    expect(localStorage.getItem('unrelated')).toBe('stays');
  });

  it("logs in: keeps the token in localStorage under 'token' and holds the user", async () => {
    answer((request) =>
      request.path === '/api/login' && request.method === 'POST'
        ? { status: 200, data: { token: 'new-token', user: agentUser } }
        : { status: 404 },
    );

    const user = await useSession.getState().login({ email: 'agent@example.com', password: 'secret' });

    expect(user).toEqual(agentUser);
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', token: 'new-token', user: agentUser });
    expect(JSON.parse(String(requests[0]?.body))).toEqual({ email: 'agent@example.com', password: 'secret' });
  });

  it("refuses a wrong password with the server's message and stays signed out", async () => {
    useSession.setState({ status: 'signed-out' });
    answer(() => ({ status: 401, data: { message: 'The email or password is incorrect.' } }));

    const attempt = useSession.getState().login({ email: 'agent@example.com', password: 'wrong' });

    const message = 'The email or password is incorrect.';
    await expect(attempt).rejects.toEqual(new ApiError(message, 'response', 401, true, { data: { message } }));
    expect(useSession.getState().status).toBe('signed-out');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('logs out: forgets the user and clears the stored token', () => {
    useSession.getState().setSession('some-token', agentUser);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('some-token');

    useSession.getState().logout();

    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs out at once and asks the API to end the token it held', async () => {
    useSession.getState().setSession('some-token', agentUser);
    answer(() => ({ status: 204 }));

    useSession.getState().signOut();

    // not waiting for the API
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/logout' });
    expect(authorizationOf(requests[0])).toBe('Bearer some-token');
  });

  it.each([
    ['cannot be reached', () => 'network-error' as const],
    ['fails', () => ({ status: 500, data: { message: 'Something went wrong.' } })],
    ['refuses the token', () => ({ status: 401, data: { message: 'You have been signed out. Sign in again.' } })],
  ])('stays signed out when the API %s, and keeps a sign-in made meanwhile', async (_name, reply) => {
    useSession.getState().setSession('old-token', agentUser);
    answer(reply);

    useSession.getState().signOut();
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null });
    useSession.getState().setSession('new-token', agentUser);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(useSession.getState()).toMatchObject({ status: 'signed-in', token: 'new-token' });
  });

  it('asks nothing of the API when signing out without a token', () => {
    useSession.getState().signOut();
    expect(useSession.getState().status).toBe('signed-out');
    expect(requests).toHaveLength(0);
  });
});
