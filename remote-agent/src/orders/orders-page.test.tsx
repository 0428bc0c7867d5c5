import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  ApiError,
  type DownloadOptions,
  downloadOrdersCsv,
  fetchAgentOrders,
  type Page,
  updateOrderAsAgent,
  useSession,
} from 'shared-api';
import type { Order, User } from 'shared-api/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFixture, orderProductFixture } from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { OrdersPage } from './orders-page';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  fetchAgentOrders: vi.fn(),
  updateOrderAsAgent: vi.fn(),
  downloadOrdersCsv: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const agent: User = {
  _id: 'agent-1',
  id: 'agent-1',
  name: 'Andy Agent',
  firstName: 'Andy',
  lastName: 'Agent',
  email: 'agent@example.com',
  role: 'agent',
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

const submitted = orderFixture({
  _id: 'order-s',
  amzOrderNumber: '111-1111111-1111111',
  AgentStatus: 'submitted',
  product: orderProductFixture({ marketPlace: 'DE', name: 'Espresso Grinder' }),
  comission: 550,
});
const reviewed = orderFixture({ _id: 'order-r', amzOrderNumber: '222-2222222-2222222', AgentStatus: 'Reviewed' });
const cancelled = orderFixture({ _id: 'order-c', amzOrderNumber: '333-3333333-3333333', AgentStatus: 'cancelled' });

const listed = vi.mocked(fetchAgentOrders);
const update = vi.mocked(updateOrderAsAgent);

function page(items: Order[], total = items.length): Promise<Page<Order>> {
  return Promise.resolve({ items, total });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPage(path = '/agent/orders') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/agent/orders" element={<OrdersPage />} />
        <Route path="/agent/update/order/:id" element={<h1>update page</h1>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

function card(amzOrderNumber: string): HTMLElement {
  // the number may sit in a <bdi> of its own (kept left to right in Urdu)
  const term = screen.getByText(amzOrderNumber, { selector: 'dd, dd bdi' });
  const article = term.closest('article');
  if (!article) throw new Error(`no card for ${amzOrderNumber}`);
  return article;
}

describe('agent orders page', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSession.getState().setSession('token', agent);
  });

  it('says how many orders the agent has and shows each on a card with its real marketplace and commission', async () => {
    listed.mockImplementation(() => page([submitted, reviewed, cancelled], 23));
    renderPage();

    expect(await screen.findByRole('heading', { name: 'you have 23 order(s)' })).toBeInTheDocument();
    expect(listed).toHaveBeenCalledWith('agent-1', { AgentStatus: undefined, page: 1, limit: 10 });
    const first = card('111-1111111-1111111');
    expect(within(first).getByText('Espresso Grinder', { selector: 'dd' })).toBeInTheDocument();
    expect(within(first).getByText('DE')).toBeInTheDocument();
    expect(within(first).getByText('Rs 550')).toBeInTheDocument();
    expect(screen.getAllByRole('note', { name: 'Honest reviews' })).toHaveLength(1);
    expect(screen.getByText('Showing 1–10 of 23')).toBeInTheDocument();
  });

  it('asks the server for the chosen agent status, and keeps the heading on all orders', async () => {
    listed.mockImplementation((_id, params) => {
      if (params?.AgentStatus === 'cancelled') return page([cancelled], 1);
      return page([submitted, reviewed, cancelled], 3);
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'you have 3 order(s)' });

    const chips = screen.getByRole('group', { name: 'agent status' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Ordered', 'submitted', 'Reviewed', 'Feedbacked', 'Cancelled']);
    await user.click(within(chips).getByRole('button', { name: 'Cancelled' }));

    await waitFor(() => expect(screen.queryByText('111-1111111-1111111')).not.toBeInTheDocument());
    expect(listed).toHaveBeenCalledWith('agent-1', { AgentStatus: 'cancelled', page: 1, limit: 10 });
    expect(screen.getByText('1 Cancelled order')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'you have 3 order(s)' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/agent/orders?status=cancelled');

    await user.click(within(chips).getByRole('button', { name: 'Ordered' }));
    expect(listed).toHaveBeenLastCalledWith('agent-1', { AgentStatus: 'Ordered', page: 1, limit: 10 });
  });

  it('offers the cancel dropdown only on submitted orders, and cancels only after confirming', async () => {
    listed.mockImplementation(() => page([submitted, reviewed, cancelled]));
    update.mockResolvedValue({ ...submitted, AgentStatus: 'cancelled' });
    const user = userEvent.setup();
    const { client } = renderPage();
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    await screen.findByRole('heading', { name: 'you have 3 order(s)' });

    expect(within(card('222-2222222-2222222')).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(card('333-3333333-3333333')).queryByRole('combobox')).not.toBeInTheDocument();
    const dropdown = within(card('111-1111111-1111111')).getByRole('combobox', {
      name: 'status of order 111-1111111-1111111',
    });

    await user.selectOptions(dropdown, 'Cancel order');
    const dialog = screen.getByRole('dialog', { name: 'Cancel order' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(update).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.selectOptions(dropdown, 'Cancel order');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(update).toHaveBeenCalledWith('order-s', { AgentStatus: 'cancelled' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(listed.mock.calls.length).toBeGreaterThanOrEqual(2);
    // the figures the cancel changed are asked again wherever they show
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['commission'] });
  });

  it("keeps the dialog open with the server's message when the cancel is refused", async () => {
    listed.mockImplementation(() => page([submitted]));
    update.mockRejectedValue(new ApiError('The order changed meanwhile; reload and try again.', 'response', 409, true));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'you have 1 order(s)' });

    await user.selectOptions(screen.getByRole('combobox'), 'Cancel order');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));

    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'The order changed meanwhile; reload and try again.',
    );
  });

  it("opens the update page from 'update Order', which is disabled on a cancelled order", async () => {
    listed.mockImplementation(() => page([submitted, cancelled]));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'you have 2 order(s)' });

    expect(within(card('333-3333333-3333333')).getByRole('button', { name: /update Order/ })).toBeDisabled();
    await user.click(within(card('111-1111111-1111111')).getByRole('button', { name: /update Order/ }));

    expect(screen.getByTestId('where')).toHaveTextContent('/agent/update/order/order-s');
  });

  it("says 'no order found' when there are none", async () => {
    listed.mockImplementation(() => page([]));
    renderPage();

    expect(await screen.findByText('no order found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'you have 0 order(s)' })).toBeInTheDocument();
  });

  it("shows 'Loading...' and then the server's message, or the screen's fallback, when the list fails", async () => {
    listed.mockRejectedValueOnce(new ApiError('Request failed with status code 500', 'response', 500, false));
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch order');

    listed.mockRejectedValueOnce(new ApiError('No response received from server.', 'network'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No response from server');
  });

  it('pages through the server', async () => {
    listed.mockImplementation((_id, params) => page(params?.page === 2 ? [reviewed] : [submitted], 11));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('111-1111111-1111111');

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('222-2222222-2222222')).toBeInTheDocument();
    expect(listed).toHaveBeenLastCalledWith('agent-1', { AgentStatus: undefined, page: 2, limit: 10 });
    expect(screen.getByTestId('where')).toHaveTextContent('/agent/orders?page=2');
  });

  it('exports the orders under the chosen chip as CSV, counting the bytes, and shows why an export failed', async () => {
    listed.mockImplementation(() => page([reviewed], 1));
    let progress: DownloadOptions['onProgress'];
    let refuse: (error: unknown) => void = () => {};
    vi.mocked(downloadOrdersCsv).mockImplementation(
      (_filters, options = {}) =>
        new Promise((_resolve, reject) => {
          progress = options.onProgress;
          refuse = reject;
        }),
    );
    const user = userEvent.setup();
    renderPage('/agent/orders?status=Reviewed&page=1');
    await screen.findByText('222-2222222-2222222');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloadOrdersCsv).toHaveBeenCalledWith({ AgentStatus: 'Reviewed' }, expect.anything());
    act(() => progress?.(2_400_000));
    expect(screen.getByRole('button', { name: 'Exporting… 2.4 MB' })).toBeDisabled();

    await act(async () => refuse(new ApiError('The export could not be made.', 'response', 500, true)));
    expect(screen.getByRole('alert')).toHaveTextContent('The export could not be made.');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
