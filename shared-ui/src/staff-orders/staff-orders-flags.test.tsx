import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fetchAllOrders, fetchManagerOrders } from 'shared-api';
import type { OrderFlag } from 'shared-api/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderCard } from '../order-card';
import { StaffOrdersScreen } from '../staff-orders-screen';
import { orderFixture } from '../test/fixtures';
import { renderWithQueries } from '../test/render';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchAllOrders: vi.fn(),
  fetchManagerOrders: vi.fn(),
}));

const allOrders = vi.mocked(fetchAllOrders);
const managerOrders = vi.mocked(fetchManagerOrders);

const paypalShared: OrderFlag = {
  code: 'paypal-shared',
  message: "The buyer's PayPal is also on an order of another agent.",
  relatedOrderIds: ['ord-other'],
  dismissed: false,
};
const flagged = orderFixture({ _id: 'ord-1', amzOrderNumber: '111-1111111-1111111', flags: [paypalShared] });
const dismissed = orderFixture({
  _id: 'ord-2',
  amzOrderNumber: '222-2222222-2222222',
  flags: [{ ...paypalShared, dismissed: true }],
});
const clean = orderFixture({ _id: 'ord-3', amzOrderNumber: '333-3333333-3333333', flags: [] });

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderScreen(path: string, viewer: 'admin' | 'manager') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/orders" element={<StaffOrdersScreen viewer={viewer} />} />
        <Route path="/manager/orders" element={<StaffOrdersScreen viewer={viewer} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('fraud signals on the staff orders list', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    allOrders.mockResolvedValue({ items: [flagged, dismissed, clean], total: 3 });
    managerOrders.mockResolvedValue({ items: [flagged, clean], total: 2 });
  });

  it('badges only the cards of orders with a flag nobody dismissed, naming the flag', async () => {
    renderScreen('/admin/orders', 'admin');
    const cards = await screen.findAllByRole('article');
    const badgeOf = (index: number) => within(cards[index] as HTMLElement).queryByText('flagged');
    expect(badgeOf(0)).toHaveTextContent('flagged: PayPal shared with another agent');
    expect(badgeOf(1)).toBeNull();
    expect(badgeOf(2)).toBeNull();
  });

  it('badges the flagged row of the table view', async () => {
    renderScreen('/admin/orders?view=table', 'admin');
    const rows = await screen.findAllByRole('row');
    const flaggedRow = rows.find((row) => row.textContent?.includes('111-1111111-1111111'));
    expect(within(flaggedRow as HTMLElement).getByText('flagged')).toBeInTheDocument();
    const cleanRow = rows.find((row) => row.textContent?.includes('333-3333333-3333333'));
    expect(within(cleanRow as HTMLElement).queryByText('flagged')).toBeNull();
  });

  it("narrows the admin's list to flagged orders with the flagged chip, kept in the URL", async () => {
    renderScreen('/admin/orders', 'admin');
    await screen.findAllByRole('article');
    const chips = screen.getByRole('group', { name: 'fraud' });
    await userEvent.click(within(chips).getByRole('button', { name: 'flagged' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?flags=flagged'));
    await waitFor(() => expect(allOrders).toHaveBeenLastCalledWith(expect.objectContaining({ flagged: 'true' })));
    expect(within(chips).getByRole('button', { name: 'flagged' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives a manager the badge but not the chip', async () => {
    renderScreen('/manager/orders?flags=flagged', 'manager');
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0] as HTMLElement).getByText('flagged')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'fraud' })).toBeNull();
    expect(managerOrders).toHaveBeenCalledWith(expect.not.objectContaining({ flagged: expect.anything() }));
  });

  it('never shows an agent a badge, whatever the order carries', () => {
    renderWithQueries(
      <MemoryRouter>
        <OrderCard order={flagged} viewer="agent" />
      </MemoryRouter>,
    );
    expect(screen.queryByText('flagged')).toBeNull();
  });
});
