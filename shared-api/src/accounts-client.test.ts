import { beforeEach, describe, expect, it } from 'vitest';
import { fetchUsers, issueResetLink, reactivateUser, suspendUser, usersExportUrl } from './accounts-client';
import { ApiError } from './client';
import { setRuntimeConfig } from './config';
import { fetchOwnPayoutAccount } from './payout-account';
import { useSession } from './session';
import { answer, requests, resetFakeHttp } from './testing/fake-http';
import { testUser } from './testing/users';

describe('accounts client', () => {
  beforeEach(() => {
    resetFakeHttp();
    localStorage.clear();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
    useSession.setState({ token: null, user: null, status: 'signed-out' });
    useSession.getState().setSession('admin-token', testUser('admin'));
  });

  it('asks the directory with the set filters only, and reads the total', async () => {
    answer(() => ({ status: 200, data: [], headers: { 'x-total-count': '42' } }));
    const page = await fetchUsers({ role: 'agent', q: '  sana ', sort: 'name', page: 2, limit: 20 });
    expect(page).toEqual({ items: [], total: 42 });
    expect(requests[0]?.path).toBe('/api/users');
    expect(requests[0]?.params).toEqual({ role: 'agent', q: 'sana', sort: 'name', page: 2, limit: 20 });
  });

  it('sends a status move with its reason, and a reactivation without one', async () => {
    answer(() => ({ status: 200, data: testUser('agent', { status: 'suspended' }) }));
    await suspendUser('agent 1', 'Shared payout account');
    await reactivateUser('agent-1');
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', '/api/user/agent%201/suspend', JSON.stringify({ reason: 'Shared payout account' })],
      ['PUT', '/api/user/agent-1/reactivate', JSON.stringify({})],
    ]);
  });

  it('issues a reset link', async () => {
    answer(() => ({
      status: 200,
      data: { url: 'http://x/reset-password?token=t', expiresAt: '2026-11-27T11:00:00Z' },
    }));
    expect(await issueResetLink('agent-1')).toEqual({
      url: 'http://x/reset-password?token=t',
      expiresAt: '2026-11-27T11:00:00Z',
    });
    expect([requests[0]?.method, requests[0]?.path]).toEqual(['POST', '/api/user/agent-1/password-reset']);
  });

  it('builds the export address from the filters, without the page', () => {
    expect(usersExportUrl({ status: 'suspended', q: 'a&b', page: 3, limit: 20 })).toBe(
      '/api/users/export.csv?status=suspended&q=a%26b',
    );
    expect(usersExportUrl()).toBe('/api/users/export.csv');
  });

  it("reads the agent's own payout account as null while the server answers 404, and throws other failures", async () => {
    answer(() => ({ status: 404, data: { message: 'No payout account on file.' } }));
    expect(await fetchOwnPayoutAccount()).toBeNull();
    answer(() => ({ status: 500, data: { message: 'Something went wrong.' } }));
    await expect(fetchOwnPayoutAccount()).rejects.toBeInstanceOf(ApiError);
  });
});
