/** The agent's payout account (docs/domain.md, Payout accounts): its own, and what admins see to pay it. */
import { ApiError, apiRequest } from './client';
import type { PayoutAccount, PayoutAccountInput, PayoutAccountReview } from './contract/payout-account';
import { type DownloadedFile, filenameFromDisposition } from './orders';

/** The agent's own account, whole; null while it has none (the API's 404). */
export async function fetchOwnPayoutAccount(): Promise<PayoutAccount | null> {
  try {
    const { data } = await apiRequest<PayoutAccount>('/api/user/payout-account');
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Sets or replaces the agent's account; a refusal (400) names the field in its message. */
export async function savePayoutAccount(input: PayoutAccountInput): Promise<PayoutAccount> {
  const { data } = await apiRequest<PayoutAccount>('/api/user/payout-account', { method: 'PUT', data: input });
  return data;
}

/** What the pay screen shows of an agent's account (admin): masked, and a change still to confirm. */
export async function fetchPayoutAccountReview(agentId: string): Promise<PayoutAccountReview> {
  const { data } = await apiRequest<PayoutAccountReview>(`/api/payouts/payable/${encodeURIComponent(agentId)}/account`);
  return data;
}

/** A payout's line of a bank's bulk-payment file (admin). */
export async function downloadTransferCsv(payoutId: string): Promise<DownloadedFile> {
  const { data, headers } = await apiRequest<Blob>(`/api/payouts/${encodeURIComponent(payoutId)}/transfer.csv`, {
    responseType: 'blob',
  });
  return {
    blob: data,
    filename: filenameFromDisposition(headers['content-disposition']) ?? `transfer-${payoutId}.csv`,
  };
}
