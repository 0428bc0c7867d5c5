import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  ApiError,
  createPayout,
  fetchAgentHeldOrders,
  fetchPayableOrders,
  fetchPayoutAccountReview,
  fetchPayouts,
} from 'shared-api';
import { MESSAGES, PAYOUT_ACCOUNT_MESSAGES, type PayoutAccountReview, UUID_PATTERN } from 'shared-api/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYOUT_ACCOUNT_MESSAGES_UR } from '../../../shared-api/src/contract/refusals-ur';
import { payoutFixture, payoutOrderFixture } from '../../../shared-ui/src/test/payout-fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { PayableOrdersPage, payQuestion, suspendedNotice } from './payable-orders-page';

// the product's English text (the catalogue's admin.payouts.noPayableOrders)
const NO_PAYABLE_ORDERS = 'This agent is owed nothing: every order is paid or cancelled.';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  createPayout: vi.fn(),
  fetchAgentHeldOrders: vi.fn(),
  fetchPayableOrders: vi.fn(),
  fetchPayouts: vi.fn(),
  fetchPayoutAccountReview: vi.fn(),
}));

const payableOrders = vi.mocked(fetchPayableOrders);
const payouts = vi.mocked(fetchPayouts);
const pay = vi.mocked(createPayout);
const accountReview = vi.mocked(fetchPayoutAccountReview);
const heldOrders = vi.mocked(fetchAgentHeldOrders);
const NOTHING_HELD = { suspended: false, orders: 0, total: 0, items: [] };
/** An accessible name as it reads: amounts hold a no-break space (formatRs). */
const reads = (text: string) => (name: string) => name.replace(/\s/g, ' ') === text;

/** The options of a submission (docs/domain.md, Submitting twice): its key, and the retry notice. */
const SUBMISSION = expect.objectContaining({
  idempotencyKey: expect.stringMatching(UUID_PATTERN),
  onRetry: expect.any(Function),
});

const ACCOUNT = {
  method: 'jazzcash',
  account: '•••• 4567',
  holderName: null,
  updatedAt: '2026-11-27T08:00:00.000Z',
} as const;
const CHANGED: PayoutAccountReview = {
  account: ACCOUNT,
  change: {
    changedAt: '2026-11-27T08:00:00.000Z',
    confirmUntil: '2026-11-28T08:00:00.000Z',
    previous: { method: 'easypaisa', account: '•••• 1111', holderName: null },
  },
};

const AGENT_ID = '5d7e3a1c-0b1f-4a0e-9d55-2a4f1c9b7e01';
// ids as the API gives them (uuids): the form checks the ticked ids with the contract's rules
const O1 = '0a6f1c2e-1111-4c1a-8a11-000000000001';
const O2 = '0a6f1c2e-2222-4c1a-8a11-000000000002';
const O3 = '0a6f1c2e-3333-4c1a-8a11-000000000003';
const orders = [
  payoutOrderFixture({ _id: O1, amzOrderNumber: '111-0000000-0000001', comission: 350 }),
  payoutOrderFixture({ _id: O2, amzOrderNumber: '111-0000000-0000002', comission: 420, AgentStatus: 'Reviewed' }),
  payoutOrderFixture({ _id: O3, amzOrderNumber: '111-0000000-0000003', comission: 300.5 }),
];

function PayoutShown() {
  const { pathname, state } = useLocation();
  return (
    <p>
      payout page {pathname}: {(state as { notice?: string } | null)?.notice}
    </p>
  );
}

function renderPage(search = '') {
  return renderWithQueries(
    <MemoryRouter
      initialEntries={[
        {
          pathname: `/admin/payouts/agent/${AGENT_ID}`,
          search,
          state: { agent: { _id: AGENT_ID, name: 'Ali Khan', email: 'ali@example.com' } },
        },
      ]}
    >
      <Routes>
        <Route path="/admin/payouts/agent/:id" element={<PayableOrdersPage />} />
        <Route path="/admin/payouts/:id" element={<PayoutShown />} />
      </Routes>
    </MemoryRouter>,
  );
}

const total = () => screen.getByText(/selected, Rs/);
const box = (number: string) => screen.getByRole('checkbox', { name: `pay order ${number}` });

async function tickAndAsk(user: ReturnType<typeof userEvent.setup>, numbers: string[], reference = 'PP-7788') {
  for (const number of numbers) await user.click(box(number));
  await user.type(screen.getByLabelText(/payment reference/), reference);
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  return screen.findByRole('dialog');
}

describe('PayableOrdersPage', () => {
  beforeEach(() => {
    payableOrders.mockReset().mockResolvedValue(orders);
    payouts.mockReset().mockResolvedValue({ items: [], total: 0 });
    pay.mockReset();
    accountReview.mockReset().mockResolvedValue({ account: null, change: null });
    heldOrders.mockReset().mockResolvedValue(NOTHING_HELD);
  });

  it("lists the agent's payable orders and keeps a live running total of the ticked ones", async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'pay Ali Khan' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'payable orders of Ali Khan' });
    expect(payableOrders).toHaveBeenCalledWith(AGENT_ID, {});
    expect(payouts).toHaveBeenCalledWith({ agentId: AGENT_ID, page: 1, limit: 20 });

    expect(total()).toHaveTextContent('0 orders selected, Rs 0');
    expect(total()).toHaveAttribute('aria-live', 'polite');
    await user.click(box('111-0000000-0000001'));
    expect(total()).toHaveTextContent('1 order selected, Rs 350');
    await user.click(box('111-0000000-0000003'));
    expect(total()).toHaveTextContent('2 orders selected, Rs 650.50');
    await user.click(box('111-0000000-0000001'));
    expect(total()).toHaveTextContent('1 order selected, Rs 300.50');

    await user.click(screen.getByRole('button', { name: 'select all' }));
    expect(total()).toHaveTextContent('3 orders selected, Rs 1,070.50');
    for (const order of orders) expect(box(order.amzOrderNumber)).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'select none' }));
    expect(total()).toHaveTextContent('0 orders selected, Rs 0');
  });

  it('asks for the reference at its field, and for at least one order, before it asks to pay', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'payable orders of Ali Khan' });

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const field = screen.getByLabelText(/payment reference/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.payoutReferenceRequired));
    expect(field).toHaveFocus();

    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'PP-7788');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.payoutOrdersRequired);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pay).not.toHaveBeenCalled();
  });

  it('confirms with the count, the sum and the agent, then pays and opens the new payout', async () => {
    pay.mockResolvedValue(
      payoutFixture({ _id: 'payout-9', orderIds: [O1, O2], orders: 2, total: 770, reference: 'PP-7788' }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'payable orders of Ali Khan' });

    const dialog = await tickAndAsk(user, ['111-0000000-0000001', '111-0000000-0000002'], '  PP-7788 ');
    expect(dialog).toHaveTextContent('Pay 2 orders, Rs 770, to Ali Khan?');
    expect(dialog).toHaveTextContent('Reference: PP-7788');
    expect(payQuestion(12, 3400, 'Ali Khan')).toBe('Pay 12 orders, Rs\u00a03,400, to Ali Khan?');

    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(pay).toHaveBeenCalledWith({ agentId: AGENT_ID, orderIds: [O1, O2], reference: 'PP-7788' }, SUBMISSION);
    expect(await screen.findByText(/payout page \/admin\/payouts\/payout-9/)).toHaveTextContent(
      'Paid 2 orders, Rs 770, to Ali Khan.',
    );
  });

  it('cancelling the confirmation pays nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'payable orders of Ali Khan' });
    const dialog = await tickAndAsk(user, ['111-0000000-0000001']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pay).not.toHaveBeenCalled();
    expect(total()).toHaveTextContent('1 order selected, Rs 350');
  });

  it("on a 409 shows the server's message, marks the orders it names, pays nothing, and pays once they are left out", async () => {
    pay.mockRejectedValueOnce(
      new ApiError(MESSAGES.payoutOrdersNotPayable, 'response', 409, true, {
        data: { message: MESSAGES.payoutOrdersNotPayable, orderIds: [O2] },
      }),
    );
    pay.mockResolvedValueOnce(payoutFixture({ _id: 'payout-10', orderIds: [O1], orders: 1, total: 350 }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'payable orders of Ali Khan' });

    const dialog = await tickAndAsk(user, ['111-0000000-0000001', '111-0000000-0000002']);
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.payoutOrdersNotPayable);
    expect(alert).toHaveTextContent('111-0000000-0000002');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const marked = box('111-0000000-0000002').closest('tr') as HTMLElement;
    expect(within(marked).getByText('cannot be paid')).toBeInTheDocument();
    expect(box('111-0000000-0000002')).toHaveAccessibleDescription(expect.stringContaining('Nothing was paid'));
    const clean = box('111-0000000-0000001').closest('tr') as HTMLElement;
    expect(within(clean).queryByText('cannot be paid')).not.toBeInTheDocument();
    // nothing paid: the selection and the total stand, for another try
    expect(total()).toHaveTextContent('2 orders selected, Rs 770');

    await user.click(within(alert).getByRole('button', { name: 'leave out the marked orders' }));
    expect(box('111-0000000-0000002')).not.toBeChecked();
    expect(total()).toHaveTextContent('1 order selected, Rs 350');

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const again = await screen.findByRole('dialog');
    expect(again).toHaveTextContent('Pay 1 order, Rs 350, to Ali Khan?');
    await user.click(within(again).getByRole('button', { name: 'Pay' }));
    expect(pay).toHaveBeenLastCalledWith({ agentId: AGENT_ID, orderIds: [O1], reference: 'PP-7788' }, SUBMISSION);
    expect(await screen.findByText(/payout page \/admin\/payouts\/payout-10/)).toBeInTheDocument();
  });

  it('shows a reference used for another agent at the reference field', async () => {
    pay.mockRejectedValue(
      new ApiError(MESSAGES.payoutReferenceTaken, 'response', 409, true, {
        data: { message: MESSAGES.payoutReferenceTaken, orderIds: [] },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'payable orders of Ali Khan' });
    const dialog = await tickAndAsk(user, ['111-0000000-0000001']);
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    const field = screen.getByLabelText(/payment reference/);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.payoutReferenceTaken));
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByText('cannot be paid')).not.toBeInTheDocument();
  });

  it('the same reference again answers the first payout, and the payout page says nothing more was paid', async () => {
    pay.mockResolvedValue(
      payoutFixture({ _id: 'payout-1', orderIds: ['o9'], orders: 1, total: 500, reference: 'PP-7788' }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'payable orders of Ali Khan' });
    const dialog = await tickAndAsk(user, ['111-0000000-0000001']);
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(/payout page \/admin\/payouts\/payout-1/)).toHaveTextContent(
      'Ali Khan was already paid with the reference PP-7788',
    );
    expect(screen.getByText(/payout page/)).toHaveTextContent('nothing more was paid');
  });

  it('a failure without an answer says nothing was paid, and keeps the selection', async () => {
    pay.mockRejectedValue(new ApiError('No response received from server.', 'network'));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'payable orders of Ali Khan' });
    const dialog = await tickAndAsk(user, ['111-0000000-0000003']);
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was paid');
    expect(total()).toHaveTextContent('1 order selected, Rs 300.50');
  });

  it('filters by agent status from the URL and the chips', async () => {
    const user = userEvent.setup();
    renderPage('?status=Feedbacked');
    await screen.findByRole('table', { name: 'payable orders of Ali Khan' });
    expect(payableOrders).toHaveBeenCalledWith(AGENT_ID, { AgentStatus: 'Feedbacked' });
    expect(screen.getByRole('button', { name: 'Feedbacked' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(payableOrders).toHaveBeenLastCalledWith(AGENT_ID, {}));
    // the agent the link carried is still named
    expect(screen.getByRole('heading', { level: 1, name: 'pay Ali Khan' })).toBeInTheDocument();
  });

  it('says so when the agent is owed nothing, and shows the error with a retry', async () => {
    payableOrders.mockResolvedValueOnce([]);
    const { unmount } = renderPage();
    expect(await screen.findByText(NO_PAYABLE_ORDERS)).toBeInTheDocument();
    unmount();

    payableOrders.mockRejectedValueOnce(new ApiError('agentId must be the id of an agent.', 'response', 400, true));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('agentId must be the id of an agent.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'pay order 111-0000000-0000001' })).toBeInTheDocument();
  });

  it("shows the agent's payouts, each leading to its page", async () => {
    payouts.mockResolvedValue({ items: [payoutFixture({ reference: 'BANK-55', total: 900 })], total: 1 });
    renderPage();
    const table = await screen.findByRole('table', { name: 'payouts to Ali Khan' });
    const link = await within(table).findByRole('link', { name: 'BANK-55' });
    expect(link).toHaveAttribute('href', '/admin/payouts/payout-1');
    expect(link.closest('tr')).toHaveTextContent('Rs 900');
  });

  describe('the payout account beside Pay', () => {
    it('says plainly when the agent has no account on file, and pays all the same', async () => {
      const user = userEvent.setup();
      pay.mockResolvedValue(payoutFixture({ _id: 'p-9', orderIds: [O1], orders: 1, total: 350 }));
      renderPage();
      expect(await screen.findByText(PAYOUT_ACCOUNT_MESSAGES.noAccountOnFile)).toBeInTheDocument();
      const dialog = await tickAndAsk(user, ['111-0000000-0000001']);
      await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
      await waitFor(() => expect(pay).toHaveBeenCalled());
    });

    it('shows the masked account, and after a recent change asks to confirm it before paying', async () => {
      const user = userEvent.setup();
      accountReview.mockResolvedValue(CHANGED);
      pay.mockResolvedValue(payoutFixture({ _id: 'p-9', orderIds: [O1], orders: 1, total: 350 }));
      renderPage();
      expect(await screen.findByText(/from Easypaisa •••• 1111 to JazzCash •••• 4567/)).toBeInTheDocument();
      expect(screen.getByText('JazzCash •••• 4567')).toBeInTheDocument();

      await user.click(await screen.findByRole('checkbox', { name: 'pay order 111-0000000-0000001' }));
      await user.type(screen.getByLabelText(/payment reference/), 'PP-1');
      await user.click(screen.getByRole('button', { name: 'Pay' }));
      expect(await screen.findByText(PAYOUT_ACCOUNT_MESSAGES.confirmRequired)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(screen.getByRole('checkbox', { name: PAYOUT_ACCOUNT_MESSAGES.confirmLabel }));
      await user.click(screen.getByRole('button', { name: 'Pay' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Paid to: JazzCash •••• 4567')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
      await waitFor(() =>
        expect(pay).toHaveBeenCalledWith(
          {
            agentId: AGENT_ID,
            orderIds: [O1],
            reference: 'PP-1',
            confirmAccountChange: true,
          },
          SUBMISSION,
        ),
      );
    });
  });

  it('shows the change to confirm when the account changed after the page read it, whatever language the refusal is in', async () => {
    const user = userEvent.setup();
    // the server's refusal in Urdu (the page never reads its words)
    const refusal = PAYOUT_ACCOUNT_MESSAGES_UR.confirmRequired;
    pay.mockRejectedValueOnce(new ApiError(refusal, 'response', 409, true, { data: { message: refusal } }));
    // the page reads no change; the agent changes the account before the admin pays
    accountReview.mockResolvedValueOnce({ account: null, change: null }).mockResolvedValue(CHANGED);
    renderPage();
    await screen.findByRole('checkbox', { name: 'pay order 111-0000000-0000001' });
    const dialog = await tickAndAsk(user, ['111-0000000-0000001']);
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(accountReview).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(/from Easypaisa •••• 1111 to JazzCash •••• 4567/)).toBeInTheDocument();
  });

  it('lists the orders on hold apart, with their count and sum, each with why in words and a link to it', async () => {
    heldOrders.mockResolvedValue({
      suspended: false,
      orders: 1,
      total: 200,
      items: [
        {
          ...payoutOrderFixture({ _id: 'held-1', amzOrderNumber: '222-0000000-0000009', comission: 200 }),
          holds: [
            { code: 'paypal-shared', label: 'PayPal shared with another agent' },
            { code: 'screenshot-reused', label: 'Screenshot reused' },
          ],
        },
      ],
    });
    renderPage();
    const section = await screen.findByRole('region', { name: reads('1 order on hold, Rs 200') });
    const link = within(section).getByRole('link', { name: '222-0000000-0000009' });
    expect(link).toHaveAttribute('href', '/manager/update/order/held-1');
    expect(section).toHaveTextContent('PayPal shared with another agent; Screenshot reused');
    expect(section).not.toHaveTextContent('paypal-shared');
    // not among the orders to tick
    expect(screen.queryByRole('checkbox', { name: 'pay order 222-0000000-0000009' })).not.toBeInTheDocument();
    expect(heldOrders).toHaveBeenCalledWith(AGENT_ID, {});
  });

  it("says a suspended agent's orders are all on hold, and why", async () => {
    heldOrders.mockResolvedValue({
      suspended: true,
      orders: 3,
      total: 1070.5,
      items: orders.map((order) => ({
        ...order,
        holds: [{ code: 'agent-suspended' as const, label: 'The agent is suspended' }],
      })),
    });
    renderPage();
    expect(await screen.findByText(suspendedNotice('Ali Khan'))).toBeInTheDocument();
    const section = screen.getByRole('region', { name: reads('3 orders on hold, Rs 1,070.50') });
    expect(within(section).getAllByText('The agent is suspended')).toHaveLength(3);
  });

  it('keeps the count, the total and Pay in one bar, and each checkbox inside a larger tap target', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'pay order 111-0000000-0000001' }));
    const bar = screen.getByRole('form', { name: 'pay the selected orders' });
    expect(within(bar).getByText(/selected, Rs/)).toHaveTextContent('1 order selected, Rs 350');
    expect(within(bar).getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(box('111-0000000-0000001').closest('label')).toHaveClass('admin-payable-hit');
  });
});
