/**
 * /admin/payouts/agent/:id (admin): one agent's payable orders (docs/domain.md, Payouts). The
 * admin ticks the orders one payment covers, sees their count and sum as they go, enters the
 * payment's reference and confirms; the payout is all or nothing, so a refusal (409) names the
 * orders at fault and nothing was paid. The orders on hold are listed apart, each with why and a
 * link to it (docs/domain.md, Payouts: what is owed). On a phone the selection's count and total
 * and Pay stay on screen (a sticky bar). Below, the payouts this agent was paid.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, createPayout, errorMessage, ltr, translateMessage } from 'shared-api';
import {
  ACCOUNT_CHANGE_CONFIRM_HOURS,
  type HeldOrderList,
  MAX_PAYOUT_REFERENCE_LENGTH,
  PAYOUT_ROUTE,
  type Payout,
  type PayoutOrder,
  payoutConflictSchema,
  payoutInputSchema,
  routePath,
  sumCommission,
  UPDATE_ORDER_ROUTE,
} from 'shared-api/contract';
import { DataTable, type DataTableColumn } from 'shared-ui/data-table';
import { FilterChips } from 'shared-ui/filter-chips';
import { ConfirmStep, useConfirmStep } from 'shared-ui/form/confirm-step';
import { TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { formatDate, formatDateTime, formatRs } from 'shared-ui/lib/format';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { agentStatusLabel } from 'shared-ui/lib/order-display';
import { payoutAccountText } from 'shared-ui/lib/payout-account-display';
import {
  PAYABLE_STATUS_OPTIONS,
  PAYOUT_LIST_PARAMS,
  PAYOUTS_PAGE_SIZE,
  payableFilter,
  readPageParam,
  readPayableStatus,
  withParams,
} from 'shared-ui/lib/payout-list';
import { payoutQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { useSubmission } from 'shared-ui/lib/use-submission';
import { PAYOUTS_FETCH_FAILED, PayoutsTable } from 'shared-ui/payouts/payouts-table';
import { t, useT } from '../i18n';
import { agentFromState, noPayableOrders, onHoldText, RetryButton } from './payouts-common';
import './payouts.css';

/** Why a suspended agent's orders cannot be paid, above the list. */
export function suspendedNotice(agentName: string): string {
  return t('admin.payable.suspended', { name: agentName });
}

/** The 24-hour notice beside Pay: what changed and when. */
export function accountChangeNotice(changedAt: string, previous: string, now: string): string {
  return t('admin.payable.accountChanged', { date: ltr(formatDateTime(changedAt)), previous, now });
}

/** The 409 of a payout inside the 24 hours, as this screen says it before asking the server. */
function confirmRequiredText(): string {
  return t('admin.payable.confirmRequired', { hours: ACCOUNT_CHANGE_CONFIRM_HOURS });
}

/** The form holds the reference; the orders are the ticked rows (the same contract rules). */
const referenceSchema = payoutInputSchema.pick({ reference: true });

/** The confirmation's question: "Pay 12 orders, Rs 3,400, to Ali Khan?" */
export function payQuestion(count: number, total: number, agentName: string): string {
  return t('admin.payable.question', { count, amount: ltr(formatRs(total)), name: agentName });
}

/** What the payout's page says once paid; the same reference again answers the first payout, and says so. */
function paidNotice(payout: Payout, asked: readonly string[], agentName: string): string {
  const same = payout.orderIds.length === asked.length && asked.every((id) => payout.orderIds.includes(id));
  if (!same) {
    return t('admin.payable.alreadyPaid', {
      name: agentName,
      reference: ltr(payout.reference),
      date: ltr(formatDate(payout.createdAt)),
    });
  }
  return t('admin.payable.paid', { count: payout.orders, amount: ltr(formatRs(payout.total)), name: agentName });
}

interface Refusal {
  message: string;
  /** the orders the server named; empty when the refusal is not about orders */
  orderIds: ReadonlySet<string>;
}

/** The server's 409 in the contract's shape, when a payout is refused for a conflict. */
function conflictOf(error: unknown) {
  const conflict =
    error instanceof ApiError && error.status === 409 ? payoutConflictSchema.safeParse(error.data) : undefined;
  return conflict?.success ? conflict.data : null;
}

/** A refusal of the reference alone (it paid another agent): its message, else null. */
function referenceConflict(error: unknown): string | null {
  const conflict = conflictOf(error);
  return conflict && conflict.orderIds.length === 0 ? conflict.message : null;
}

/** A refusal of the payout: the message, and the orders it names. */
function refusalOf(error: unknown): Refusal {
  return {
    message: errorMessage(error, t('admin.payable.payoutFailed')),
    orderIds: new Set(conflictOf(error)?.orderIds ?? []),
  };
}

export function PayableOrdersPage() {
  const t = useT();
  const { id: agentId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = readPayableStatus(params);
  const historyPage = readPageParam(params, PAYOUT_LIST_PARAMS.historyPage);

  const orders = useResource(
    payoutQueries.payableOrders(agentId, payableFilter(status)),
    t('admin.payable.ordersFailed'),
  );
  const held = useResource(payoutQueries.heldOrders(agentId, payableFilter(status)), t('admin.payable.heldFailed'));
  const review = useResource(payoutQueries.accountReview(agentId), t('admin.payable.accountFailed'));
  const accountChange = review.data?.change ?? null;
  const [accountConfirmed, setAccountConfirmed] = useState(false);
  const history = useResource(
    payoutQueries.list({ agentId, page: historyPage, limit: PAYOUTS_PAGE_SIZE }),
    PAYOUTS_FETCH_FAILED,
  );
  const carried = agentFromState(location.state);
  const agentName = carried?.name ?? history.data?.items[0]?.agent.name ?? t('admin.payable.thisAgent');

  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const form = useZodForm(referenceSchema, { defaultValues: { reference: '' } });
  // paying is final: the reference waits for the person to confirm
  const payStep = useConfirmStep<{ reference: string }>();
  const submission = useSubmission();
  const pay = useWrite(
    ({
      confirmAccountChange,
      ...payment
    }: {
      reference: string;
      orderIds: string[];
      confirmAccountChange?: boolean;
    }) => {
      // asked only while a change of the account waits to be confirmed
      const input = { agentId, ...payment, ...(confirmAccountChange === undefined ? {} : { confirmAccountChange }) };
      // one key per submission: sent again (no answer came), it pays once
      return createPayout(input, submission.optionsFor(input));
    },
    {
      changes: CHANGES.payout,
      onSuccess: (payout, { orderIds }) =>
        navigate(routePath(PAYOUT_ROUTE.admin, { id: payout._id }), {
          state: { notice: paidNotice(payout, orderIds, agentName) },
        }),
      onError: (error) => {
        payStep.close();
        // a 409 that names no orders nor the reference: the account changed since this screen
        // read it, so show the change to confirm (by its shape: its words are in the page's language)
        if (error instanceof ApiError && error.status === 409 && !conflictOf(error)) review.reload();
        // the reference is at fault (used for another agent): said at the field, which the form then focuses
        const conflict = referenceConflict(error);
        if (conflict) form.setError('reference', { type: 'server', message: conflict });
      },
    },
  );
  const paying = pay.isPending;
  const refusal = pay.error && !referenceConflict(pay.error) ? refusalOf(pay.error) : null;

  const list: PayoutOrder[] = orders.data ?? [];
  // only what is shown counts: a filter that hides a ticked order leaves it out of the payout
  const chosen = list.filter((order) => selected.has(order._id));
  const chosenIds = chosen.map((order) => order._id);
  const total = sumCommission(chosen);

  function change(changes: Record<string, string | number>) {
    setParams((current) => withParams(current, changes), { state: location.state });
  }

  function choose(ids: readonly string[], checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
    setSelectionError(null);
  }

  function askToPay(values: { reference: string }) {
    const rule = payoutInputSchema.shape.orderIds.safeParse(chosenIds);
    if (!rule.success) {
      const message = rule.error.issues[0]?.message;
      setSelectionError(message ? translateMessage(message) : t('admin.payable.payoutFailed'));
      return;
    }
    if (accountChange && !accountConfirmed) {
      setSelectionError(confirmRequiredText());
      return;
    }
    payStep.ask({ reference: values.reference });
  }

  const refused = refusal?.orderIds ?? new Set<string>();
  const columns: ReadonlyArray<DataTableColumn<PayoutOrder>> = [
    {
      key: 'pay',
      header: <span className="ui-visually-hidden">{t('admin.payable.column.pay')}</span>,
      render: (order) => (
        // the label around it is the tap target (44 px), the box itself at least 24 px
        <label className="admin-payable-hit">
          <input
            type="checkbox"
            className="admin-payable-check"
            aria-label={t('admin.payable.payOrder', { number: order.amzOrderNumber })}
            aria-describedby={refused.has(order._id) ? 'admin-payable-refusal' : undefined}
            checked={selected.has(order._id)}
            disabled={paying}
            onChange={(event) => choose([order._id], event.target.checked)}
          />
        </label>
      ),
    },
    {
      key: 'number',
      header: t('admin.payable.column.number'),
      render: (order) => (
        <span className="admin-payable-number">
          <Link to={routePath(UPDATE_ORDER_ROUTE.staff, { id: order._id })}>
            <bdi dir="ltr">{order.amzOrderNumber}</bdi>
          </Link>
          {/* on a phone the product column goes: its name under the number instead */}
          <span className="admin-payable-product-inline">{order.product.name}</span>
          {refused.has(order._id) ? (
            <span className="admin-payable-refused">{t('admin.payable.notPayable')}</span>
          ) : null}
        </span>
      ),
    },
    { key: 'product', header: t('admin.payable.column.product'), render: (order) => order.product.name },
    {
      key: 'status',
      header: t('admin.payable.column.status'),
      render: (order) => agentStatusLabel(order.AgentStatus),
    },
    {
      key: 'placed',
      header: t('admin.payable.column.placed'),
      render: (order) => <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>,
    },
    {
      key: 'commission',
      header: t('admin.payable.column.commission'),
      render: (order) => (
        <bdi dir="ltr" className="admin-payable-amount">
          {formatRs(order.comission)}
        </bdi>
      ),
    },
  ];

  const loaded = orders.data !== undefined && !orders.error;

  return (
    <section className="admin-payouts" aria-labelledby="admin-payable-heading">
      <Link className="admin-payouts-back" to={status === 'all' ? '/admin/payouts' : `/admin/payouts?status=${status}`}>
        <span aria-hidden="true" className="admin-payouts-back-arrow">
          ←
        </span>{' '}
        {t('admin.payable.back')}
      </Link>
      <header className="admin-payouts-header">
        <h1 id="admin-payable-heading">{t('admin.payable.title', { name: agentName })}</h1>
        {carried?.email ? (
          <p className="admin-payouts-muted">
            <bdi dir="ltr">{carried.email}</bdi>
          </p>
        ) : null}
      </header>

      <FilterChips
        label={t('admin.payouts.agentStatus')}
        options={PAYABLE_STATUS_OPTIONS}
        value={status}
        onChange={(next) => change({ [PAYOUT_LIST_PARAMS.status]: next })}
      />

      {refusal ? (
        <div className="admin-payouts-refusal" role="alert" id="admin-payable-refusal">
          <p>{refusal.message}</p>
          {refusal.orderIds.size > 0 ? (
            <>
              <p>
                {t('admin.payable.marked', {
                  count: refusal.orderIds.size,
                  mark: t('admin.payable.notPayable'),
                  numbers:
                    list
                      .filter((order) => refusal.orderIds.has(order._id))
                      .map((order) => ltr(order.amzOrderNumber))
                      .join(', ') || t('admin.payable.notInList', { count: refusal.orderIds.size }),
                })}
              </p>
              <button
                type="button"
                className="ui-button ui-button-small"
                onClick={() => {
                  choose([...refusal.orderIds], false);
                  pay.reset();
                }}
              >
                {t('admin.payable.leaveOut')}
              </button>
            </>
          ) : null}
          <button
            type="button"
            className="ui-button ui-button-small"
            onClick={() => {
              pay.reset();
              orders.reload();
            }}
          >
            {t('admin.payable.reload')}
          </button>
        </div>
      ) : null}

      <div className="admin-payable-tools">
        <button
          type="button"
          className="ui-button ui-button-small"
          disabled={!loaded || list.length === 0 || paying}
          onClick={() =>
            choose(
              list.map((order) => order._id),
              true,
            )
          }
        >
          {t('admin.payable.selectAll')}
        </button>
        <button
          type="button"
          className="ui-button ui-button-small"
          disabled={chosen.length === 0 || paying}
          onClick={() =>
            choose(
              list.map((order) => order._id),
              false,
            )
          }
        >
          {t('admin.payable.selectNone')}
        </button>
      </div>
      {selectionError ? (
        <p className="admin-payouts-field-error" role="alert">
          {selectionError}
        </p>
      ) : null}

      {held.data?.suspended ? (
        <p className="admin-payable-suspended" role="status">
          {suspendedNotice(agentName)}
        </p>
      ) : null}

      {/* the columns (docs/domain.md, Payouts): pay, number, product, agent status, placed, commission; payouts.css hides the middle three on a phone */}
      <div className="admin-payable-orders">
        <DataTable
          caption={t('admin.payable.caption', { name: agentName })}
          columns={columns}
          rows={list}
          getRowKey={(order) => order._id}
          loading={orders.loading && !orders.data}
          error={orders.error}
          empty={noPayableOrders(status)}
        />
      </div>
      {orders.error ? <RetryButton onClick={orders.reload} /> : null}

      <HeldOrders held={held.data} error={held.error} onRetry={held.reload} />

      <Form
        form={form}
        onSubmit={askToPay}
        // a new try clears the last refusal, also when its own rules stop it
        onSubmitCapture={() => pay.reset()}
        busy={paying}
        className="admin-payable-form"
        aria-label={t('admin.payable.formLabel')}
      >
        <p className="admin-payable-total" aria-live="polite" aria-atomic="true">
          {loaded ? t('admin.payable.selected', { count: chosen.length, amount: ltr(formatRs(total)) }) : '\u00a0'}
        </p>
        <TextField
          control={form.control}
          name="reference"
          dir="ltr"
          label={t('admin.payable.reference')}
          hint={t('admin.payable.referenceHint')}
          required
          maxLength={MAX_PAYOUT_REFERENCE_LENGTH}
          disabled={paying}
        />
        <p className="admin-payable-account">
          {t('admin.payable.paysTo')}{' '}
          <strong className={review.data && !review.data.account ? 'admin-payouts-no-account' : undefined}>
            {review.error
              ? review.error
              : review.data
                ? payoutAccountText(review.data.account)
                : t('admin.common.loading')}
          </strong>
        </p>
        {accountChange ? (
          <div className="admin-payable-account-change">
            <p>
              {accountChangeNotice(
                accountChange.changedAt,
                payoutAccountText(accountChange.previous),
                payoutAccountText(review.data?.account),
              )}
            </p>
            <label>
              <input
                type="checkbox"
                checked={accountConfirmed}
                disabled={paying}
                onChange={(event) => {
                  setAccountConfirmed(event.target.checked);
                  setSelectionError(null);
                }}
              />
              {t('admin.payable.confirmLabel')}
            </label>
          </div>
        ) : null}
        <SubmitButton
          busy={paying}
          busyLabel={submission.retrying ? t('admin.payable.sending') : undefined}
          disabled={!loaded}
        >
          {t('admin.payable.pay')}
        </SubmitButton>
      </Form>

      <section className="admin-payouts-part" aria-labelledby="admin-agent-payouts-heading">
        <h2 id="admin-agent-payouts-heading">{t('admin.payable.historyTitle', { name: agentName })}</h2>
        <PayoutsTable
          caption={t('admin.payable.historyTitle', { name: agentName })}
          payouts={history.data?.items ?? []}
          payoutLink={(id) => routePath(PAYOUT_ROUTE.admin, { id })}
          loading={history.loading && !history.data}
          error={history.error}
          page={historyPage}
          pageSize={PAYOUTS_PAGE_SIZE}
          total={history.data?.total ?? 0}
          onPageChange={(next) => change({ [PAYOUT_LIST_PARAMS.historyPage]: next })}
        />
      </section>

      <ConfirmStep
        step={payStep}
        title={t('admin.payable.confirmTitle')}
        message={({ reference }) => (
          <>
            <p>{payQuestion(chosen.length, total, agentName)}</p>
            <p>{t('admin.payable.confirmReference', { reference: ltr(reference) })}</p>
            <p>{t('admin.payable.confirmPaidTo', { account: payoutAccountText(review.data?.account) })}</p>
          </>
        )}
        confirmLabel={t('admin.payable.pay')}
        busy={paying}
        onConfirm={({ reference }) => {
          if (!paying) {
            pay.mutate({
              reference,
              orderIds: chosenIds,
              confirmAccountChange: accountChange ? accountConfirmed : undefined,
            });
          }
        }}
      />
    </section>
  );
}

/** The agent's orders on hold: their count and sum, each order with why and a link to it. */
function HeldOrders({
  held,
  error,
  onRetry,
}: {
  held: HeldOrderList | undefined;
  error: string | null;
  onRetry: () => void;
}) {
  const t = useT();
  if (error) {
    return (
      <div className="admin-payouts-refusal" role="alert">
        <p>{error}</p>
        <RetryButton onClick={onRetry} />
      </div>
    );
  }
  if (!held || held.orders === 0) return null;
  return (
    <section className="admin-payable-held" aria-labelledby="admin-payable-held-heading">
      <h2 id="admin-payable-held-heading">{onHoldText(held)}</h2>
      <p className="admin-payouts-muted">
        {held.suspended ? t('admin.payable.heldNoteSuspended') : t('admin.payable.heldNote')}
      </p>
      <ul className="admin-payable-held-list">
        {held.items.map((order) => (
          <li key={order._id}>
            <Link className="admin-payable-held-number" to={routePath(UPDATE_ORDER_ROUTE.staff, { id: order._id })}>
              <bdi dir="ltr">{order.amzOrderNumber}</bdi>
            </Link>
            <bdi dir="ltr" className="admin-payable-amount">
              {formatRs(order.comission)}
            </bdi>
            <span className="admin-payable-held-why">{order.holds.map((hold) => hold.label).join('; ')}</span>
          </li>
        ))}
      </ul>
      {held.items.length < held.orders ? (
        <p className="admin-payouts-muted">{t('admin.payable.heldFirst', { count: held.items.length })}</p>
      ) : null}
    </section>
  );
}
