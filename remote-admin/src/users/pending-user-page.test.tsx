import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ApiError, approveUser, fetchPendingUser } from 'shared-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { PendingUserPage } from './pending-user-page';
import { pendingUserFixture } from './test-users';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchPendingUser: vi.fn(),
  approveUser: vi.fn(),
}));

const pendingUser = vi.mocked(fetchPendingUser);
const approve = vi.mocked(approveUser);

function renderPage(id = 'user-1') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[`/admin/pending/user/${id}`]}>
      <Routes>
        <Route path="/admin/pending/user/:id" element={<PendingUserPage />} />
        <Route path="/admin/pending/users" element={<h1>the pending users list</h1>} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

/** The value of the field labelled `label` in the details list. */
function field(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('PendingUserPage', () => {
  beforeEach(() => {
    pendingUser.mockReset();
    approve.mockReset();
    pendingUser.mockResolvedValue(pendingUserFixture());
  });

  it('shows every field the person registered with, and the referrer', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('sana@example.com')).toBeInTheDocument();
    expect(pendingUser).toHaveBeenCalledWith('user-1');
    expect(field('name')).toBe('Sana Khan');
    expect(field('email')).toBe('sana@example.com');
    expect(field('role')).toBe('agent');
    expect(field('phone')).toBe('+923001234567');
    expect(field('gender')).toBe('female');
    expect(field('country')).toBe('pakistan');
    expect(field('city')).toBe('Lahore');
    expect(field('referral name')).toBe('Ali Raza');
    expect(field('referral contact')).toBe('+923009876543');
    expect(field('referral email')).toBe('ali@example.com');
    expect(field('status')).toBe('pending');
    expect(screen.getByRole('img', { name: 'CNIC front' })).toHaveAttribute('src', pendingUserFixture().cnicFront);
    expect(screen.getByRole('img', { name: 'CNIC back' })).toHaveAttribute('src', pendingUserFixture().cnicBack);
    expect(screen.getByRole('link', { name: /pending users/ })).toHaveAttribute('href', '/admin/pending/users');
    expect(screen.queryByRole('button', { name: 'Update Password' })).not.toBeInTheDocument();
  });

  it('shows N/A for a referral email when no referral user is linked', async () => {
    pendingUser.mockResolvedValue(pendingUserFixture({ referralUserId: null }));
    renderPage();
    await screen.findByText('sana@example.com');
    expect(field('referral email')).toBe('N/A');
    expect(field('referral contact')).toBe('+923009876543');
  });

  it('enlarges a CNIC image on click and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'enlarge CNIC back' }));
    const dialog = screen.getByRole('dialog', { name: 'CNIC back' });
    expect(within(dialog).getByRole('img', { name: 'CNIC back' })).toHaveAttribute(
      'src',
      pendingUserFixture().cnicBack,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('approves without a new password, says so and goes back to the list', async () => {
    approve.mockResolvedValue(pendingUserFixture({ status: 'approved' }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve User' }));
    expect(approve).toHaveBeenCalledWith('user-1', undefined);
    expect(await screen.findByText('Sana Khan is approved.')).toBeInTheDocument();
    // the router moves in a transition, which the form's own settling update may render after the toast
    expect(await screen.findByRole('heading', { name: 'the pending users list' })).toBeInTheDocument();
  });

  it('approves with a new password sent along', async () => {
    approve.mockResolvedValue(pendingUserFixture({ status: 'approved' }));
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('new password (optional)'), 'fresh-secret');
    await user.click(screen.getByRole('button', { name: 'Approve User' }));
    expect(approve).toHaveBeenCalledWith('user-1', 'fresh-secret');
    expect(await screen.findByText('Sana Khan is approved, with the new password.')).toBeInTheDocument();
  });

  it('refuses a new password shorter than 6 characters without calling the server', async () => {
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText('new password (optional)');
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Approve User' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters.');
    expect(approve).not.toHaveBeenCalled();
    expect(input).toHaveValue('abc');
  });

  it("shows the server's message when the approval is refused, keeping what was typed", async () => {
    approve.mockRejectedValue(new ApiError('This user is already approved.', 'response', 409, true));
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('new password (optional)'), 'fresh-secret');
    await user.click(screen.getByRole('button', { name: 'Approve User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This user is already approved.');
    expect(screen.getByLabelText('new password (optional)')).toHaveValue('fresh-secret');
    expect(screen.getByRole('button', { name: 'Approve User' })).toBeEnabled();
  });

  it('says Something went wrong when the approval fails without a message', async () => {
    approve.mockRejectedValue(new ApiError('No response received from server.', 'network'));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong$/);
  });

  it('says an approved user is approved instead of offering the approval', async () => {
    pendingUser.mockResolvedValue(pendingUserFixture({ status: 'approved' }));
    renderPage();
    expect(await screen.findByText('This user is already approved.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve User' })).not.toBeInTheDocument();
  });

  it('shows Error: and the message when the user cannot be loaded', async () => {
    pendingUser.mockRejectedValue(new ApiError('User not found.', 'response', 404, true));
    renderPage('nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: User not found.');
  });
});
