import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, fetchPendingUsers, setLocale } from 'shared-api';
import type { User } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { PENDING_USERS_PAGE_SIZE, PendingUsersPage } from './pending-users-page';
import { pendingUserFixture } from './test-users';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchPendingUsers: vi.fn(),
}));

const pendingUsers = vi.mocked(fetchPendingUsers);

function renderPage() {
  return renderWithQueries(
    <MemoryRouter initialEntries={['/admin/pending/users']}>
      <PendingUsersPage />
    </MemoryRouter>,
  );
}

describe('PendingUsersPage', () => {
  beforeEach(() => pendingUsers.mockReset());

  it('shows a card per pending user with name, email, phone and a link to the details', async () => {
    pendingUsers.mockResolvedValue({
      items: [
        pendingUserFixture(),
        pendingUserFixture({ _id: 'user-2', id: 'user-2', name: 'Omar Farooq', email: 'omar@example.com' }),
      ],
      total: 2,
    });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('heading', { name: 'Sana Khan' })).toBeInTheDocument();
    expect(within(first).getByText('sana@example.com')).toBeInTheDocument();
    expect(within(first).getByText('+923001234567')).toBeInTheDocument();
    const details = within(first).getByRole('link', { name: 'View Details' });
    expect(details).toHaveAttribute('href', '/admin/pending/user/user-1');
    expect(details).toHaveAccessibleDescription('Sana Khan');
    expect(screen.getByText('2 accounts are waiting for approval')).toBeInTheDocument();
    expect(pendingUsers).toHaveBeenCalledWith({ page: 1, limit: PENDING_USERS_PAGE_SIZE });
  });

  it('says No users found. when nobody is waiting', async () => {
    pendingUsers.mockResolvedValue({ items: [], total: 0 });
    renderPage();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('says Failed to fetch pending users, with the reason and a retry', async () => {
    pendingUsers.mockRejectedValueOnce(new ApiError('Only admins can do this.', 'response', 403, true));
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch pending users');
    expect(alert).toHaveTextContent('Only admins can do this.');

    pendingUsers.mockResolvedValue({ items: [pendingUserFixture()], total: 1 });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Sana Khan' })).toBeInTheDocument();
  });

  it('says Failed to fetch pending users when the server does not answer', async () => {
    pendingUsers.mockRejectedValueOnce(new ApiError('No response received from server.', 'network'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.querySelectorAll('p')).toHaveLength(1);
    expect(alert).toHaveTextContent('Failed to fetch pending users');
  });

  it('pages through the server', async () => {
    const onPage = (page: number): User[] =>
      Array.from({ length: page === 1 ? PENDING_USERS_PAGE_SIZE : 1 }, (_, i) =>
        pendingUserFixture({ _id: `p${page}-${i}`, name: `Person ${page}-${i}` }),
      );
    pendingUsers.mockImplementation(async ({ page = 1 } = {}) => ({
      items: onPage(page),
      total: PENDING_USERS_PAGE_SIZE + 1,
    }));
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByText(`Showing 1–${PENDING_USERS_PAGE_SIZE} of ${PENDING_USERS_PAGE_SIZE + 1}`),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Person 2-0' })).toBeInTheDocument();
    expect(pendingUsers).toHaveBeenLastCalledWith({ page: 2, limit: PENDING_USERS_PAGE_SIZE });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  describe('in Urdu', () => {
    afterEach(() => act(() => setLocale('en')));

    it('shows the page in Urdu, with the email and phone number left to right', async () => {
      await act(() => setLocale('ur'));
      pendingUsers.mockResolvedValue({ items: [pendingUserFixture()], total: 1 });
      renderPage();

      expect(screen.getByRole('heading', { level: 1, name: 'زیرِ التوا صارفین' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('لوڈ ہو رہا ہے...');
      const card = await screen.findByRole('listitem');
      expect(screen.getByText('1 اکاؤنٹ منظوری کا منتظر ہے')).toBeInTheDocument();
      expect(within(card).getByText('ای میل')).toBeInTheDocument();
      expect(within(card).getByText('sana@example.com')).toHaveAttribute('dir', 'ltr');
      expect(within(card).getByText('+923001234567')).toHaveAttribute('dir', 'ltr');
      expect(within(card).getByRole('link', { name: 'تفصیل دیکھیں' })).toHaveAttribute(
        'href',
        '/admin/pending/user/user-1',
      );
    });
  });
});
