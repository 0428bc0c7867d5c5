import { apiList, apiRequest, type Page } from './client';
import type { FlagCode } from './contract/constants';
import type { CsvLanguage } from './contract/csv-export';
import type {
  FlagDismissInput,
  HeldOrders,
  Order,
  OrderAgentUpdateInput,
  OrderCreateInput,
  OrderHistory,
  OrderManagerUpdateInput,
  OrderSearchQuery,
  OrderStats,
} from './contract/schemas';
import type { ListParams } from './products';
import type { SubmitOptions } from './submit';
import { submit } from './submit-loader';

/**
 * An order list's filters: today's chips (AgentStatus, comissionStatus) and the staff search
 * (q, agentId, productId, from, to, sort), as the server reads them. An agent's list and export
 * use only the chips; the server scopes every list to what the caller may see.
 */
export interface OrderFilter extends ListParams, OrderSearchQuery {}

export const fetchManagerOrders = (params: OrderFilter = {}): Promise<Page<Order>> =>
  apiList<Order>('/api/manager/orders', { ...params });

export const fetchAllOrders = (params: OrderFilter = {}): Promise<Page<Order>> =>
  apiList<Order>('/api/orders/all', { ...params });

export const fetchAgentOrders = (userId: string, params: OrderFilter = {}): Promise<Page<Order>> =>
  apiList<Order>(`/api/agents/${encodeURIComponent(userId)}/orders`, { ...params });

export async function fetchOrder(id: string): Promise<Order> {
  const { data } = await apiRequest<Order>(`/api/order/${encodeURIComponent(id)}`);
  return data;
}

/** Places the order; sent again with its Idempotency-Key while no answer comes (./submit.ts). */
export async function createOrder(input: OrderCreateInput, options: SubmitOptions = {}): Promise<Order> {
  const { data } = await submit<Order>('/api/orders', { method: 'POST', data: input, ...options });
  return data;
}

/**
 * `input.version`: the order's as loaded, so a save over someone else's change is refused (409), not lost.
 * Sent again with its Idempotency-Key while no answer comes (./submit.ts).
 */
export async function updateOrderAsAgent(
  id: string,
  input: OrderAgentUpdateInput,
  options: SubmitOptions = {},
): Promise<Order> {
  const { data } = await submit<Order>(`/api/orders/agent/${encodeURIComponent(id)}`, {
    method: 'PUT',
    data: input,
    ...options,
  });
  return data;
}

/** `input.version`: the order's as loaded, so a save over someone else's change is refused (409), not lost. */
export async function updateOrderAsManager(id: string, input: OrderManagerUpdateInput): Promise<Order> {
  const { data } = await apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}`, { method: 'PUT', data: input });
  return data;
}

export async function fetchOrderStats(): Promise<OrderStats> {
  const { data } = await apiRequest<OrderStats>('/api/stats/orders');
  return data;
}

/** The order's history, oldest first (docs/domain.md, Order history). */
export async function fetchOrderHistory(id: string): Promise<OrderHistory> {
  const { data } = await apiRequest<OrderHistory>(`/api/orders/${encodeURIComponent(id)}/history`);
  return data;
}

export interface DownloadOptions {
  /** bytes received so far: an export is streamed, so there is no total to make a fraction of */
  onProgress?: (bytesReceived: number) => void;
  signal?: AbortSignal;
  /** the language of the file's column names (English unless asked) */
  language?: CsvLanguage;
}

/** The query an export adds for its header row's language: none for English, the default. */
export const csvLanguageParams = (language: CsvLanguage | undefined): { language?: CsvLanguage } =>
  language && language !== 'en' ? { language } : {};

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * The file name a Content-Disposition header gives (RFC 6266: `filename*` wins over `filename`),
 * reduced to a plain name; undefined when it gives none.
 */
export function filenameFromDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*[\w-]*'[^']*'([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      name = decodeURIComponent(extended);
    } catch {
      // a malformed escape: fall back to the plain filename
    }
  }
  name ??=
    /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1]?.replace(/\\(.)/g, '$1') ??
    /filename\s*=\s*([^;\s"]+)/i.exec(header)?.[1];
  // a name, never a path
  const plain = name?.split(/[\\/]/).pop()?.trim();
  return plain ? plain : undefined;
}

/** The name the server gives an export, for when its header cannot be read (a UTC day, as the server's). */
function defaultExportName(): string {
  return `orders-${new Date().toISOString().slice(0, 10)}.csv`;
}

/** An export of many orders streams for a while on a slow line; the person can cancel it sooner. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/**
 * The orders a list shows, as CSV (`GET /api/orders/export.csv`, with the session's token):
 * an admin's all orders, a manager's its products' orders, an agent's its own, narrowed by the
 * list's filters (its page is left out: the export has every matching row).
 */
export async function downloadOrdersCsv(
  filters: OrderFilter = {},
  { onProgress, signal, language }: DownloadOptions = {},
): Promise<DownloadedFile> {
  const { page: _page, limit: _limit, ...params } = filters;
  const { data, headers } = await apiRequest<Blob>('/api/orders/export.csv', {
    params: { ...params, ...csvLanguageParams(language) },
    responseType: 'blob',
    onDownloadProgress: onProgress,
    signal,
    timeout: EXPORT_TIMEOUT_MS,
  });
  return { blob: data, filename: filenameFromDisposition(headers['content-disposition']) ?? defaultExportName() };
}

// --- fraud signals (docs/domain.md, Fraud signals) ---
/** An admin dismisses an order's flag with a note; answers the order with its flags. */
export async function dismissOrderFlag(id: string, code: FlagCode, input: FlagDismissInput): Promise<Order> {
  const { data } = await apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}/flags/${encodeURIComponent(code)}`, {
    method: 'PUT',
    data: input,
  });
  return data;
}

/** How many unpaid orders a flag holds (admins). */
export async function fetchHeldOrders(): Promise<HeldOrders> {
  const { data } = await apiRequest<HeldOrders>('/api/orders/held');
  return data;
}
