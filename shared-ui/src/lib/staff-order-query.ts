/**
 * What a staff orders list shows, read from and written to its URL's query string, so a link
 * reopens the same view and Back and Forward step through the changes. Only what differs from
 * the default view is written: `/admin/orders` is every order, newest first, as cards.
 */
import type { OrderFilter } from 'shared-api';
import {
  AGENT_STATUSES,
  type AgentStatus,
  COMMISSION_STATUSES,
  type CommissionStatus,
  ORDER_SORTS,
  type OrderSort,
} from 'shared-api/contract';

export type StaffOrdersView = 'cards' | 'table';
export const STAFF_ORDERS_VIEWS: readonly StaffOrdersView[] = ['cards', 'table'];

export interface StaffOrderQuery {
  status: AgentStatus | 'all';
  /** only an admin filters by commission status */
  commission: CommissionStatus | 'all';
  /** the search text, trimmed ('' for none) */
  q: string;
  /** an agent's id, a product's id ('' for none); the server checks them */
  agentId: string;
  productId: string;
  /** days as YYYY-MM-DD, both included ('' for none); the server checks them */
  from: string;
  to: string;
  sort: OrderSort;
  /** fraud signals, admin only: 'flagged' keeps the orders with a flag nobody dismissed */
  flags: 'all' | 'flagged';
  view: StaffOrdersView;
  /** 1-based */
  page: number;
}

/** The query string's names: short words, the same in every staff list. */
export const STAFF_ORDER_PARAMS = {
  status: 'status',
  commission: 'commission',
  q: 'q',
  agentId: 'agent',
  productId: 'product',
  from: 'from',
  to: 'to',
  sort: 'sort',
  flags: 'flags',
  view: 'view',
  page: 'page',
} as const satisfies Record<keyof StaffOrderQuery, string>;

export const DEFAULT_ORDER_SORT: OrderSort = 'newest';

const DEFAULTS: StaffOrderQuery = {
  status: 'all',
  commission: 'all',
  q: '',
  agentId: '',
  productId: '',
  from: '',
  to: '',
  sort: DEFAULT_ORDER_SORT,
  flags: 'all',
  view: 'cards',
  page: 1,
};

function readStatus(value: string | null): StaffOrderQuery['status'] {
  return AGENT_STATUSES.find((status) => status.toLowerCase() === value?.toLowerCase()) ?? 'all';
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * The list's view from its URL. Text, ids and dates are kept as written, so a bad one reaches
 * the server and its message shows; chips, sort and view fall back to their default.
 */
export function readStaffOrderQuery(params: URLSearchParams, viewer: 'admin' | 'manager'): StaffOrderQuery {
  const text = (key: keyof StaffOrderQuery) => params.get(STAFF_ORDER_PARAMS[key])?.trim() ?? '';
  return {
    status: readStatus(params.get(STAFF_ORDER_PARAMS.status)),
    commission:
      viewer === 'admin'
        ? oneOf(['all', ...COMMISSION_STATUSES], params.get(STAFF_ORDER_PARAMS.commission), 'all')
        : 'all',
    q: text('q'),
    agentId: text('agentId'),
    productId: text('productId'),
    from: text('from'),
    to: text('to'),
    sort: oneOf(ORDER_SORTS, params.get(STAFF_ORDER_PARAMS.sort), DEFAULT_ORDER_SORT),
    flags: viewer === 'admin' ? oneOf(['all', 'flagged'], params.get(STAFF_ORDER_PARAMS.flags), 'all') : 'all',
    view: oneOf(STAFF_ORDERS_VIEWS, params.get(STAFF_ORDER_PARAMS.view), 'cards'),
    page: readPage(params.get(STAFF_ORDER_PARAMS.page)),
  };
}

/** What the API is asked for: the set filters only (no page or limit; the list adds them). */
export function staffOrderFilter(query: StaffOrderQuery): OrderFilter {
  const filter: OrderFilter = {};
  if (query.status !== 'all') filter.AgentStatus = query.status;
  if (query.commission !== 'all') filter.comissionStatus = query.commission;
  if (query.q) filter.q = query.q;
  if (query.agentId) filter.agentId = query.agentId;
  if (query.productId) filter.productId = query.productId;
  if (query.from) filter.from = query.from;
  if (query.to) filter.to = query.to;
  if (query.sort !== DEFAULT_ORDER_SORT) filter.sort = query.sort;
  if (query.flags === 'flagged') filter.flagged = 'true';
  return filter;
}

/**
 * The query string after a change: a default value leaves the URL, anything else is written,
 * and any change but a page's starts again at page 1 (the old page may not exist any more).
 */
export function changeStaffOrderQuery(current: URLSearchParams, changes: Partial<StaffOrderQuery>): URLSearchParams {
  const next = new URLSearchParams(current);
  if (!('page' in changes)) next.delete(STAFF_ORDER_PARAMS.page);
  for (const [key, value] of Object.entries(changes) as Array<[keyof StaffOrderQuery, string | number]>) {
    const name = STAFF_ORDER_PARAMS[key];
    const text = typeof value === 'string' ? value.trim() : String(value);
    if (value === DEFAULTS[key] || text === '') next.delete(name);
    else next.set(name, text);
  }
  return next;
}
