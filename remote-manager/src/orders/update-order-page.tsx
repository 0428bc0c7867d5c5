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
import {
  ApiError,
  errorMessage,
  isChangedSinceLoaded,
  ltr,
  translateMessage,
  updateOrderAsManager,
  useLocale,
  useMessages,
  useSession,
} from 'shared-api';
import {
  buildersFor,
  COMMISSION_SPLIT,
  COMMISSION_STATUSES,
  commissionBreakdown,
  MESSAGES,
  ORDER_STATUSES,
  type Order,
  type OrderManagerUpdateFormOutput,
  type OrderManagerUpdateFormValues,
  type OrderManagerUpdateInput,
  orderManagerUpdateFormSchema,
  PAYOUT_ROUTE,
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
import { commissionStatusLabel, flagLabel, orderStatusLabel, orderStatusNotSet } from 'shared-ui/lib/order-display';
import { orderQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { OrderCard } from 'shared-ui/order-card';
import { OrderTimeline } from 'shared-ui/order-timeline';
import { useT } from '../i18n';
import en from '../locales/en.json';
import { OrderFlagsPanel } from './order-flags-panel';
import './update-order-page.css';

/** English; shown through the catalogue */
export const PAID_LOCKED_NOTE = en['manager.order.paidLocked'];

/**
 * The server's message, else the fallback (a sentence of MESSAGES, shown in the current
 * language); no answer at all: 'No response from server'.
 */
function orderFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'network') return translateMessage(MESSAGES.orderNoResponse);
  return errorMessage(error, translateMessage(fallback));
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
  const tr = useT();
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
            {tr('manager.tryAgain')}
          </button>
        </div>
      </UpdateOrderLayout>
    );
  }
  if (!order) {
    return (
      <UpdateOrderLayout listPath={listPath}>
        <p role="status">{tr('manager.loading')}</p>
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
  const tr = useT();
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
        toast.success(translateMessage(MESSAGES.orderUpdated));
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
          {isAdmin ? tr('manager.order.formTitleAdmin') : tr('manager.order.formTitle')}
        </h2>
        {cancelled ? <p className="manager-order-note">{tr('manager.order.cancelledNote')}</p> : null}

        <ImageField
          control={control}
          name="refundShot"
          uploads={uploads}
          id="manager-order-refund"
          label={tr('manager.order.refundScreenshot')}
          disabled={busy}
        />

        <SelectField
          control={control}
          name="status"
          label={tr('manager.order.status')}
          className="manager-order-field"
          disabled={busy}
        >
          <option value="">{orderStatusNotSet()}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabel(status)}
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
          <ChangedSinceLoaded message={changedSince} onReload={onReload} reloadLabel={tr('manager.order.reload')} />
        ) : null}

        <div className="manager-order-actions">
          <SubmitButton busy={busy} busyLabel={tr('manager.order.saving')}>
            {tr('manager.order.save')}
          </SubmitButton>
        </div>
      </Form>

      <ConfirmStep
        step={paidStep}
        title={tr('manager.order.markPaidTitle')}
        message={tr('manager.order.markPaidMessage', {
          amount: ltr(formatRs(order.comission)),
          number: ltr(order.amzOrderNumber),
        })}
        confirmLabel={tr('manager.order.markPaidConfirm')}
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
  const tr = useT();
  return (
    <section className="manager-order" aria-labelledby="manager-order-heading">
      <header className="manager-order-header">
        <h1 id="manager-order-heading">{tr('manager.order.title')}</h1>
        <Link className="ui-button ui-button-small manager-order-back" to={listPath}>
          {tr('manager.order.backToOrders')}
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
  const tr = useT();
  const messages = useMessages();
  const locale = useLocale();
  const paid = order.comissionStatus === 'paid';
  const cancelled = order.AgentStatus === 'cancelled';
  const lockNote = paid ? tr('manager.order.paidLocked') : cancelled ? messages.cancelledOrderCannotBePaid : null;
  // a flag nobody dismissed holds the order: 'paid' is offered disabled, the reason beside it (never the flag's code)
  const holds = openFlags(order.flags).map((flag) => flagLabel(flag.code));
  const holdNote = lockNote === null && holds.length > 0 ? buildersFor(locale).paidOnHoldNote(holds) : null;
  const parts = commissionBreakdown(order.comission);
  const referrer = order.agent.referralUserId;
  const referrerName = referrer ? `${referrer.firstName} ${referrer.lastName}`.trim() : '';
  const breakdownId = 'manager-order-breakdown';

  return (
    <>
      <SelectField
        control={form.control}
        name="comissionStatus"
        label={tr('manager.order.commissionStatus')}
        className="manager-order-field"
        hint={lockNote ?? holdNote}
        disabled={disabled || lockNote !== null}
      >
        {COMMISSION_STATUSES.map((status) => {
          const held = status === 'paid' && holdNote !== null;
          return (
            <option key={status} value={status} disabled={held}>
              {held
                ? tr('manager.order.onHold', { status: commissionStatusLabel(status) })
                : commissionStatusLabel(status)}
            </option>
          );
        })}
      </SelectField>

      <section className="manager-order-breakdown" aria-labelledby={breakdownId}>
        <h3 id={breakdownId}>{tr('manager.order.breakdown', { amount: ltr(formatRs(order.comission)) })}</h3>
        <dl>
          <div>
            <dt>
              {referrerName
                ? tr('manager.order.referralOf', { percent: COMMISSION_SPLIT.referral, name: referrerName })
                : tr('manager.order.referral', { percent: COMMISSION_SPLIT.referral })}
            </dt>
            <dd>
              <bdi dir="ltr">{formatShare(parts.referral)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{tr('manager.order.agentShare', { percent: COMMISSION_SPLIT.agent, name: order.agent.name })}</dt>
            <dd>
              <bdi dir="ltr">{formatShare(parts.agent)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{tr('manager.order.platformFee', { percent: COMMISSION_SPLIT.platform })}</dt>
            <dd>
              <bdi dir="ltr">{formatShare(parts.platform)}</bdi>
            </dd>
          </div>
        </dl>
      </section>
    </>
  );
}
