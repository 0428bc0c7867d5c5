import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  ApiError,
  approveUser,
  fetchUserRecord,
  issueResetLink,
  reactivateUser,
  rejectUser,
  suspendUser,
} from 'shared-api';
import { ACCOUNT_MESSAGES, type UserRecord } from 'shared-api/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { pendingUserFixture, userRecordFixture } from './test-users';
import { UserPage } from './user-page';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchUserRecord: vi.fn(),
  approveUser: vi.fn(),
  rejectUser: vi.fn(),
  suspendUser: vi.fn(),
  reactivateUser: vi.fn(),
  issueResetLink: vi.fn(),
}));

const record = vi.mocked(fetchUserRecord);
const approve = vi.mocked(approveUser);
const reject = vi.mocked(rejectUser);
const suspend = vi.mocked(suspendUser);
const reactivate = vi.mocked(reactivateUser);
const reset = vi.mocked(issueResetLink);

function renderPage(id = 'user-1') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[`/admin/users/${id}`]}>
      <Routes>
        <Route path="/admin/users/:id" element={<UserPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

function field(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

const actions = () => screen.getByRole('region', { name: 'actions' });
const actionNames = () =>
  within(actions())
    .queryAllByRole('button')
    .map((button) => button.textContent);

/** The record answers `before` until a write, then `after` (as the server would once it moved). */
function movesTo(before: UserRecord, after: UserRecord) {
  let moved = false;
  record.mockImplementation(async () => (moved ? after : before));
  return () => {
    moved = true;
  };
}

describe('UserPage', () => {
  beforeEach(() => {
    for (const mock of [record, approve, reject, suspend, reactivate, reset]) mock.mockReset();
    record.mockResolvedValue(userRecordFixture());
  });

  it("shows the details, the agent's masked payout account, the counts, the ID images and the history", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sana Khan' })).toBeInTheDocument();
    expect(record).toHaveBeenCalledWith('user-1');
    expect(field('email')).toBe('sana@example.com');
    expect(field('role')).toBe('agent');
    expect(field('phone')).toBe('+923001234567');
    expect(screen.getByRole('heading', { name: /^status/ })).toHaveTextContent('Approved');
    const payout = screen.getByRole('region', { name: 'payout account' });
    expect(payout).toHaveTextContent('JazzCash');
    expect(payout).toHaveTextContent('•••• 4567');
    const counts = screen.getByRole('region', { name: 'counts' });
    expect(counts).toHaveTextContent('unpaid commissionRs 1,500');
    expect(counts).toHaveTextContent('open flags1');
    expect(screen.getByRole('img', { name: 'CNIC front' })).toHaveAttribute('src', pendingUserFixture().cnicFront);
    const history = screen.getByRole('region', { name: 'history' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(1);
    expect(history).toHaveTextContent('Approved');
    expect(history).toHaveTextContent('by Ada Admin (admin)');
    expect(screen.getByRole('link', { name: /users/ })).toHaveAttribute('href', '/admin/users');
  });

  it('says No account on file for an agent without a payout account, and shows none for a manager', async () => {
    record.mockResolvedValue(userRecordFixture({ payoutAccount: null }));
    renderPage();
    expect(await screen.findByRole('region', { name: 'payout account' })).toHaveTextContent('No account on file');

    record.mockResolvedValue(userRecordFixture({ _id: 'user-9', role: 'manager', payoutAccount: null }));
    renderPage('user-9');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1, name: 'Sana Khan' })).toHaveLength(2));
    expect(screen.getAllByRole('region', { name: 'payout account' })).toHaveLength(1);
  });

  it('enlarges an ID image', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'enlarge CNIC back' }));
    expect(screen.getByRole('dialog', { name: 'CNIC back' })).toBeInTheDocument();
  });

  it.each([
    ['pending', ['Approve', 'Reject']],
    ['approved', ['Suspend', 'Reset password']],
    ['suspended', ['Reactivate']],
    ['rejected', []],
  ] as const)('offers a %s account the actions %j', async (status, expected) => {
    record.mockResolvedValue(userRecordFixture({ status }));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Sana Khan' });
    expect(actionNames()).toEqual(expected);
  });

  it('suspends with a reason after a confirmation, then shows the new status, its reason and history', async () => {
    const suspended = userRecordFixture({
      status: 'suspended',
      statusReason: 'Shared payout account',
      history: [
        ...userRecordFixture().history,
        {
          _id: 'event-2',
          at: '2026-11-27T10:00:00.000Z',
          actor: { _id: 'admin-1', name: 'Ada Admin', role: 'admin' },
          type: 'suspended',
          reason: 'Shared payout account',
          note: null,
          changes: { status: { from: 'approved', to: 'suspended' } },
        },
      ],
    });
    const move = movesTo(userRecordFixture(), suspended);
    suspend.mockImplementation(async () => {
      move();
      return pendingUserFixture({ status: 'suspended' });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    await user.type(screen.getByRole('textbox', { name: /reason for suspending/ }), '  Shared payout account ');
    await user.click(screen.getByRole('button', { name: 'Suspend…' }));

    const dialog = screen.getByRole('dialog', { name: 'Suspend' });
    expect(dialog).toHaveTextContent('Every session of the person ends at once');
    expect(dialog).toHaveTextContent('Shared payout account');
    expect(suspend).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    expect(suspend).toHaveBeenCalledWith('user-1', 'Shared payout account');
    expect(await screen.findByRole('status')).toHaveTextContent('The account is now suspended.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const status = screen.getByRole('heading', { name: /^status/ });
    expect(status).toHaveTextContent('Suspended');
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.getByText('Reason: Shared payout account', { selector: '.admin-user-status-box p' })).toBeVisible();
    const events = within(screen.getByRole('region', { name: 'history' })).getAllByRole('listitem');
    expect(events[0]).toHaveTextContent('Suspended');
    expect(events[0]).toHaveTextContent('Reason: Shared payout account');
    expect(actionNames()).toEqual(['Reactivate']);
  });

  it('refuses an empty reason, and one over 500 characters, without asking the server', async () => {
    record.mockResolvedValue(userRecordFixture({ status: 'pending' }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const reason = screen.getByRole('textbox', { name: /reason for rejecting/ });
    await user.type(reason, '   ');
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(reason).toHaveFocus();

    await user.clear(reason);
    await user.click(reason);
    await user.paste('x'.repeat(501));
    expect(await screen.findByText(ACCOUNT_MESSAGES.reasonTooLong)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reject).not.toHaveBeenCalled();
  });

  it('rejects a pending registration with its reason', async () => {
    const move = movesTo(
      userRecordFixture({ status: 'pending' }),
      userRecordFixture({ status: 'rejected', statusReason: 'CNIC unreadable' }),
    );
    reject.mockImplementation(async () => {
      move();
      return pendingUserFixture({ status: 'rejected' });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: /reason for rejecting/ }), 'CNIC unreadable');
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Reject' })).getByRole('button', { name: 'Reject' }));
    expect(reject).toHaveBeenCalledWith('user-1', 'CNIC unreadable');
    expect(await screen.findByRole('status')).toHaveTextContent('The account is now rejected.');
    expect(await screen.findByText('A rejected registration has no further actions.')).toBeInTheDocument();
  });

  it('approves a pending registration after a confirmation', async () => {
    const move = movesTo(userRecordFixture({ status: 'pending' }), userRecordFixture());
    approve.mockImplementation(async () => {
      move();
      return pendingUserFixture({ status: 'approved' });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Approve' })).getByRole('button', { name: 'Approve' }));
    expect(approve).toHaveBeenCalledWith('user-1');
    expect(await screen.findByRole('status')).toHaveTextContent('The account is now approved.');
  });

  it("reactivates a suspended account, and says the server's refusal in the confirmation", async () => {
    record.mockResolvedValue(userRecordFixture({ status: 'suspended', statusReason: 'Fraud' }));
    reactivate.mockRejectedValueOnce(new ApiError(ACCOUNT_MESSAGES.reactivateNotSuspended, 'response', 409, true));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Reactivate' });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.reactivateNotSuspended);

    reactivate.mockResolvedValueOnce(pendingUserFixture({ status: 'approved' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(reactivate).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('status')).toHaveTextContent('The account is now approved.');
  });

  it('issues a reset link and shows it with its expiry, a copy button and the WhatsApp hint', async () => {
    reset.mockResolvedValue({
      url: 'http://localhost:3000/reset-password?token=abc123',
      expiresAt: '2026-11-27T11:00:00.000Z',
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(reset).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset password' }));
    expect(reset).toHaveBeenCalledWith('user-1');

    const panel = await screen.findByRole('region', { name: 'password reset link' });
    expect(within(panel).getByRole('textbox', { name: 'reset link' })).toHaveValue(
      'http://localhost:3000/reset-password?token=abc123',
    );
    expect(panel).toHaveTextContent('by WhatsApp');
    expect(within(panel).getByText(/^Nov 27, 2026/, { selector: 'time' })).toHaveAttribute(
      'datetime',
      '2026-11-27T11:00:00.000Z',
    );
    await waitFor(() => expect(within(panel).getByRole('heading')).toHaveFocus());

    await user.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/reset-password?token=abc123');
    expect(panel).toHaveTextContent('Link copied.');
  });

  it("shows the server's message when the record cannot be read", async () => {
    record.mockRejectedValue(new ApiError('User not found.', 'response', 404, true));
    renderPage('nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
  });
});
