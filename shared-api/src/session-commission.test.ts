import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from './contract/messages';
import type { User } from './contract/schemas';
import { onUserIdChange, syncCommission, useSession } from './session';
import { answer, requests, resetFakeHttp } from './testing/fake-http';
import { agentUser } from './testing/users';

const managerUser: User = { ...agentUser, _id: 'manager-1', id: 'manager-1', role: 'manager', name: 'Mia Manager' };
const adminUser: User = { ...agentUser, _id: 'admin-1', id: 'admin-1', role: 'admin', name: 'Ada Admin' };
const figures = { success: true, paidCommission: 300, unpaidCommission: 150.5, orders: 4 };

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
async function until(check: () => boolean) {
  for (let i = 0; i < 50 && !check(); i++) await settled();
}

describe('session commission', () => {
  let stop: (() => void) | undefined;

  beforeEach(() => {
    resetFakeHttp();
    localStorage.clear();
    useSession.setState({ token: null, user: null, status: 'signed-out' });
    useSession.getState().logout();
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
  });

  it.each([
    [agentUser, '/api/agent/comission/agent-1'],
    [managerUser, '/api/manager/comission/manager-1'],
  ])('loads the figures of a signed-in $role', async (user, path) => {
    answer(() => ({ status: 200, data: figures }));
    useSession.getState().setSession('token', user);

    await useSession.getState().loadCommission();

    expect(requests.map((r) => r.url)).toEqual([path]);
    expect(useSession.getState()).toMatchObject({
      commission: figures,
      commissionStatus: 'loaded',
      commissionError: null,
    });
  });

  it('asks nothing for an admin or a pending account', async () => {
    useSession.getState().setSession('token', adminUser);
    await useSession.getState().loadCommission();
    useSession.getState().setSession('token', { ...agentUser, status: 'pending' });
    await useSession.getState().loadCommission();

    expect(requests).toHaveLength(0);
    expect(useSession.getState()).toMatchObject({ commission: null, commissionStatus: 'idle' });
  });

  it("says 'Failed to fetch...' when the answer is not a success", async () => {
    answer(() => ({ status: 200, data: { ...figures, success: false } }));
    useSession.getState().setSession('token', agentUser);

    await useSession.getState().loadCommission();

    expect(useSession.getState()).toMatchObject({
      commission: null,
      commissionStatus: 'failed',
      commissionError: MESSAGES.commissionFetchFailed,
    });
  });

  it("says 'An error occurred...' when the call fails", async () => {
    answer(() => 'network-error');
    useSession.getState().setSession('token', agentUser);

    await useSession.getState().loadCommission();

    expect(useSession.getState()).toMatchObject({
      commissionStatus: 'failed',
      commissionError: MESSAGES.commissionFetchError,
    });
  });

  it('forgets the figures on logout', async () => {
    answer(() => ({ status: 200, data: figures }));
    useSession.getState().setSession('token', agentUser);
    await useSession.getState().loadCommission();

    useSession.getState().logout();

    expect(useSession.getState()).toMatchObject({ commission: null, commissionStatus: 'idle' });
  });

  it('syncs: loads after boot and login, reloads when the user id changes, not when the same user is refreshed', async () => {
    answer((request) => {
      if (request.url === '/api/user') return { status: 200, data: agentUser };
      if (request.url === '/api/login') return { status: 200, data: { token: 'manager-token', user: managerUser } };
      return { status: 200, data: { ...figures, paidCommission: request.url?.includes('manager') ? 7 : 3 } };
    });
    stop = syncCommission();
    localStorage.setItem('token', 'agent-token');

    await useSession.getState().boot();
    await until(() => useSession.getState().commissionStatus === 'loaded');
    expect(useSession.getState().commission?.paidCommission).toBe(3);

    // a new token for the same user (a password change): no reload
    useSession.getState().setSession('agent-token-2', { ...agentUser });
    await settled();
    expect(requests.filter((r) => r.url?.includes('comission'))).toHaveLength(1);
    expect(useSession.getState().commission?.paidCommission).toBe(3);

    useSession.getState().logout();
    await useSession.getState().login({ email: 'manager@example.com', password: 'secret' });
    await until(() => useSession.getState().commissionStatus === 'loaded');
    expect(useSession.getState().commission?.paidCommission).toBe(7);
    expect(requests.filter((r) => r.url?.includes('comission')).map((r) => r.url)).toEqual([
      '/api/agent/comission/agent-1',
      '/api/manager/comission/manager-1',
    ]);
  });

  it('drops an answer that arrives after another user signed in', async () => {
    answer(() => ({ status: 200, data: figures }));
    useSession.getState().setSession('token', agentUser);
    const loading = useSession.getState().loadCommission();
    useSession.getState().setSession('token', adminUser);
    await loading;

    expect(useSession.getState()).toMatchObject({ commission: null, commissionStatus: 'idle' });
  });

  it('tells listeners when the user id changes, with the previous id', () => {
    const seen: Array<[string | null, string | null]> = [];
    stop = onUserIdChange((id, previous) => seen.push([id, previous]));

    useSession.getState().setSession('t1', agentUser);
    useSession.getState().setSession('t2', agentUser);
    useSession.getState().setSession('t3', managerUser);
    useSession.getState().logout();

    expect(seen).toEqual([
      ['agent-1', null],
      ['manager-1', 'agent-1'],
      [null, 'manager-1'],
    ]);
  });
});
