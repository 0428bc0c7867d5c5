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
import { errorMessage, isChangedSinceLoaded, ltr, translateMessage, updateOrderAsAgent } from 'shared-api';
import {
  computeOrderCommission,
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
import { agentStatusLabel, reviewTypeLabel } from 'shared-ui/lib/order-display';
import { useSubmission } from 'shared-ui/lib/use-submission';
import { ScreenshotGallery } from 'shared-ui/screenshot-gallery';
import { type AgentKey, t, useT } from '../../i18n';
import { changedOrderFields, SCREENSHOT_FIELDS, type ScreenshotField } from './order-changes';
import { orderErrorMessage } from './order-errors';

export const ORDERS_ROUTE = '/agent/orders';

const SCREENSHOT_LABELS: Record<ScreenshotField, AgentKey> = {
  orderScreenshot: 'agent.update.orderScreenshot',
  reviewScreenShot: 'agent.update.reviewScreenshot',
  FeedbackScreenShot: 'agent.update.feedbackScreenshot',
};

/** The upload failure of each screenshot, in its own words. */
const UPLOAD_FAILED: Record<ScreenshotField, AgentKey> = {
  orderScreenshot: 'agent.update.orderScreenshotFailed',
  reviewScreenShot: 'agent.update.reviewScreenshotFailed',
  FeedbackScreenShot: 'agent.update.feedbackScreenshotFailed',
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
  const tr = useT();
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
          throw new UploadFailure(errorMessage(failure, t(UPLOAD_FAILED[field])));
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
          setNotice(t('agent.update.nothingChanged'));
          return;
        }
        toast.success(translateMessage(MESSAGES.orderUpdated));
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
        <OrderNumberField
          control={control}
          name="amzOrderNumber"
          label={tr('agent.order.number')}
          required
          disabled={busy}
        />
        <TextField
          control={control}
          name="buyerPayPal"
          dir="ltr"
          label={tr('agent.order.buyerPayPal')}
          required
          disabled={busy}
          inputMode="email"
          maxLength={254}
        />
        <TextField
          control={control}
          name="buyerName"
          label={tr('agent.order.buyerName')}
          required
          disabled={busy}
          maxLength={200}
        />
      </div>

      <div className="agent-fieldset">
        <ChoiceField
          control={control}
          name="reviewType"
          legend={tr('agent.submit.reviewType')}
          disabled={busy}
          rowClassName="agent-choices"
          choiceClassName="agent-choice"
          hint={
            <span aria-live="polite">
              {tr('agent.update.commission', { amount: ltr(formatRs(commissionFor(reviewType))) })}
            </span>
          }
          choices={typeOptions.map((type) => ({
            value: type,
            label: (
              <>
                <span>{reviewTypeLabel(type)}</span>
                <bdi dir="ltr" className="agent-choice-amount">
                  {formatRs(commissionFor(type))}
                </bdi>
              </>
            ),
          }))}
        />
        {reviewTypes === null ? <p className="agent-muted">{tr('agent.update.reviewTypesFailed')}</p> : null}
      </div>

      <div className="agent-form-grid">
        {SCREENSHOT_FIELDS.map((field) => (
          <ImageField
            key={field}
            control={control}
            name={field}
            uploads={uploads}
            label={tr(SCREENSHOT_LABELS[field])}
            disabled={busy}
          />
        ))}
        <div className="agent-readonly-shot">
          <span className="agent-readonly-shot-label">{tr('agent.update.refundScreenshot')}</span>
          {order.refundShot ? (
            <ScreenshotGallery
              screenshots={[{ kind: 'refund', label: tr('agent.update.viewRefundScreenshot'), src: order.refundShot }]}
              label={tr('agent.update.refundScreenshot')}
            />
          ) : (
            <p className="agent-muted">{tr('agent.update.noRefundScreenshot')}</p>
          )}
        </div>
      </div>

      <div className="agent-form-grid">
        <SelectField
          control={control}
          name="AgentStatus"
          label={tr('agent.orders.statusFilter')}
          disabled={busy || statusOptions.length <= 1}
        >
          {statusOptions.map((status) => (
            <option key={status} value={status}>
              {agentStatusLabel(status)}
            </option>
          ))}
        </SelectField>
      </div>

      <TextField
        control={control}
        name="comments"
        label={tr('agent.update.comments')}
        multiline
        disabled={busy}
        maxLength={5000}
      />

      {changedSince ? null : <FormAlert error={save.error} fallback={failureMessage} className="agent-error" />}
      {changedSince ? (
        <ChangedSinceLoaded message={changedSince} onReload={onReload} reloadLabel={tr('agent.update.reload')} />
      ) : null}
      {notice ? (
        <p className="agent-muted" role="status">
          {notice}
        </p>
      ) : null}

      <div className="agent-form-actions">
        <button type="button" className="ui-button" onClick={() => navigate(ORDERS_ROUTE)} disabled={busy}>
          {tr('agent.update.back')}
        </button>
        <SubmitButton busy={busy} busyLabel={submission.retrying ? tr('agent.sending') : tr('agent.update.updating')}>
          {tr('agent.update.submit')}
        </SubmitButton>
      </div>

      <ConfirmStep
        step={cancelStep}
        title={tr('agent.orders.cancel')}
        message={tr('agent.update.cancelAsk', { number: ltr(order.amzOrderNumber) })}
        confirmLabel={tr('agent.orders.cancel')}
        cancelLabel={tr('agent.orders.keep')}
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
