import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ApiError, dismissOrderFlag, fetchOrder, fetchOrderHistory, useSession } from 'shared-api';
import { MESSAGES, type Order, type OrderFlag, paidOnHoldNote, type User } from 'shared-api/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFixture } from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { UpdateOrderPage } from './update-order-page';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchOrder: vi.fn(),
  fetchOrderHistory: vi.fn(),
  dismissOrderFlag: vi.fn(),
}));

const fetchOrderMock = vi.mocked(fetchOrder);
const historyMock = vi.mocked(fetchOrderHistory);
const dismissMock = vi.mocked(dismissOrderFlag);

const RELATED = '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const paypalShared: OrderFlag = {
  code: 'paypal-shared',
  message: "The buyer's PayPal is also on an order of another agent.",
  relatedOrderIds: [RELATED],
  relatedOrders: [{ _id: RELATED, amzOrderNumber: '405-7777777-1111111', agent: { _id: 'agent-9', name: 'Sana Mir' } }],
  dismissed: false,
};
const numberSeen: OrderFlag = {
  code: 'number-seen',
  message: 'The order number was earlier on 1 other order.',
  relatedOrderIds: [RELATED],
  dismissed: true,
};
const flagged = orderFixture({
  _id: 'ord-7',
  amzOrderNumber: '402-1234567-7654321',
  flags: [paypalShared, numberSeen],
});

function person(role: 'admin' | 'manager'): User {
  return {
    _id: `${role}-1`,
    id: `${role}-1`,
    name: role === 'admin' ? 'Ada Admin' : 'Mia Manager',
    firstName: role === 'admin' ? 'Ada' : 'Mia',
    lastName: role === 'admin' ? 'Admin' : 'Manager',
    email: `${role}@example.com`,
    role,
    phoneNumber: '',
    gender: null,
    state: '',
    city: '',
    referralName: '',
    referralContact: '',
    referralUserId: null,
    status: 'approved',
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}

function renderPage(role: 'admin' | 'manager', order: Order) {
  useSession.getState().setSession('token', person(role));
  fetchOrderMock.mockResolvedValue(order);
  return renderWithQueries(
    <MemoryRouter initialEntries={[`/manager/update/order/${order._id}`]}>
      <Routes>
        <Route path="/manager/update/order/:id" element={<UpdateOrderPage />} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

const flagsSection = () => screen.findByRole('region', { name: 'fraud flags' });

describe('fraud flags on the update-order page', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    historyMock.mockResolvedValue([]);
  });

  it('shows each flag with its message and its related orders as links to their update pages', async () => {
    renderPage('admin', flagged);
    const section = await flagsSection();
    const shared = within(section).getByRole('article', { name: 'PayPal shared with another agent' });
    expect(shared).toHaveTextContent(paypalShared.message);
    expect(shared).toHaveTextContent('holds the commission');
    // named by number and agent, never by an id
    expect(within(shared).getByRole('link', { name: 'order 405-7777777-1111111 (Sana Mir)' })).toHaveAttribute(
      'href',
      `/manager/update/order/${RELATED}`,
    );
    expect(section).not.toHaveTextContent(RELATED.slice(0, 8));
    const seen = within(section).getByRole('article', { name: 'Order number seen before' });
    expect(seen).toHaveTextContent('dismissed');
    // only an open flag can be dismissed
    expect(within(seen).queryByRole('button', { name: 'dismiss flag' })).toBeNull();
  });

  it('lets an admin dismiss an open flag with a note, after confirming, and shows it dismissed', async () => {
    const dismissed = { ...flagged, flags: [{ ...paypalShared, dismissed: true }, numberSeen] };
    dismissMock.mockImplementation(async () => {
      // the order as stored from now on: what the page reads again after the dismissal
      fetchOrderMock.mockResolvedValue(dismissed);
      return dismissed;
    });
    const user = userEvent.setup();
    renderPage('admin', flagged);
    const section = await flagsSection();
    const shared = within(section).getByRole('article', { name: 'PayPal shared with another agent' });

    await user.click(within(shared).getByRole('button', { name: 'dismiss flag' }));
    expect(await within(shared).findByText(MESSAGES.flagNoteRequired)).toBeInTheDocument();
    expect(dismissMock).not.toHaveBeenCalled();

    await user.type(within(shared).getByLabelText(/why the flag can be dismissed/), '  Same household, checked.  ');
    await user.click(within(shared).getByRole('button', { name: 'dismiss flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this flag?' });
    await user.click(within(dialog).getByRole('button', { name: 'dismiss flag' }));

    await waitFor(() =>
      expect(dismissMock).toHaveBeenCalledWith('ord-7', 'paypal-shared', {
        dismissed: true,
        note: 'Same household, checked.',
      }),
    );
    expect(await screen.findByText('Every flag was dismissed: the commission can be paid.')).toBeInTheDocument();
    // the dismissal is in the history: the timeline loads it again
    await waitFor(() => expect(historyMock).toHaveBeenCalledTimes(2));
  });

  it("shows the server's refusal when the dismissal fails", async () => {
    dismissMock.mockRejectedValue(new ApiError(MESSAGES.flagAlreadyDismissed, 'response', 409, true));
    const user = userEvent.setup();
    renderPage('admin', flagged);
    const section = await flagsSection();
    await user.type(within(section).getByLabelText(/why the flag can be dismissed/), 'Checked.');
    await user.click(within(section).getByRole('button', { name: 'dismiss flag' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'dismiss flag' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(MESSAGES.flagAlreadyDismissed);
  });

  it('shows a manager the flags without the dismiss action', async () => {
    renderPage('manager', flagged);
    const section = await flagsSection();
    expect(within(section).getAllByRole('article')).toHaveLength(2);
    expect(within(section).queryByRole('button', { name: 'dismiss flag' })).toBeNull();
  });

  it('names to an admin the agents whose payout account is the same (payout-account-shared)', async () => {
    const shared: OrderFlag = {
      code: 'payout-account-shared',
      message: "The agent's payout account is also the one of another agent.",
      relatedOrderIds: [],
      relatedAgents: [{ _id: 'agent-2', name: 'Bushra Khan' }],
      dismissed: false,
    };
    renderPage('admin', orderFixture({ _id: 'ord-9', flags: [shared] }));
    const section = await flagsSection();
    const flag = within(section).getByRole('article', { name: 'Payout account shared with another agent' });
    expect(flag).toHaveTextContent(shared.message);
    expect(flag).toHaveTextContent('same payout account as: Bushra Khan');
    expect(within(flag).queryByText(/related orders/)).toBeNull();
  });

  it('shows no flags section for an order without flags', async () => {
    renderPage('admin', orderFixture({ _id: 'ord-8', flags: [] }));
    await screen.findByRole('article', { name: /^Order ID:/ });
    expect(screen.queryByRole('region', { name: 'fraud flags' })).toBeNull();
  });

  it("offers 'paid' disabled while a flag holds the order, the reason beside the selector and describing it", async () => {
    renderPage('admin', flagged);
    await flagsSection();
    const select = screen.getByLabelText('commission status');
    const paid = within(select).getByRole('option', { name: 'paid (on hold)' });
    expect(paid).toBeDisabled();
    expect(select).toHaveAccessibleDescription(paidOnHoldNote(['PayPal shared with another agent']));
    expect(screen.getByText(paidOnHoldNote(['PayPal shared with another agent']))).toBeVisible();
    expect(document.body).not.toHaveTextContent('paypal-shared');
  });

  it("offers 'paid' once every flag was dismissed", async () => {
    renderPage('admin', orderFixture({ ...flagged, flags: [{ ...paypalShared, dismissed: true }] }));
    await flagsSection();
    expect(within(screen.getByLabelText('commission status')).getByRole('option', { name: 'paid' })).toBeEnabled();
  });
});
