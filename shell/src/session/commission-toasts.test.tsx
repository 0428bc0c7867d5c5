import { act, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { useSession } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { CommissionToasts } from './commission-toasts';

function renderToasts() {
  return render(
    <>
      <ToastContainer />
      <CommissionToasts />
    </>,
  );
}

describe('commission toasts', () => {
  afterEach(() => useSession.setState({ commission: null, commissionStatus: 'idle', commissionError: null }));

  it.each([MESSAGES.commissionFetchFailed, MESSAGES.commissionFetchError])(
    'shows "%s" when a load fails',
    async (message) => {
      renderToasts();

      act(() => useSession.setState({ commissionStatus: 'loading', commissionError: null }));
      act(() => useSession.setState({ commissionStatus: 'failed', commissionError: message }));

      expect(await screen.findByText(message)).toBeInTheDocument();
    },
  );

  it('says nothing when the figures load', async () => {
    renderToasts();

    act(() => useSession.setState({ commissionStatus: 'loading' }));
    act(() =>
      useSession.setState({
        commissionStatus: 'loaded',
        commission: { success: true, paidCommission: 1, unpaidCommission: 2, orders: 3 },
      }),
    );

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
