/**
 * The alerts in the query cache (docs/architecture.md, Live alerts): the shell hands every update
 * of the live stream to applyLiveAlert, and the alert center hands it the answer of 'mark all
 * read'. Both write what they know into the cached reads instead of asking the server again.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import type { AlertPage, ListParams, LiveAlertUpdate } from 'shared-api';
import { type Alert, UPDATE_ORDER_ROUTE } from 'shared-api/contract';
import { CHANGES } from './mutations';
import { alertQueries, RESOURCES } from './queries';

const ALERT_PAGES = [RESOURCES.alerts, 'page'] as const;

/**
 * What an alert tells of, as the write that sent it would invalidate (./mutations.ts): the alerts
 * themselves are written into the cache instead. A payout's alert names no order: every order goes.
 */
const CONCERNS = {
  order_placed: CHANGES.order,
  order_status: CHANGES.order,
  commission_status: CHANGES.order,
  product_approved: CHANGES.product,
  // the account's own approval changes nothing a screen has cached
  user_approved: [],
  // an agent's new payout account: the admins' payout screens show it
  payout_account_changed: CHANGES.payoutAccount,
} as const satisfies Record<Alert['type'], readonly string[]>;

/**
 * A live update into the cache: a new alert goes on top of every cached first page of the alert
 * center (later pages shift by one, so they are asked again when shown) and what it concerns is
 * asked again; an unread count is the badge's and every page's.
 */
export function applyLiveAlert(client: QueryClient, update: LiveAlertUpdate): void {
  if (update.kind === 'unread') {
    setUnread(client, update.unread);
    return;
  }
  addToFirstPages(client, update.alert);
  for (const queryKey of concerns(update.alert)) void client.invalidateQueries({ queryKey });
}

/** 'Mark all read' answered `answer` for the page at `params`: that page and the badge take it, every other page is asked again when shown. */
export function applyAlertsMarkedRead(client: QueryClient, params: ListParams, answer: AlertPage): void {
  void client.invalidateQueries({ queryKey: ALERT_PAGES, refetchType: 'none' });
  client.setQueryData(alertQueries.page(params).queryKey, answer);
  client.setQueryData(alertQueries.unread().queryKey, answer.unread);
}

function setUnread(client: QueryClient, unread: number): void {
  client.setQueryData(alertQueries.unread().queryKey, unread);
  client.setQueriesData<AlertPage>({ queryKey: ALERT_PAGES }, (page) => (page ? { ...page, unread } : page));
}

function addToFirstPages(client: QueryClient, alert: Alert): void {
  for (const query of client.getQueryCache().findAll({ queryKey: ALERT_PAGES })) {
    const params = (query.queryKey[2] ?? {}) as ListParams;
    if ((params.page ?? 1) !== 1) {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
      continue;
    }
    const page = query.state.data as AlertPage | undefined;
    // a reconnected stream sends again what it may have sent: each alert once
    if (!page || page.alerts.some((shown) => shown._id === alert._id)) continue;
    client.setQueryData<AlertPage>(query.queryKey, {
      ...page,
      alerts: [alert, ...page.alerts].slice(0, params.limit ?? Number.POSITIVE_INFINITY),
      total: page.total + 1,
    });
  }
}

function concerns(alert: Alert): QueryKey[] {
  const path = alert.link.split(/[?#]/)[0] ?? '';
  const orderId = Object.values(UPDATE_ORDER_ROUTE)
    .map((pattern) => matchPath(pattern, path)?.params.id)
    .find((id) => id !== undefined);
  return CONCERNS[alert.type]
    .filter((resource) => resource !== RESOURCES.alerts)
    .map((resource) => (resource === RESOURCES.order && orderId ? [resource, orderId] : [resource]));
}
