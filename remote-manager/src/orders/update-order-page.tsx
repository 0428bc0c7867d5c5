/**
 * /manager/update/order/{id}: the order read-only, a refund screenshot,
 * the order status and, for an admin, the commission paid/unpaid with its breakdown.
 * Managers change orders of their own products (the server refuses the others); paid is
 * final and a cancelled order cannot be paid, so the commission selector locks then.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiError, errorMessage, isChangedSinceLoaded, updateOrderAsManager, useSession } from 'shared-api';
import {
  COMMISSION_SPLIT,
  COMMISSION_STATUSES,
  commissionBreakdown,
  FLAG_LABELS,
  MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Order,
  type OrderManagerUpdateFormOutput,
  type OrderManagerUpdateFormValues,
  type OrderManagerUpdateInput,
  orderManagerUpdateFormSchema,
  PAYOUT_ROUTE,
  paidOnHoldNote,
  routePath,
} from 'shared-api/contract';
import { ChangedSinceLoaded } from 'shared-ui/changed-since-loaded';
import { openFlags } from 'shared-ui/flag-badge';
import { ConfirmStep, useConfirmStep } from 'shared-ui/form/confirm-step';
import { SelectField } from 'shared-ui/form/fields';
import { Form, useZodForm, type ZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { ImageField, useImageUploads } from 'shared-ui/form/image-field';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { formatRs } from 'shared-ui/lib/format';
import { imageFromUrl } from 'shared-ui/lib/image-value';
import { CHANGES, useInvalidate, useWrite } from 'shared-ui/lib/mutations';
import { ORDER_STATUS_NOT_SET } from 'shared-ui/lib/order-display';
import { orderQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { OrderCard } from 'shared-ui/order-card';
import { OrderTimeline } from 'shared-ui/order-timeline';
import { OrderFlagsPanel } from './order-flags-panel';
import './update-order-page.css';

export const PAID_LOCKED_NOTE = 'Commission is paid: it is final and can no longer be changed.';

/** The server's message, else the fallback; no answer at all: 'No response from server'. */
function orderFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'network') return MESSAGES.orderNoResponse;
  return errorMessage(error, fallback);
}

/** The breakdown's figures always show two decimals (docs/domain.md, Money). */
const formatShare = (amount: number): string => formatRs(amount, { twoDecimals: true });

const valuesFrom = (order: Order): OrderManagerUpdateFormValues => ({
  status: order.status,
  refundShot: imageFromUrl(order.refundShot),
  comissionStatus: order.comissionStatus,
});

/** An admin's timeline links the paid event to its payout; a manager has no payout screen. */
const adminPayoutLink = (payoutId: string) => routePath(PAYOUT_ROUTE.admin, { id: payoutId });

export function UpdateOrderPage() {
  const { id = '' } = useParams();
  const role = useSession((s) => s.user?.role);
  const isAdmin = role === 'admin';

  const loaded = useResource(orderQueries.one(id), (failure) => orderFailure(failure, MESSAGES.orderFetchFailed));
  // another order's answer never shows while this one loads
  const order = loaded.data?._id === id && !loaded.loading ? loaded.data : null;
  const loadError = loaded.error;
  const client = useQueryClient();
  const invalidate = useInvalidate();
  /** a save's answer is the order as stored: shown at once, and everything it changed asked again */
  function saved(answer: Order) {
    client.setQueryData(orderQueries.one(id).queryKey, answer);
    void invalidate(CHANGES.order);
  }

  const listPath = isAdmin ? '/admin/orders' : '/manager/orders';

  if (loadError) {
    return (
      <UpdateOrderLayout listPath={listPath}>
        <div className="manager-order-error" role="alert">
          <p>{loadError}</p>
          <button type="button" className="ui-button ui-button-small" onClick={loaded.reload}>
            try again
          </button>
        </div>
      </UpdateOrderLayout>
    );
  }
  if (!order) {
    return (
      <UpdateOrderLayout listPath={listPath}>
        <p role="status">Loading...</p>
      </UpdateOrderLayout>
    );
  }

  return (
    <UpdateOrderLayout listPath={listPath}>
      <OrderCard order={order} viewer={isAdmin ? 'admin' : 'manager'} />
      <OrderFlagsPanel order={order} isAdmin={isAdmin} onDismissed={saved} />
      {/* keyed by version: a save's answer or a reload starts the form afresh from the order as stored */}
      <StaffOrderForm
        key={`${order._id}:${order.version}`}
        order={order}
        isAdmin={isAdmin}
        onSaved={saved}
        onReload={loaded.reload}
      />
      <OrderTimeline orderId={order._id} payoutLink={isAdmin ? adminPayoutLink : undefined} />
    </UpdateOrderLayout>
  );
}

/** The status, the refund screenshot and, for an admin, the commission status; paying asks first. */
function StaffOrderForm({
  order,
  isAdmin,
  onSaved,
  onReload,
}: {
  order: Order;
  isAdmin: boolean;
  onSaved: (order: Order) => void;
  /** loads the order again (offered when someone changed it since it was loaded) */
  onReload: () => void;
}) {
  const form = useZodForm(orderManagerUpdateFormSchema, { defaultValues: valuesFrom(order) });
  const uploads = useImageUploads();
  // paying is final: the values wait for the person to confirm
  const paidStep = useConfirmStep<OrderManagerUpdateFormOutput>();
  const save = useWrite(
    async (values: OrderManagerUpdateFormOutput) => {
      const refundShot = await uploads.upload('refundShot', values.refundShot);
      // with the version it was loaded at, so it never overwrites a change made since
      const input: OrderManagerUpdateInput = {
        status: values.status,
        refundShot: refundShot ?? '',
        version: order.version,
      };
      if (isAdmin) input.comissionStatus = values.comissionStatus;
      return updateOrderAsManager(order._id, input);
    },
    {
      onSuccess: (answer) => {
        onSaved(answer);
        form.reset(valuesFrom(answer));
        toast.success(MESSAGES.orderUpdated);
      },
    },
  );
  const busy = save.isPending;
  // someone changed the order since it was loaded: their name and time, and a reload
  const changedSince = isChangedSinceLoaded(save.error) ? save.error.message : null;
  const { control } = form;
  const cancelled = order.AgentStatus === 'cancelled';
  const paid = order.comissionStatus === 'paid';

  function onSubmit(values: OrderManagerUpdateFormOutput) {
    if (isAdmin && !paid && values.comissionStatus === 'paid') paidStep.ask(values);
    else save.mutate(values);
  }

  return (
    <>
      <Form
        form={form}
        onSubmit={onSubmit}
        busy={busy}
        className="manager-order-form"
        aria-labelledby="manager-order-form-title"
      >
        <h2 id="manager-order-form-title" className="manager-order-form-title">
          {isAdmin ? 'status, refund and commission' : 'status and refund'}
        </h2>
        {cancelled ? (
          <p className="manager-order-note">
            This order was cancelled by the agent. You can still set its status and refund screenshot.
          </p>
        ) : null}

        <ImageField
          control={control}
          name="refundShot"
          uploads={uploads}
          id="manager-order-refund"
          label="refund screenshot"
          disabled={busy}
        />

        <SelectField
          control={control}
          name="status"
          label="order status"
          className="manager-order-field"
          disabled={busy}
        >
          <option value="">{ORDER_STATUS_NOT_SET}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>

        {isAdmin ? <CommissionFields order={order} form={form} disabled={busy} /> : null}

        {changedSince ? null : (
          <FormAlert
            error={save.error}
            fallback={(failure) => orderFailure(failure, MESSAGES.orderUpdateFailed)}
            className="manager-order-error"
          />
        )}
        {changedSince ? (
          <ChangedSinceLoaded message={changedSince} onReload={onReload} reloadLabel="reload the order" />
        ) : null}

        <div className="manager-order-actions">
          <SubmitButton busy={busy} busyLabel="saving...">
            save
          </SubmitButton>
        </div>
      </Form>

      <ConfirmStep
        step={paidStep}
        title="Mark commission paid?"
        message={`The commission of ${formatRs(order.comission)} for order ${order.amzOrderNumber} will be marked paid. This is final: it cannot be set back to unpaid.`}
        confirmLabel="mark paid and save"
        busy={busy}
        onConfirm={(values) => {
          paidStep.close();
          save.mutate(values);
        }}
      />
    </>
  );
}

function UpdateOrderLayout({ listPath, children }: { listPath: string; children: ReactNode }) {
  return (
    <section className="manager-order" aria-labelledby="manager-order-heading">
      <header className="manager-order-header">
        <h1 id="manager-order-heading">update order</h1>
        <Link className="ui-button ui-button-small manager-order-back" to={listPath}>
          back to orders
        </Link>
      </header>
      {children}
    </section>
  );
}

/** Admin only: paid/unpaid, locked once paid (final) and for a cancelled order, with the breakdown. */
function CommissionFields({
  order,
  form,
  disabled,
}: {
  order: Order;
  form: ZodForm<typeof orderManagerUpdateFormSchema>;
  disabled: boolean;
}) {
  const paid = order.comissionStatus === 'paid';
  const cancelled = order.AgentStatus === 'cancelled';
  const lockNote = paid ? PAID_LOCKED_NOTE : cancelled ? MESSAGES.cancelledOrderCannotBePaid : null;
  // a flag nobody dismissed holds the order: 'paid' is offered disabled, the reason beside it (never the flag's code)
  const holds = openFlags(order.flags).map((flag) => FLAG_LABELS[flag.code]);
  const holdNote = lockNote === null && holds.length > 0 ? paidOnHoldNote(holds) : null;
  const parts = commissionBreakdown(order.comission);
  const referrer = order.agent.referralUserId;
  const referrerName = referrer ? `${referrer.firstName} ${referrer.lastName}`.trim() : '';
  const breakdownId = 'manager-order-breakdown';

  return (
    <>
      <SelectField
        control={form.control}
        name="comissionStatus"
        label="commission status"
        className="manager-order-field"
        hint={lockNote ?? holdNote}
        disabled={disabled || lockNote !== null}
      >
        {COMMISSION_STATUSES.map((status) => {
          const held = status === 'paid' && holdNote !== null;
          return (
            <option key={status} value={status} disabled={held}>
              {held ? `${status} (on hold)` : status}
            </option>
          );
        })}
      </SelectField>

      <section className="manager-order-breakdown" aria-labelledby={breakdownId}>
        <h3 id={breakdownId}>commission breakdown of {formatRs(order.comission)}</h3>
        <dl>
          <div>
            <dt>
              referral ({COMMISSION_SPLIT.referral}%){referrerName ? ` — ${referrerName}` : ''}
            </dt>
            <dd>{formatShare(parts.referral)}</dd>
          </div>
          <div>
            <dt>
              agent ({COMMISSION_SPLIT.agent}%) — {order.agent.name}
            </dt>
            <dd>{formatShare(parts.agent)}</dd>
          </div>
          <div>
            <dt>platform fee ({COMMISSION_SPLIT.platform}%)</dt>
            <dd>{formatShare(parts.platform)}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
