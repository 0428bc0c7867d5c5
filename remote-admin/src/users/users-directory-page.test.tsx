import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, downloadUsersCsv, fetchUsers } from 'shared-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { USERS_PAGE_SIZE } from './directory-query';
import { directoryRowFixture } from './test-users';
import { UsersDirectoryPage } from './users-directory-page';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchUsers: vi.fn(),
  downloadUsersCsv: vi.fn(),
}));

const users = vi.mocked(fetchUsers);
const download = vi.mocked(downloadUsersCsv);

function renderPage(path = '/admin/users') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <UsersDirectoryPage />
    </MemoryRouter>,
  );
}

const table = () => screen.getByRole('table', { name: 'users' });

describe('UsersDirectoryPage', () => {
  beforeEach(() => {
    users.mockReset();
    download.mockReset();
    users.mockResolvedValue({
      items: [
        directoryRowFixture(),
        directoryRowFixture({
          _id: 'user-2',
          id: 'user-2',
          name: 'Omar Farooq',
          email: 'omar@example.com',
          role: 'manager',
          status: 'suspended',
          statusReason: 'Fake products',
          counts: { orders: 40, unpaidCommission: 0, openFlags: 0, products: 7 },
        }),
      ],
      total: 2,
    });
  });

  it('lists each user with a link to the page, role, status badge and the counts of the role', async () => {
    renderPage();
    const sana = await screen.findByRole('link', { name: 'Sana Khan' });
    expect(sana).toHaveAttribute('href', '/admin/users/user-1');
    expect(users).toHaveBeenCalledWith({ sort: '-createdAt', page: 1, limit: USERS_PAGE_SIZE });
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [agentRow, managerRow] = rows as [HTMLElement, HTMLElement];
    expect(agentRow).toHaveTextContent('sana@example.com');
    expect(within(agentRow).getByText('Approved')).toHaveClass('admin-user-status-approved');
    expect(agentRow).toHaveTextContent('orders12');
    expect(agentRow).toHaveTextContent('unpaid commissionRs 1,500');
    expect(agentRow).toHaveTextContent('open flags1');
    expect(within(managerRow).getByText('Suspended')).toBeInTheDocument();
    expect(managerRow).toHaveTextContent('products7');
    expect(managerRow).not.toHaveTextContent('open flags');
    expect(screen.getByText('2 users')).toHaveAttribute('aria-live', 'polite');
  });

  it('narrows by the role and status chips, back to page 1', async () => {
    const user = userEvent.setup();
    renderPage('/admin/users?page=3');
    await screen.findByRole('link', { name: 'Sana Khan' });
    expect(users).toHaveBeenLastCalledWith({ sort: '-createdAt', page: 3, limit: USERS_PAGE_SIZE });

    await user.click(within(screen.getByRole('group', { name: 'role' })).getByRole('button', { name: 'Agent' }));
    expect(users).toHaveBeenLastCalledWith({ role: 'agent', sort: '-createdAt', page: 1, limit: USERS_PAGE_SIZE });

    await user.click(within(screen.getByRole('group', { name: 'status' })).getByRole('button', { name: 'Suspended' }));
    expect(users).toHaveBeenLastCalledWith({
      role: 'agent',
      status: 'suspended',
      sort: '-createdAt',
      page: 1,
      limit: USERS_PAGE_SIZE,
    });
    expect(
      within(screen.getByRole('group', { name: 'status' })).getByRole('button', { name: 'Suspended' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('searches by name, email or phone on Enter', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: 'Sana Khan' });
    await user.type(screen.getByRole('searchbox', { name: 'search users' }), '  +92300 {Enter}');
    expect(users).toHaveBeenLastCalledWith({ q: '+92300', sort: '-createdAt', page: 1, limit: USERS_PAGE_SIZE });
  });

  it('sorts by name from A, then Z, and by date joined', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: 'Sana Khan' });
    await user.click(screen.getByRole('button', { name: /^name/ }));
    expect(users).toHaveBeenLastCalledWith({ sort: 'name', page: 1, limit: USERS_PAGE_SIZE });
    expect(screen.getByRole('columnheader', { name: /^name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /^name/ }));
    expect(users).toHaveBeenLastCalledWith({ sort: '-name', page: 1, limit: USERS_PAGE_SIZE });
    await user.click(screen.getByRole('button', { name: /^joined/ }));
    expect(users).toHaveBeenLastCalledWith({ sort: '-createdAt', page: 1, limit: USERS_PAGE_SIZE });
  });

  it('pages through the server', async () => {
    users.mockImplementation(async ({ page = 1 } = {}) => ({
      items: [directoryRowFixture({ _id: `p${page}`, name: `Person ${page}` })],
      total: USERS_PAGE_SIZE + 1,
    }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: 'Person 1' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Person 2' })).toBeInTheDocument();
    expect(users).toHaveBeenLastCalledWith({ sort: '-createdAt', page: 2, limit: USERS_PAGE_SIZE });
  });

  it('says No users found., or that none match the filters', async () => {
    users.mockResolvedValue({ items: [], total: 0 });
    renderPage();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    renderPage('/admin/users?status=rejected');
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
  });

  it("shows the server's refusal and retries", async () => {
    users.mockRejectedValueOnce(new ApiError('Only admins can do this.', 'response', 403, true));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can do this.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Sana Khan' })).toBeInTheDocument();
  });

  it('says Failed to fetch users when the server does not answer', async () => {
    users.mockRejectedValueOnce(new ApiError('No response received from server.', 'network'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch users');
  });

  describe('export', () => {
    const { createObjectURL, revokeObjectURL } = URL;
    beforeEach(() => {
      URL.createObjectURL = vi.fn(() => 'blob:http://localhost/users-1');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    });
    afterEach(() => {
      vi.restoreAllMocks();
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });

    it('exports what the filters match', async () => {
      download.mockResolvedValue({ blob: new Blob(['name\r\n']), filename: 'users-2026-11-27.csv' });
      const user = userEvent.setup();
      renderPage('/admin/users?role=agent&q=sana');
      await screen.findByRole('link', { name: 'Sana Khan' });
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(download).toHaveBeenCalledWith(
        { role: 'agent', q: 'sana', sort: '-createdAt', page: 1, limit: USERS_PAGE_SIZE },
        expect.objectContaining({ signal: expect.any(AbortSignal) }),
      );
      expect(await screen.findByText('Saved users-2026-11-27.csv')).toBeInTheDocument();
    });
  });
});
