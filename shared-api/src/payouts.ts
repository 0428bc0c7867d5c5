/** Payouts (docs/domain.md, Payouts): an admin pays an agent's orders in one batch, for one external payment. */
import { apiList, apiRequest, type Page } from './client';
import type { AgentStatus } from './contract/constants';
import type {
  HeldOrderList,
  PayableAgent,
  PayableSummary,
  Payout,
  PayoutDetail,
  PayoutInput,
  PayoutOrder,
  PlatformCommission,
} from './contract/schemas';
import { csvLanguageParams, type DownloadedFile, type DownloadOptions, filenameFromDisposition } from './orders';
import type { ListParams } from './products';
import type { SubmitOptions } from './submit';
import { submit } from './submit-loader';

/**
 * Pays the orders: the payout (201), or the first payout when this agent was already paid with
 * this reference (200, nothing more paid). A 409 `ApiError` names the orders at fault in its
 * data's `orderIds`; nothing was paid then. Sent again with its Idempotency-Key while no answer
 * comes (./submit.ts).
 */
export async function createPayout(input: PayoutInput, options: SubmitOptions = {}): Promise<Payout> {
  const { data } = await submit<Payout>('/api/payouts', { method: 'POST', data: input, ...options });
  return data;
}

/** Payouts, newest first: an admin's all (or one agent's), an agent's its own. */
export const fetchPayouts = (params: ListParams & { agentId?: string } = {}): Promise<Page<Payout>> =>
  apiList<Payout>('/api/payouts', { ...params });

export async function fetchPayout(id: string): Promise<PayoutDetail> {
  const { data } = await apiRequest<PayoutDetail>(`/api/payouts/${encodeURIComponent(id)}`);
  return data;
}

/** The payable filter: only orders in this agent status; none means every status but cancelled. */
export interface PayableFilter {
  AgentStatus?: Exclude<AgentStatus, 'cancelled'>;
}

/** The owed list's search: the agent's name, email or phone. */
export interface PayableAgentsFilter extends PayableFilter {
  q?: string;
}

/** Agents with unpaid, not cancelled orders, the most owed first, with what is on hold (admin). */
export const fetchPayableAgents = (params: ListParams & PayableAgentsFilter = {}): Promise<Page<PayableAgent>> =>
  apiList<PayableAgent>('/api/payouts/payable', { ...params });

/** The owed list's grand total over every page: agents, payable now, on hold (admin). */
export async function fetchPayableSummary(filter: PayableAgentsFilter = {}): Promise<PayableSummary> {
  const { data } = await apiRequest<PayableSummary>('/api/payouts/payable/summary', { params: { ...filter } });
  return data;
}

/** One agent's unpaid, not cancelled orders on hold, each with why, and their count and sum (admin). */
export async function fetchAgentHeldOrders(agentId: string, filter: PayableFilter = {}): Promise<HeldOrderList> {
  const { data } = await apiRequest<HeldOrderList>(`/api/payouts/payable/${encodeURIComponent(agentId)}/held`, {
    params: { ...filter },
  });
  return data;
}

/** One agent's unpaid, not cancelled orders, oldest first (admin; at most one payout's worth). */
export async function fetchPayableOrders(agentId: string, filter: PayableFilter = {}): Promise<PayoutOrder[]> {
  const { data } = await apiRequest<PayoutOrder[]>(`/api/payouts/payable/${encodeURIComponent(agentId)}`, {
    params: { ...filter },
  });
  return data;
}

/** The platform's commission, paid and unpaid, over every order that is not cancelled (admin). */
export async function fetchPlatformCommission(): Promise<PlatformCommission> {
  const { data } = await apiRequest<PlatformCommission>('/api/admin/comission');
  return data;
}

/** An export of a payout of 1,000 orders is small, but a slow line may still take a while. */
const PAYOUT_EXPORT_TIMEOUT_MS = 5 * 60_000;

/** The payout's orders as CSV (`GET /api/payouts/{id}/export.csv`): an admin's any payout, an agent's its own. */
export async function downloadPayoutCsv(
  id: string,
  { onProgress, signal, language }: DownloadOptions = {},
): Promise<DownloadedFile> {
  const { data, headers } = await apiRequest<Blob>(`/api/payouts/${encodeURIComponent(id)}/export.csv`, {
    params: csvLanguageParams(language),
    responseType: 'blob',
    onDownloadProgress: onProgress,
    signal,
    timeout: PAYOUT_EXPORT_TIMEOUT_MS,
  });
  return { blob: data, filename: filenameFromDisposition(headers['content-disposition']) ?? `payout-${id}.csv` };
}
