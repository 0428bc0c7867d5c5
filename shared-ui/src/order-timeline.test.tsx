import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, fetchOrderHistory, setLocale } from 'shared-api';
import type { OrderHistory } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from './lib/format';
import { HISTORY_EMPTY, HISTORY_LOAD_FAILED, HISTORY_LOADING, OrderTimeline } from './order-timeline';
import { renderWithQueries } from './test/render';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchOrderHistory: vi.fn(),
}));

const getHistory = vi.mocked(fetchOrderHistory);

const hira = { _id: 'agent-1', name: 'Hira Gill', role: 'agent' } as const;

/** As the API sends it: oldest first. */
const history: OrderHistory = [
  {
    _id: 'e1',
    at: '2026-11-20T09:00:00.000Z',
    actor: hira,
    action: 'placed',
    changes: {},
  },
  {
    _id: 'e2',
    at: '2026-11-21T09:30:00.000Z',
    actor: hira,
    action: 'updated',
    changes: { amzOrderNumber: { from: '111-1111111-1111111', to: '222-2222222-2222222' } },
  },
  {
    _id: 'e3',
    at: '2026-11-22T15:04:00.000Z',
    actor: { _id: 'admin-1', name: 'Admin', role: 'admin' },
    action: 'commission',
    changes: { comissionStatus: { from: 'unpaid', to: 'paid' } },
  },
];

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function events() {
  const list = await screen.findByRole('list');
  return within(list).getAllByRole('listitem');
}

describe('OrderTimeline', () => {
  beforeEach(() => {
    getHistory.mockReset();
  });

  it("shows the order's history under its heading, newest first, with who did what and when", async () => {
    getHistory.mockResolvedValue(history);
    renderWithQueries(<OrderTimeline orderId="order-1" />);

    const section = screen.getByRole('region', { name: 'History' });
    expect(within(section).getByRole('heading', { level: 2, name: 'History' })).toBeInTheDocument();
    const items = await events();
    expect(getHistory).toHaveBeenCalledWith('order-1');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Admin marked the commission paid',
      'Hira Gill changed the order number from 111-1111111-1111111 to 222-2222222-2222222',
      'Hira Gill placed the order',
    ]);
    const [newest] = items;
    const time = newest?.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-11-22T15:04:00.000Z');
    expect(time).toHaveTextContent(formatDateTime('2026-11-22T15:04:00.000Z'));
    expect(newest).toHaveTextContent('as admin');
    expect(section).not.toHaveAttribute('aria-busy');
  });

  it('numbers the events from the first one, though the newest leads', async () => {
    getHistory.mockResolvedValue(history);
    renderWithQueries(<OrderTimeline orderId="order-1" />);
    await events();
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(list).toHaveAttribute('reversed');
  });

  it('says it is loading, busy, until the history comes', async () => {
    const answer = deferred<OrderHistory>();
    getHistory.mockReturnValue(answer.promise);
    renderWithQueries(<OrderTimeline orderId="order-1" />);

    expect(screen.getByRole('status')).toHaveTextContent(HISTORY_LOADING);
    expect(screen.getByRole('region', { name: 'History' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    answer.resolve(history);
    expect(await events()).toHaveLength(3);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when nothing is recorded yet', async () => {
    getHistory.mockResolvedValue([]);
    renderWithQueries(<OrderTimeline orderId="order-1" />);
    expect(await screen.findByText(HISTORY_EMPTY)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the server's message and loads again on 'Try again'", async () => {
    getHistory.mockRejectedValueOnce(new ApiError('Order not found.', 'response', 404, true));
    getHistory.mockResolvedValueOnce(history);
    const user = userEvent.setup();
    renderWithQueries(<OrderTimeline orderId="order-1" />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Order not found.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await events()).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getHistory).toHaveBeenCalledTimes(2);
  });

  it('says the history could not be loaded when the server gives no message', async () => {
    getHistory.mockRejectedValue(new ApiError('Request failed', 'response', 500, false));
    renderWithQueries(<OrderTimeline orderId="order-1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(HISTORY_LOAD_FAILED);
  });

  it('asks again when the history is invalidated, keeping the list shown meanwhile', async () => {
    getHistory.mockResolvedValueOnce(history.slice(0, 2));
    const { client } = renderWithQueries(<OrderTimeline orderId="order-1" />);
    expect(await events()).toHaveLength(2);

    const answer = deferred<OrderHistory>();
    getHistory.mockReturnValueOnce(answer.promise);
    // what a save of the order does (CHANGES.order)
    void client.invalidateQueries({ queryKey: ['order'] });
    await waitFor(() => expect(screen.getByRole('region', { name: 'History' })).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    answer.resolve(history);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Admin marked the commission paid');
    expect(getHistory).toHaveBeenCalledTimes(2);
  });

  it("never shows another order's history while a new order's loads", async () => {
    getHistory.mockResolvedValueOnce(history);
    const { rerender } = renderWithQueries(<OrderTimeline orderId="order-1" />);
    expect(await events()).toHaveLength(3);

    getHistory.mockReturnValueOnce(new Promise(() => {}));
    rerender(<OrderTimeline orderId="order-2" />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(HISTORY_LOADING);
    expect(getHistory).toHaveBeenLastCalledWith('order-2');
  });

  describe('the payout that paid the order', () => {
    const paidInPayout: OrderHistory = [
      ...history.slice(0, 2),
      { ...(history[2] as OrderHistory[number]), payout: { _id: 'payout-7', reference: 'PP-4411' } },
    ];

    it('names the payout on the paid event, as a link to it when the screen gives one', async () => {
      getHistory.mockResolvedValue(paidInPayout);
      renderWithQueries(
        <MemoryRouter>
          <OrderTimeline orderId="order-1" payoutLink={(id) => `/admin/payouts/${id}`} />
        </MemoryRouter>,
      );
      const [paid, ...others] = await events();
      expect(paid).toHaveTextContent('Admin marked the commission paid');
      expect(paid).toHaveTextContent('Paid in payout PP-4411');
      expect(within(paid as HTMLElement).getByRole('link', { name: 'PP-4411' })).toHaveAttribute(
        'href',
        '/admin/payouts/payout-7',
      );
      for (const other of others) expect(other).not.toHaveTextContent('Paid in payout');
    });

    it('names it as text only when the screen gives no link (a manager)', async () => {
      getHistory.mockResolvedValue(paidInPayout);
      renderWithQueries(<OrderTimeline orderId="order-1" />);
      const [paid] = await events();
      expect(paid).toHaveTextContent('Paid in payout PP-4411');
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
    });
  });
});

describe('OrderTimeline in Urdu', () => {
  beforeEach(() => {
    getHistory.mockReset();
  });

  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('tells the history in Urdu sentences, the order numbers kept left to right', async () => {
    await act(() => setLocale('ur'));
    getHistory.mockResolvedValue(history);
    renderWithQueries(<OrderTimeline orderId="order-1" />);

    const section = screen.getByRole('region', { name: 'تاریخچہ' });
    const items = await events();
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Admin نے کمیشن کو ادا شدہ قرار دیا',
      'Hira Gill نے آرڈر نمبر \u2066111-1111111-1111111\u2069 سے بدل کر \u2066222-2222222-2222222\u2069 کیا',
      'Hira Gill نے آرڈر دیا',
    ]);
    expect(items[0]).toHaveTextContent('بطور ایڈمن');
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('تاریخچہ');
  });

  it('joins several changes the Urdu way, and says it has none in Urdu', async () => {
    await act(() => setLocale('ur'));
    getHistory.mockResolvedValue([
      {
        _id: 'e1',
        at: '2026-11-21T09:30:00.000Z',
        actor: { _id: 'm1', name: '', role: 'manager' },
        action: 'updated',
        changes: {
          buyerName: { from: 'Bilal', to: 'Sana' },
          refundShot: { from: null, to: 'https://images.example.com/r.png' },
          comments: { from: 'x', to: '' },
        },
      },
    ]);
    const { unmount } = renderWithQueries(<OrderTimeline orderId="order-1" />);
    const [only] = await events();
    expect(only?.querySelector('p')).toHaveTextContent(
      'ایک مینیجر نے خریدار کا نام \u2066Bilal\u2069 سے بدل کر \u2066Sana\u2069 کیا، ریفنڈ کا اسکرین شاٹ شامل کیا، اور تبصرے ہٹا دیے',
    );
    unmount();

    getHistory.mockResolvedValue([]);
    renderWithQueries(<OrderTimeline orderId="order-2" />);
    expect(await screen.findByText('ابھی تک کوئی تبدیلی درج نہیں ہوئی۔')).toBeInTheDocument();
  });
});
