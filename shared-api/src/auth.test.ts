import { beforeEach, describe, expect, it } from 'vitest';
import { logout } from './auth';
import { setRuntimeConfig } from './config';
import { useSession } from './session';
import { answer, authorizationOf, requests, resetFakeHttp } from './testing/fake-http';
import { agentUser } from './testing/users';

describe('logout (POST /api/logout)', () => {
  beforeEach(() => {
    resetFakeHttp();
    localStorage.clear();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
    useSession.setState({ token: null, user: null, status: 'signed-out' });
  });

  it('posts to /api/logout with the token it ends, whatever the session holds now', async () => {
    useSession.getState().setSession('another-token', agentUser);
    answer(() => ({ status: 204 }));

    await logout('the-ended-token');

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/logout', baseURL: 'http://api.test' });
    expect(authorizationOf(requests[0])).toBe('Bearer the-ended-token');
    expect(requests[0]?.body).toBeUndefined();
  });

  it("rejects with the server's message when the API refuses, without signing out the session it did not send", async () => {
    useSession.getState().setSession('current-token', agentUser);
    answer(() => ({ status: 401, data: { message: 'You have been signed out. Sign in again.' } }));

    await expect(logout('an-old-token')).rejects.toMatchObject({
      status: 401,
      message: 'You have been signed out. Sign in again.',
    });
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', token: 'current-token' });
  });
});
