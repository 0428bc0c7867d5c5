/**
 * /manager/update/order/{id} (SPEC.md section 2): the order read-only, a refund screenshot,
 * the order status and, for an admin, the commission paid/unpaid with its breakdown.
 * Managers change orders of their own products (the server refuses the others); paid is
 * final and a cancelled order cannot be paid, so the commission selector locks then.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiError, errorMessage, fetchOrder, updateOrderAsManager, useSession } from 'shared-api';
import {
  COMMISSION_SPLIT,
  COMMISSION_STATUSES,
  type CommissionStatus,
  commissionBreakdown,
  MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Order,
  type OrderManagerUpdateInput,
  type OrderStatus,
} from 'shared-api/contract';
import { ConfirmDialog } from 'shared-ui/confirm-dialog';
import { ImagePicker } from 'shared-ui/image-picker';
import { formatRs } from 'shared-ui/lib/format';
import { type ImageValue, imageFromUrl, resolveImage } from 'shared-ui/lib/image-value';
import { ORDER_STATUS_NOT_SET } from 'shared-ui/lib/order-display';
import { OrderCard } from 'shared-ui/order-card';
import './update-order-page.css';

export const PAID_LOCKED_NOTE = 'Commission is paid: it is final and can no longer be changed.';

/** SPEC.md section 8: the server's message, else the fallback; no answer at all: 'No response from server'. */
function orderFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'network') return MESSAGES.orderNoResponse;
  return errorMessage(error, fallback);
}

/** The breakdown's figures always show two decimals (SPEC.md section 9). */
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatRsTwoDecimals = (amount: number): string => `Rs ${twoDecimals.format(amount)}`;

interface FormState {
  status: OrderStatus | '';
  refund: ImageValue | null;
  comissionStatus: CommissionStatus;
}

const formFrom = (order: Order): FormState => ({
  status: order.status,
  refund: imageFromUrl(order.refundShot),
  comissionStatus: order.comissionStatus,
});

export function UpdateOrderPage() {
  const { id = '' } = useParams();
  const role = useSession((s) => s.user?.role);
  const isAdmin = role === 'admin';

  const [order, setOrder] = useState<Order | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [form, setForm] = useState<FormState | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmingPaid, setConfirmingPaid] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the "try again" trigger
  useEffect(() => {
    let current = true;
    setOrder(null);
    setForm(null);
    setLoadError(null);
    fetchOrder(id).then(
      (loaded) => {
        if (!current) return;
        setOrder(loaded);
        setForm(formFrom(loaded));
      },
      (failure: unknown) => {
        if (current) setLoadError(orderFailure(failure, MESSAGES.orderFetchFailed));
      },
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);

  const listPath = isAdmin ? '/admin/orders' : '/manager/orders';

  if (loadError) {
    return (
      <UpdateOrderLayout listPath={listPath}>
        <div className="manager-order-error" role="alert">
          <p>{loadError}</p>
          <button type="button" className="ui-button ui-button-small" onClick={() => setAttempt((n) => n + 1)}>
            try again
          </button>
        </div>
      </UpdateOrderLayout>
    );
  }
  if (!order || !form) {
    return (
      <UpdateOrderLayout listPath={listPath}>
        <p role="status">Loading...</p>
      </UpdateOrderLayout>
    );
  }

  const cancelled = order.AgentStatus === 'cancelled';
  const paid = order.comissionStatus === 'paid';
  const paysNow = isAdmin && !paid && form.comissionStatus === 'paid';

  async function save() {
    if (!order || !form) return;
    setConfirmingPaid(false);
    setSaving(true);
    setSaveError(null);
    try {
      const refundShot = await resolveImage(form.refund, setProgress);
      // an uploaded file is kept as its URL, so a retry after a failed save does not upload it again
      if (refundShot && form.refund?.file) {
        const uploaded = imageFromUrl(refundShot);
        setForm((now) => (now ? { ...now, refund: uploaded } : now));
      }
      setProgress(null);
      const input: OrderManagerUpdateInput = { status: form.status, refundShot: refundShot ?? '' };
      if (isAdmin) input.comissionStatus = form.comissionStatus;
      const answer = await updateOrderAsManager(order._id, input);
      setOrder(answer);
      setForm(formFrom(answer));
      toast.success(MESSAGES.orderUpdated);
    } catch (failure) {
      setSaveError(orderFailure(failure, MESSAGES.orderUpdateFailed));
    } finally {
      setProgress(null);
      setSaving(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // paying is final: ask first
    if (paysNow) setConfirmingPaid(true);
    else void save();
  }

  return (
    <UpdateOrderLayout listPath={listPath}>
      <OrderCard order={order} viewer={isAdmin ? 'admin' : 'manager'} />

      <form className="manager-order-form" onSubmit={onSubmit} noValidate aria-labelledby="manager-order-form-title">
        <h2 id="manager-order-form-title" className="manager-order-form-title">
          {isAdmin ? 'status, refund and commission' : 'status and refund'}
        </h2>
        {cancelled ? (
          <p className="manager-order-note">
            This order was cancelled by the agent. You can still set its status and refund screenshot.
          </p>
        ) : null}

        <ImagePicker
          id="manager-order-refund"
          label="refund screenshot"
          value={form.refund}
          onChange={(refund) => setForm({ ...form, refund })}
          progress={progress}
          disabled={saving}
        />

        <StatusSelect value={form.status} onChange={(status) => setForm({ ...form, status })} disabled={saving} />

        {isAdmin ? (
          <CommissionFields
            order={order}
            value={form.comissionStatus}
            onChange={(comissionStatus) => setForm({ ...form, comissionStatus })}
            disabled={saving}
          />
        ) : null}

        {saveError ? (
          <p className="manager-order-error" role="alert">
            {saveError}
          </p>
        ) : null}

        <div className="manager-order-actions">
          <button
            type="submit"
            className="ui-button ui-button-primary"
            disabled={saving}
            aria-busy={saving || undefined}
          >
            {saving ? 'saving...' : 'save'}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={confirmingPaid}
        title="Mark commission paid?"
        message={`The commission of ${formatRs(order.comission)} for order ${order.amzOrderNumber} will be marked paid. This is final: it cannot be set back to unpaid.`}
        confirmLabel="mark paid and save"
        onConfirm={() => void save()}
        onCancel={() => setConfirmingPaid(false)}
      />
    </UpdateOrderLayout>
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

function StatusSelect({
  value,
  onChange,
  disabled,
}: {
  value: OrderStatus | '';
  onChange: (status: OrderStatus | '') => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="manager-order-field">
      <label htmlFor={id}>order status</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as OrderStatus | '')}
        disabled={disabled}
      >
        <option value="">{ORDER_STATUS_NOT_SET}</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Admin only: paid/unpaid, locked once paid (final) and for a cancelled order, with the breakdown. */
export function CommissionFields({
  order,
  value,
  onChange,
  disabled,
}: {
  order: Order;
  value: CommissionStatus;
  onChange: (status: CommissionStatus) => void;
  disabled: boolean;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const paid = order.comissionStatus === 'paid';
  const cancelled = order.AgentStatus === 'cancelled';
  const lockNote = paid ? PAID_LOCKED_NOTE : cancelled ? MESSAGES.cancelledOrderCannotBePaid : null;
  const parts = commissionBreakdown(order.comission);
  const referrer = order.agent.referralUserId;
  const referrerName = referrer ? `${referrer.firstName} ${referrer.lastName}`.trim() : '';

  return (
    <>
      <div className="manager-order-field">
        <label htmlFor={id}>commission status</label>
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value as CommissionStatus)}
          disabled={disabled || lockNote !== null}
          aria-describedby={lockNote ? noteId : undefined}
        >
          {COMMISSION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        {lockNote ? (
          <p id={noteId} className="manager-order-note">
            {lockNote}
          </p>
        ) : null}
      </div>

      <section className="manager-order-breakdown" aria-labelledby={`${id}-breakdown`}>
        <h3 id={`${id}-breakdown`}>commission breakdown of {formatRs(order.comission)}</h3>
        <dl>
          <div>
            <dt>
              referral ({COMMISSION_SPLIT.referral}%){referrerName ? ` — ${referrerName}` : ''}
            </dt>
            <dd>{formatRsTwoDecimals(parts.referral)}</dd>
          </div>
          <div>
            <dt>
              agent ({COMMISSION_SPLIT.agent}%) — {order.agent.name}
            </dt>
            <dd>{formatRsTwoDecimals(parts.agent)}</dd>
          </div>
          <div>
            <dt>platform fee ({COMMISSION_SPLIT.platform}%)</dt>
            <dd>{formatRsTwoDecimals(parts.platform)}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
