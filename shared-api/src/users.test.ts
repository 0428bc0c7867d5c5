import { beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from './config';
import { useSession } from './session';
import { answer, authorizationOf, requests, resetFakeHttp } from './testing/fake-http';
import { testUser } from './testing/users';
import { downloadUsersCsv, fetchUserRecord, fetchUsers } from './users';

const CSV = 'User ID,Joined at\r\n7f1c2a52-5b7e-4d5f-9a3e-0c4f5b6a7d8e,2026-11-01T00:00:00.000Z\r\n';

describe('the users directory', () => {
  beforeEach(() => {
    resetFakeHttp();
    localStorage.clear();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
    useSession.setState({ token: null, user: null, status: 'signed-out' });
    useSession.getState().setSession('admin-token', testUser('admin'));
  });

  it('asks for a page with the filters and sort, and reads the total from X-Total-Count', async () => {
    answer(() => ({ status: 200, data: [], headers: { 'x-total-count': '1234' } }));
    const page = await fetchUsers({ page: 2, limit: 50, role: 'agent', status: 'suspended', q: 'Bilal', sort: 'name' });
    expect(requests[0]?.url).toBe('/api/users');
    expect(requests[0]?.params).toEqual({
      page: 2,
      limit: 50,
      role: 'agent',
      status: 'suspended',
      q: 'Bilal',
      sort: 'name',
    });
    expect(page).toEqual({ items: [], total: 1234 });
  });

  it("asks for one user's record by its id", async () => {
    answer(() => ({ status: 200, data: { _id: 'x' } }));
    await fetchUserRecord('7f1c2a52-5b7e-4d5f-9a3e-0c4f5b6a7d8e');
    expect(requests[0]?.url).toBe('/api/users/7f1c2a52-5b7e-4d5f-9a3e-0c4f5b6a7d8e');
  });

  it("downloads the export with the session's token and the directory's filters, without its page", async () => {
    answer(() => ({
      status: 200,
      data: new Blob([CSV], { type: 'text/csv' }),
      headers: { 'content-disposition': 'attachment; filename="users-2026-11-27.csv"' },
    }));
    const file = await downloadUsersCsv({ page: 3, limit: 20, role: 'manager', sort: '-name' });
    expect(requests[0]?.url).toBe('/api/users/export.csv');
    expect(requests[0]?.params).toEqual({ role: 'manager', sort: '-name' });
    expect(requests[0]?.responseType).toBe('blob');
    expect(requests[0]?.timeout).toBeGreaterThan(30_000);
    expect(authorizationOf(requests[0])).toBe('Bearer admin-token');
    expect(file.filename).toBe('users-2026-11-27.csv');
    expect(await file.blob.text()).toBe(CSV);
  });
});
