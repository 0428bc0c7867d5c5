import { screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { ApiError, fetchCommission, useSession } from 'shared-api';
import { MESSAGES, type User } from 'shared-api/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { CommissionToasts } from './commission-toasts';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  fetchCommission: vi.fn(),
}));

const commission = vi.mocked(fetchCommission);

function signIn(role: User['role']) {
  useSession.setState({
    status: 'signed-in',
    token: 't',
    user: { _id: `${role}-1`, name: 'Someone', role, status: 'approved' } as User,
  });
}

function renderToasts() {
  return renderWithQueries(
    <>
      <ToastContainer />
      <CommissionToasts />
    </>,
  );
}

describe('commission toasts', () => {
  afterEach(() => commission.mockReset());
  afterEach(() => useSession.setState({ status: 'signed-out', token: null, user: null }));

  it('asks for the figures of a signed-in agent, and says nothing when they load', async () => {
    commission.mockResolvedValue({ success: true, paidCommission: 1, unpaidCommission: 2, orders: 3 });
    signIn('agent');
    renderToasts();
    await vi.waitFor(() => expect(commission).toHaveBeenCalledWith('agent', 'agent-1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows that the answer said the figures failed', async () => {
    commission.mockResolvedValue({ success: false, paidCommission: 0, unpaidCommission: 0, orders: 0 });
    signIn('manager');
    renderToasts();
    expect(await screen.findByText(MESSAGES.commissionFetchFailed)).toBeInTheDocument();
  });

  it('shows that the figures could not be asked for', async () => {
    commission.mockImplementation(async () => {
      throw new ApiError('down', 'network');
    });
    signIn('agent');
    renderToasts();
    expect(await screen.findByText(MESSAGES.commissionFetchError)).toBeInTheDocument();
  });

  it('asks nothing for an admin', async () => {
    signIn('admin');
    renderToasts();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(commission).not.toHaveBeenCalled();
  });
});
