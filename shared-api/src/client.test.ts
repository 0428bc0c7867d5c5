import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiList, apiRequest } from './client';
import { setRuntimeConfig } from './config';
import { MESSAGES } from './contract/messages';
import { useSession } from './session';
import { answer, authorizationOf, requests, resetFakeHttp } from './testing/fake-http';
import { agentUser } from './testing/users';

describe('API client', () => {
  beforeEach(() => {
    resetFakeHttp();
    localStorage.clear();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
    useSession.setState({ token: null, user: null, status: 'signed-out' });
  });

  it('sends the stored token as Authorization: Bearer <token>, to the configured API', async () => {
    useSession.getState().setSession('the-token', agentUser);
    answer(() => ({ status: 200, data: [] }));

    await apiRequest('/api/orders/all');

    expect(authorizationOf(requests[0])).toBe('Bearer the-token');
    expect(requests[0]?.baseURL).toBe('http://api.test');
  });

  it('sends no Authorization header when signed out or for an anonymous call', async () => {
    answer(() => ({ status: 200, data: {} }));
    await apiRequest('/api/health');

    useSession.getState().setSession('the-token', agentUser);
    await apiRequest('/api/login', { method: 'POST', data: {}, anonymous: true });

    expect(requests.map(authorizationOf)).toEqual([undefined, undefined]);
  });

  it("turns an error answer into an ApiError with the server's message", async () => {
    answer(() => ({ status: 409, data: { message: 'This Amazon order number is already used.' } }));

    const error = await apiRequest('/api/orders', { method: 'POST', data: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'This Amazon order number is already used.',
      kind: 'response',
      status: 409,
    });
  });

  it("keeps the error answer's body, so a screen reads what else the server said (a payout conflict's orderIds)", async () => {
    const conflict = { message: 'Some orders cannot be paid in this payout.', orderIds: ['order-2'] };
    answer(() => ({ status: 409, data: conflict }));

    const error = await apiRequest('/api/payouts', { method: 'POST', data: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).data).toEqual(conflict);
  });

  it("uses the server's `error` field when it has no `message`", async () => {
    answer(() => ({ status: 404, data: { error: 'Failed to fetch order' } }));
    await expect(apiRequest('/api/order/1')).rejects.toMatchObject({ message: 'Failed to fetch order', status: 404 });
  });

  it("says 'No response received from server.' when the API cannot be reached", async () => {
    answer(() => 'network-error');
    await expect(apiRequest('/api/user')).rejects.toMatchObject({ message: MESSAGES.noResponse, kind: 'network' });
  });

  it('logs out when the server refuses the stored token (401)', async () => {
    useSession.getState().setSession('revoked-token', agentUser);
    answer(() => ({ status: 401, data: { message: 'Your session has ended. Please sign in again.' } }));

    await expect(apiRequest('/api/user')).rejects.toMatchObject({ status: 401 });

    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps a newer session when the token a request was sent with is refused after it was replaced', async () => {
    useSession.getState().setSession('old-token', agentUser);
    answer(() => ({ status: 401, data: { message: 'You have been signed out. Sign in again.' } }));
    const pending = apiRequest('/api/user');
    useSession.getState().setSession('new-token', agentUser);

    await expect(pending).rejects.toMatchObject({ status: 401 });

    expect(useSession.getState()).toMatchObject({ status: 'signed-in', token: 'new-token' });
    expect(authorizationOf(requests[0])).toBe('Bearer old-token');
  });

  it('keeps the session on other refusals (403)', async () => {
    useSession.getState().setSession('the-token', agentUser);
    answer(() => ({ status: 403, data: { message: 'Only an admin can do this.' } }));

    await expect(apiRequest('/api/all/pendingusers')).rejects.toMatchObject({ status: 403 });

    expect(useSession.getState().status).toBe('signed-in');
  });

  it('reads a page of a list with its total from X-Total-Count', async () => {
    answer(() => ({ status: 200, data: [{ _id: 'a' }, { _id: 'b' }], headers: { 'x-total-count': '42' } }));
    await expect(apiList('/api/products/approved', { page: 2 })).resolves.toEqual({
      items: [{ _id: 'a' }, { _id: 'b' }],
      total: 42,
    });
    expect(requests[0]?.params).toEqual({ page: 2 });
  });
});
