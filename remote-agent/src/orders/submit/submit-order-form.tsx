/**
 * The order form of /agent/detail/{id}: review type (each with its commission), order
 * number, buyer PayPal and name, order screenshot, comments and the honest-review notice.
 * The rules are the contract's orderCreateFormSchema; nothing is uploaded or sent until every
 * one passes. The screenshot is uploaded on submit, then the order is created. A refusal
 * keeps everything typed, and sending again does not upload the screenshot twice.
 */
import { useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError, createOrder, errorMessage, ltr, translateMessage } from 'shared-api';
import {
  computeOrderCommission,
  MESSAGES,
  type OrderCreateFormOutput,
  orderCreateFormSchema,
  type Product,
} from 'shared-api/contract';
import { OrderNumberField, SelectField, TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { ImageField, PROOF_UPLOADS, useImageUploads } from 'shared-ui/form/image-field';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { formatRs } from 'shared-ui/lib/format';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { reviewTypeLabel } from 'shared-ui/lib/order-display';
import { useSubmission } from 'shared-ui/lib/use-submission';
import { ReviewNotice } from 'shared-ui/review-notice';
import { t, useT } from '../../i18n';

export interface SubmitOrderFormProps {
  product: Product;
  /** Cancel */
  onCancel: () => void;
  /** after the order is created */
  onCreated: () => void;
}

/** The screenshot could not be uploaded: said in its own words. */
class UploadFailure extends Error {}

function failureMessage(error: unknown): string {
  if (error instanceof UploadFailure) return errorMessage(error.cause, t('agent.submit.uploadFailed'));
  return errorMessage(
    error,
    error instanceof ApiError && error.kind === 'network'
      ? translateMessage(MESSAGES.orderNoResponse)
      : t('agent.submit.createFailed'),
  );
}

/** The server's 'order number taken' (it answers in the language asked, or in English). */
const isOrderNumberTaken = (message: string) =>
  message === MESSAGES.orderNumberTaken || message === translateMessage(MESSAGES.orderNumberTaken);

export function SubmitOrderForm({ product, onCancel, onCreated }: SubmitOrderFormProps) {
  const tr = useT();
  const reviewTypes = product.reviewTypes.map((type) => type.title);
  const form = useZodForm(orderCreateFormSchema, {
    defaultValues: {
      // one choice is no choice: take it
      reviewType: reviewTypes.length === 1 ? reviewTypes[0] : undefined,
      amzOrderNumber: '',
      buyerPayPal: '',
      buyerName: '',
      orderScreenshot: null,
      comments: '',
    },
  });
  const uploads = useImageUploads(PROOF_UPLOADS);
  const { control } = form;
  const reviewType = useWatch({ control, name: 'reviewType' });

  const submission = useSubmission();
  const submit = useWrite(
    async (values: OrderCreateFormOutput) => {
      const screenshotUrl = await uploads
        .upload('orderScreenshot', values.orderScreenshot)
        .catch((error: unknown) => Promise.reject(new UploadFailure('upload failed', { cause: error })));
      const input = {
        productId: product._id,
        reviewType: values.reviewType,
        amzOrderNumber: values.amzOrderNumber,
        buyerPayPal: values.buyerPayPal,
        buyerName: values.buyerName,
        orderScreenshot: screenshotUrl ?? '',
        comments: values.comments.trim(),
      };
      // one key per submission: sent again (no answer came), it places the order once
      return createOrder(input, submission.optionsFor(input));
    },
    {
      changes: CHANGES.order,
      onSuccess: () => {
        toast.success(translateMessage(MESSAGES.orderCreated));
        onCreated();
      },
      onError: (error) => {
        // a taken order number is that field's problem
        const message = failureMessage(error);
        if (error instanceof ApiError && error.status === 409 && isOrderNumberTaken(message)) {
          form.setError('amzOrderNumber', { type: 'server', message });
        }
      },
    },
  );
  const busy = submit.isPending;
  const uploading = uploads.progress.orderScreenshot !== undefined;

  const chosenCommission = reviewType ? computeOrderCommission(product, reviewType) : null;

  return (
    <Form form={form} onSubmit={(values) => submit.mutate(values)} busy={busy} className="agent-order-form">
      <SelectField
        control={control}
        name="reviewType"
        label={tr('agent.submit.reviewType')}
        required
        disabled={busy}
        hint={
          chosenCommission !== null
            ? tr('agent.submit.commissionHint', { amount: ltr(formatRs(chosenCommission)) })
            : undefined
        }
      >
        <option value="">{tr('agent.submit.chooseReviewType')}</option>
        {reviewTypes.map((type) => (
          <option key={type} value={type}>
            {tr('agent.submit.reviewTypeOption', {
              type: reviewTypeLabel(type),
              amount: ltr(formatRs(computeOrderCommission(product, type))),
            })}
          </option>
        ))}
      </SelectField>

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
      <ImageField
        control={control}
        name="orderScreenshot"
        uploads={uploads}
        label={tr('agent.submit.screenshot')}
        required
        disabled={busy}
      />
      <TextField
        control={control}
        name="comments"
        label={tr('agent.submit.comments')}
        multiline
        disabled={busy}
        maxLength={5000}
      />

      <ReviewNotice />

      <FormAlert error={submit.error} fallback={failureMessage} className="agent-order-failure" />

      <div className="agent-order-actions">
        <button type="button" className="ui-button" onClick={onCancel} disabled={busy}>
          {tr('agent.submit.cancel')}
        </button>
        <SubmitButton
          busy={busy}
          busyLabel={
            uploading
              ? tr('agent.submit.uploading')
              : submission.retrying
                ? tr('agent.sending')
                : tr('agent.submit.submitting')
          }
        >
          {tr('agent.submit.submit')}
        </SubmitButton>
      </div>
    </Form>
  );
}
