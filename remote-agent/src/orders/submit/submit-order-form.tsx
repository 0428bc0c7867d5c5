/**
 * The order form of /agent/detail/{id}: review type (each with its commission), order
 * number, buyer PayPal and name, order screenshot, comments and the honest-review notice.
 * The rules are the contract's orderCreateFormSchema; nothing is uploaded or sent until every
 * one passes. The screenshot is uploaded on submit, then the order is created. A refusal
 * keeps everything typed, and sending again does not upload the screenshot twice.
 */
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError, createOrder, errorMessage } from 'shared-api';
import {
  computeOrderCommission,
  MESSAGES,
  type OrderCreateFormOutput,
  orderCreateFormSchema,
  type Product,
} from 'shared-api/contract';
import { OrderNumberField, SelectField, TextField } from 'shared-ui/form/fields';
import { Form, type FormHelpers, useZodForm } from 'shared-ui/form/form';
import { ImageField, useImageUploads } from 'shared-ui/form/image-field';
import { formatRs } from 'shared-ui/lib/format';
import { CHANGES, useInvalidate } from 'shared-ui/lib/mutations';
import { ReviewNotice } from 'shared-ui/review-notice';
import { ORDER_CREATE_FAILED, SCREENSHOT_UPLOAD_FAILED } from './order-texts';

export interface SubmitOrderFormProps {
  product: Product;
  /** Cancel */
  onCancel: () => void;
  /** after the order is created */
  onCreated: () => void;
}

type Stage = 'idle' | 'uploading' | 'creating';

export function SubmitOrderForm({ product, onCancel, onCreated }: SubmitOrderFormProps) {
  const invalidate = useInvalidate();
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
  const uploads = useImageUploads();
  const [stage, setStage] = useState<Stage>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const { control } = form;
  const reviewType = useWatch({ control, name: 'reviewType' });

  async function onSubmit(values: OrderCreateFormOutput, { focusFirstInvalid }: FormHelpers) {
    setFailure(null);
    let screenshotUrl: string | null;
    try {
      setStage('uploading');
      screenshotUrl = await uploads.upload('orderScreenshot', values.orderScreenshot);
    } catch (error) {
      setStage('idle');
      setFailure(errorMessage(error, SCREENSHOT_UPLOAD_FAILED));
      return;
    }

    try {
      setStage('creating');
      await createOrder({
        productId: product._id,
        reviewType: values.reviewType,
        amzOrderNumber: values.amzOrderNumber,
        buyerPayPal: values.buyerPayPal,
        buyerName: values.buyerName,
        orderScreenshot: screenshotUrl ?? '',
        comments: values.comments.trim(),
      });
    } catch (error) {
      setStage('idle');
      const message = errorMessage(
        error,
        error instanceof ApiError && error.kind === 'network' ? MESSAGES.orderNoResponse : ORDER_CREATE_FAILED,
      );
      setFailure(message);
      // a taken order number is that field's problem
      if (error instanceof ApiError && error.status === 409 && message === MESSAGES.orderNumberTaken) {
        form.setError('amzOrderNumber', { message });
        focusFirstInvalid();
      }
      return;
    }
    toast.success(MESSAGES.orderCreated);
    await invalidate(CHANGES.order);
    onCreated();
  }

  const chosenCommission = reviewType ? computeOrderCommission(product, reviewType) : null;

  return (
    <Form form={form} onSubmit={onSubmit} className="agent-order-form">
      <SelectField
        control={control}
        name="reviewType"
        label="Review Type"
        required
        disabled={busy}
        hint={chosenCommission !== null ? `Your commission for this order: ${formatRs(chosenCommission)}` : undefined}
      >
        <option value="">Select a review type</option>
        {reviewTypes.map((type) => (
          <option key={type} value={type}>
            {`${type} — commission ${formatRs(computeOrderCommission(product, type))}`}
          </option>
        ))}
      </SelectField>

      <OrderNumberField control={control} name="amzOrderNumber" label="AMZ Order Number" required disabled={busy} />
      <TextField control={control} name="buyerPayPal" label="Buyer PayPal" required disabled={busy} maxLength={254} />
      <TextField control={control} name="buyerName" label="Buyer Name" required disabled={busy} maxLength={200} />
      <ImageField
        control={control}
        name="orderScreenshot"
        uploads={uploads}
        label="Order Screenshot"
        required
        disabled={busy}
      />
      <TextField control={control} name="comments" label="Comments" multiline disabled={busy} maxLength={5000} />

      <ReviewNotice />

      {failure ? (
        <p className="agent-order-failure" role="alert">
          {failure}
        </p>
      ) : null}

      <div className="agent-order-actions">
        <button type="button" className="ui-button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="ui-button ui-button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy && stage === 'uploading' ? 'Uploading...' : busy && stage === 'creating' ? 'Submitting...' : 'Submit'}
        </button>
      </div>
    </Form>
  );
}
