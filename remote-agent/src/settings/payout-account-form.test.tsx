import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, fetchOwnPayoutAccount, savePayoutAccount } from 'shared-api';
import { PAYOUT_ACCOUNT_MESSAGES, type PayoutAccount } from 'shared-api/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { PAYOUT_ACCOUNT_FAILED, PayoutAccountSection } from './payout-account-form';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  fetchOwnPayoutAccount: vi.fn(),
  savePayoutAccount: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const own = vi.mocked(fetchOwnPayoutAccount);
const save = vi.mocked(savePayoutAccount);

const SAVED: PayoutAccount = {
  method: 'bank',
  account: 'PK36SCBL0000001123456702',
  holderName: 'Hira Gill',
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
};

describe('PayoutAccountSection', () => {
  beforeEach(() => {
    own.mockReset().mockResolvedValue(null);
    save.mockReset();
  });

  it("says to add one while the agent has none, and saves a wallet in the contract's form", async () => {
    const user = userEvent.setup();
    const wallet = { ...SAVED, method: 'jazzcash', account: '+923001234567', holderName: null } as const;
    save.mockResolvedValue(wallet);
    // read again after the save: the form comes back with the account as stored
    own.mockResolvedValueOnce(null).mockResolvedValue(wallet);
    renderWithQueries(<PayoutAccountSection />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText(`${PAYOUT_ACCOUNT_MESSAGES.addOne}.`)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/JazzCash number/), '03001234567');
    await user.click(screen.getByRole('button', { name: 'save payout account' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ method: 'jazzcash', account: '+923001234567', holderName: null }),
    );
    expect(await screen.findByDisplayValue('+923001234567')).toBeInTheDocument();
    expect(screen.getByText(/Last changed/)).toBeInTheDocument();
    expect(screen.getByText(PAYOUT_ACCOUNT_MESSAGES.saved)).toBeInTheDocument();
  });

  it("refuses a mistyped IBAN and a bank without the holder's name with the contract's messages, sending nothing", async () => {
    const user = userEvent.setup();
    renderWithQueries(<PayoutAccountSection />);
    await user.selectOptions(await screen.findByLabelText(/paid by/), 'bank');
    await user.type(screen.getByLabelText(/IBAN/), 'PK36 SCBL 0000 0011 2345 6703');
    await user.click(screen.getByRole('button', { name: 'save payout account' }));
    expect(await screen.findByText(PAYOUT_ACCOUNT_MESSAGES.ibanCheckFailed)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/IBAN/));
    await user.type(screen.getByLabelText(/IBAN/), 'PK36 SCBL 0000 0011 2345 6702');
    await user.click(screen.getByRole('button', { name: 'save payout account' }));
    expect(await screen.findByText(PAYOUT_ACCOUNT_MESSAGES.holderNameRequired)).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the saved account, and the server's refusal when a save fails", async () => {
    const user = userEvent.setup();
    own.mockResolvedValue(SAVED);
    save.mockRejectedValue(new ApiError(PAYOUT_ACCOUNT_MESSAGES.ibanInvalid, 'response', 400, true));
    renderWithQueries(<PayoutAccountSection />);
    expect(await screen.findByDisplayValue('PK36SCBL0000001123456702')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Hira Gill')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'save payout account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYOUT_ACCOUNT_MESSAGES.ibanInvalid);
  });

  it('offers to try again when the account cannot be read', async () => {
    own.mockRejectedValue(new Error('down'));
    renderWithQueries(<PayoutAccountSection />);
    expect(await screen.findByText(PAYOUT_ACCOUNT_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'retry' })).toBeInTheDocument();
  });
});
