/**
 * The agent's edit of one order: order number, buyer PayPal and name, order / review /
 * feedback screenshots (uploaded on save, with progress, each once), the refund screenshot to
 * view only, the review type with its commission, the statuses the server allows next, and
 * comments. The rules are the contract's orderAgentUpdateFormSchema; a save sends only what
 * changed. Only an open order (not cancelled, commission unpaid) gets this form.
 */
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorMessage, isChangedSinceLoaded, updateOrderAsAgent } from 'shared-api';
import {
  AGENT_STATUS_LABELS,
  computeOrderCommission,
  MESSAGES,
  nextAgentStatuses,
  type Order,
  type OrderAgentUpdateFormOutput,
  orderAgentUpdateFormSchema,
  type ReviewType,
} from 'shared-api/contract';
import { ChangedSinceLoaded } from 'shared-ui/changed-since-loaded';
import { ConfirmDialog } from 'shared-ui/confirm-dialog';
import { ChoiceField, OrderNumberField, SelectField, TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { ImageField, useImageUploads } from 'shared-ui/form/image-field';
import { formatRs } from 'shared-ui/lib/format';
import { imageFromUrl } from 'shared-ui/lib/image-value';
import { CHANGES, useInvalidate } from 'shared-ui/lib/mutations';
import { ScreenshotGallery } from 'shared-ui/screenshot-gallery';
import { changedOrderFields, SCREENSHOT_FIELDS, type ScreenshotField } from './order-changes';
import { orderErrorMessage } from './order-errors';

export const ORDERS_ROUTE = '/agent/orders';
export const NOTHING_CHANGED = 'Nothing has changed.';

const SCREENSHOT_LABELS: Record<ScreenshotField, string> = {
  orderScreenshot: 'order screenshot',
  reviewScreenShot: 'review screenshot',
  FeedbackScreenShot: 'feedback screenshot',
};

/** A screenshot could not be uploaded: its message is shown as it is. */
class UploadFailure extends Error {}

export interface UpdateOrderFormProps {
  order: Order;
  /** the review types the product takes; null when the product could not be loaded */
  reviewTypes: readonly ReviewType[] | null;
  /** loads the order again (offered when someone changed it since it was loaded) */
  onReload: () => void;
}

export function UpdateOrderForm({ order, reviewTypes, onReload }: UpdateOrderFormProps) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const form = useZodForm(orderAgentUpdateFormSchema, {
    defaultValues: {
      amzOrderNumber: order.amzOrderNumber,
      buyerPayPal: order.buyerPayPal,
      buyerName: order.buyerName,
      reviewType: order.reviewType,
      AgentStatus: order.AgentStatus,
      comments: order.comments,
      orderScreenshot: imageFromUrl(order.orderScreenshot),
      reviewScreenShot: imageFromUrl(order.reviewScreenShot),
      FeedbackScreenShot: imageFromUrl(order.FeedbackScreenShot),
    },
  });
  const uploads = useImageUploads();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // someone changed the order since it was loaded: their name and time, and a reload
  const [changedSince, setChangedSince] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // a move to Cancelled waits for the person to confirm it
  const [confirmingCancel, setConfirmingCancel] = useState<OrderAgentUpdateFormOutput | null>(null);
  const busy = saving || form.formState.isSubmitting;
  const { control } = form;

  // 'Nothing has changed.' goes as soon as something does
  useEffect(() => {
    const subscription = form.watch(() => setNotice(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const statusOptions = nextAgentStatuses(order.AgentStatus, order.comissionStatus);
  const typeOptions: ReviewType[] = [...(reviewTypes ?? [])];
  if (!typeOptions.includes(order.reviewType)) typeOptions.unshift(order.reviewType);
  // the order keeps the commission fixed when it was placed until its review type changes
  const commissionFor = (type: ReviewType) =>
    type === order.reviewType ? order.comission : computeOrderCommission(order.product, type);
  const reviewType = useWatch({ control, name: 'reviewType' });

  function onSubmit(values: OrderAgentUpdateFormOutput) {
    setSaveError(null);
    setNotice(null);
    if (values.AgentStatus === 'cancelled' && order.AgentStatus !== 'cancelled') {
      setConfirmingCancel(values);
      return;
    }
    return save(values);
  }

  async function save(values: OrderAgentUpdateFormOutput) {
    setSaving(true);
    setSaveError(null);
    setChangedSince(null);
    try {
      const screenshots = {} as Record<ScreenshotField, string>;
      for (const field of SCREENSHOT_FIELDS) {
        try {
          screenshots[field] = (await uploads.upload(field, values[field])) ?? '';
        } catch (failure) {
          throw new UploadFailure(errorMessage(failure, `The ${SCREENSHOT_LABELS[field]} could not be uploaded.`));
        }
      }
      const changes = changedOrderFields(order, { ...values, screenshots });
      if (Object.keys(changes).length === 0) {
        setNotice(NOTHING_CHANGED);
        setSaving(false);
        return;
      }
      // with the version it was loaded at, so it never overwrites a change made since
      await updateOrderAsAgent(order._id, { ...changes, version: order.version });
      toast.success(MESSAGES.orderUpdated);
      await invalidate(CHANGES.order);
      navigate(ORDERS_ROUTE);
    } catch (failure) {
      if (isChangedSinceLoaded(failure)) setChangedSince(failure.message);
      else {
        setSaveError(
          failure instanceof UploadFailure ? failure.message : orderErrorMessage(failure, MESSAGES.orderUpdateFailed),
        );
      }
      setSaving(false);
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="agent-form" aria-busy={busy || undefined}>
      <div className="agent-form-grid">
        <OrderNumberField control={control} name="amzOrderNumber" label="AMZ Order Number" required disabled={busy} />
        <TextField
          control={control}
          name="buyerPayPal"
          label="Buyer PayPal"
          required
          disabled={busy}
          inputMode="email"
          maxLength={254}
        />
        <TextField control={control} name="buyerName" label="Buyer Name" required disabled={busy} maxLength={200} />
      </div>

      <div className="agent-fieldset">
        <ChoiceField
          control={control}
          name="reviewType"
          legend="Review Type"
          disabled={busy}
          rowClassName="agent-choices"
          choiceClassName="agent-choice"
          hint={<span aria-live="polite">Commission for this order: {formatRs(commissionFor(reviewType))}</span>}
          choices={typeOptions.map((type) => ({
            value: type,
            label: (
              <>
                <span>{type}</span>
                <span className="agent-choice-amount">{formatRs(commissionFor(type))}</span>
              </>
            ),
          }))}
        />
        {reviewTypes === null ? (
          <p className="agent-muted">The product's review types could not be loaded; the review type stays as it is.</p>
        ) : null}
      </div>

      <div className="agent-form-grid">
        {SCREENSHOT_FIELDS.map((field) => (
          <ImageField
            key={field}
            control={control}
            name={field}
            uploads={uploads}
            label={SCREENSHOT_LABELS[field]}
            disabled={busy}
          />
        ))}
        <div className="agent-readonly-shot">
          <span className="agent-readonly-shot-label">refund screenshot</span>
          {order.refundShot ? (
            <ScreenshotGallery
              screenshots={[{ kind: 'refund', label: 'view refund screenshot', src: order.refundShot }]}
              label="refund screenshot"
            />
          ) : (
            <p className="agent-muted">No refund screenshot yet.</p>
          )}
        </div>
      </div>

      <div className="agent-form-grid">
        <SelectField
          control={control}
          name="AgentStatus"
          label="agent status"
          disabled={busy || statusOptions.length <= 1}
        >
          {statusOptions.map((status) => (
            <option key={status} value={status}>
              {AGENT_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
      </div>

      <TextField control={control} name="comments" label="comments" multiline disabled={busy} maxLength={5000} />

      {saveError ? (
        <p className="agent-error" role="alert">
          {saveError}
        </p>
      ) : null}
      {changedSince ? (
        <ChangedSinceLoaded message={changedSince} onReload={onReload} reloadLabel="reload the order" />
      ) : null}
      {notice ? (
        <p className="agent-muted" role="status">
          {notice}
        </p>
      ) : null}

      <div className="agent-form-actions">
        <button type="button" className="ui-button" onClick={() => navigate(ORDERS_ROUTE)} disabled={busy}>
          Back to orders
        </button>
        <button type="submit" className="ui-button ui-button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Updating...' : 'Update Order'}
        </button>
      </div>

      <ConfirmDialog
        open={confirmingCancel !== null}
        title="Cancel order"
        message={`Cancel order ${order.amzOrderNumber}? A cancelled order cannot be edited or reopened, and earns no commission.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        destructive
        onConfirm={() => {
          const values = confirmingCancel;
          setConfirmingCancel(null);
          if (values) void save(values);
        }}
        onCancel={() => setConfirmingCancel(null)}
      />
    </Form>
  );
}
