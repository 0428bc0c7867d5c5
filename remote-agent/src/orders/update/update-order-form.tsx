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
  IDEMPOTENCY_MESSAGES,
  MESSAGES,
  nextAgentStatuses,
  type Order,
  type OrderAgentUpdateFormOutput,
  orderAgentUpdateFormSchema,
  type ReviewType,
} from 'shared-api/contract';
import { ChangedSinceLoaded } from 'shared-ui/changed-since-loaded';
import { ConfirmStep, useConfirmStep } from 'shared-ui/form/confirm-step';
import { ChoiceField, OrderNumberField, SelectField, TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { ImageField, PROOF_UPLOADS, useImageUploads } from 'shared-ui/form/image-field';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { formatRs } from 'shared-ui/lib/format';
import { imageFromUrl } from 'shared-ui/lib/image-value';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { useSubmission } from 'shared-ui/lib/use-submission';
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

function failureMessage(failure: unknown): string {
  return failure instanceof UploadFailure ? failure.message : orderErrorMessage(failure, MESSAGES.orderUpdateFailed);
}

export interface UpdateOrderFormProps {
  order: Order;
  /** the review types the product takes; null when the product could not be loaded */
  reviewTypes: readonly ReviewType[] | null;
  /** loads the order again (offered when someone changed it since it was loaded) */
  onReload: () => void;
}

export function UpdateOrderForm({ order, reviewTypes, onReload }: UpdateOrderFormProps) {
  const navigate = useNavigate();
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
  const uploads = useImageUploads(PROOF_UPLOADS);
  const [notice, setNotice] = useState<string | null>(null);
  // a move to Cancelled waits for the person to confirm it
  const cancelStep = useConfirmStep<OrderAgentUpdateFormOutput>();
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

  const submission = useSubmission();
  const save = useWrite(
    async (values: OrderAgentUpdateFormOutput) => {
      const screenshots = {} as Record<ScreenshotField, string>;
      for (const field of SCREENSHOT_FIELDS) {
        try {
          screenshots[field] = (await uploads.upload(field, values[field])) ?? '';
        } catch (failure) {
          throw new UploadFailure(errorMessage(failure, `The ${SCREENSHOT_LABELS[field]} could not be uploaded.`));
        }
      }
      const changes = changedOrderFields(order, { ...values, screenshots });
      if (Object.keys(changes).length === 0) return null;
      // with the version it was loaded at, so it never overwrites a change made since
      const input = { ...changes, version: order.version };
      // one key per submission: sent again (no answer came), it changes the order once
      return updateOrderAsAgent(order._id, input, submission.optionsFor([order._id, input]));
    },
    {
      changes: CHANGES.order,
      onSuccess: (saved) => {
        if (!saved) {
          setNotice(NOTHING_CHANGED);
          return;
        }
        toast.success(MESSAGES.orderUpdated);
        navigate(ORDERS_ROUTE);
      },
    },
  );
  const busy = save.isPending;
  // someone changed the order since it was loaded: their name and time, and a reload
  const changedSince = isChangedSinceLoaded(save.error) ? save.error.message : null;

  function onSubmit(values: OrderAgentUpdateFormOutput) {
    setNotice(null);
    if (values.AgentStatus === 'cancelled' && order.AgentStatus !== 'cancelled') cancelStep.ask(values);
    else save.mutate(values);
  }

  return (
    <Form form={form} onSubmit={onSubmit} busy={busy} className="agent-form">
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

      {changedSince ? null : <FormAlert error={save.error} fallback={failureMessage} className="agent-error" />}
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
        <SubmitButton busy={busy} busyLabel={submission.retrying ? IDEMPOTENCY_MESSAGES.sending : 'Updating...'}>
          Update Order
        </SubmitButton>
      </div>

      <ConfirmStep
        step={cancelStep}
        title="Cancel order"
        message={`Cancel order ${order.amzOrderNumber}? A cancelled order cannot be edited or reopened, and earns no commission.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        destructive
        busy={busy}
        onConfirm={(values) => {
          cancelStep.close();
          save.mutate(values);
        }}
      />
    </Form>
  );
}
