/**
 * The order form of /agent/detail/{id}: review type (each with its commission), order
 * number, buyer PayPal and name, order screenshot, comments and the honest-review notice.
 * Nothing is uploaded or sent until every rule passes; the screenshot is uploaded on
 * submit, then the order is created. A refusal keeps everything typed.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, createOrder, errorMessage } from 'shared-api';
import { computeOrderCommission, MESSAGES, type Product, type ReviewType } from 'shared-api/contract';
import { ImagePicker } from 'shared-ui/image-picker';
import { formatRs } from 'shared-ui/lib/format';
import { type ImageValue, imageFromUrl, releaseImage, resolveImage } from 'shared-ui/lib/image-value';
import { OrderNumberInput } from 'shared-ui/order-number-input';
import { ReviewNotice } from 'shared-ui/review-notice';
import { FormField } from './form-field';
import {
  EMPTY_NEW_ORDER,
  firstInvalidField,
  type NewOrderErrors,
  type NewOrderField,
  type NewOrderValues,
  ORDER_CREATE_FAILED,
  SCREENSHOT_UPLOAD_FAILED,
  validateNewOrder,
} from './order-rules';

export interface SubmitOrderFormProps {
  product: Product;
  /** Cancel */
  onCancel: () => void;
  /** after the order is created */
  onCreated: () => void;
}

type Stage = 'idle' | 'uploading' | 'creating';

export function SubmitOrderForm({ product, onCancel, onCreated }: SubmitOrderFormProps) {
  const baseId = useId();
  const fieldId = (field: NewOrderField) => `${baseId}-${field}`;
  const reviewTypes = product.reviewTypes.map((type) => type.title);
  const [values, setValues] = useState<NewOrderValues>(() => ({
    ...EMPTY_NEW_ORDER,
    // one choice is no choice: take it
    reviewType: reviewTypes.length === 1 ? (reviewTypes[0] ?? '') : '',
  }));
  const [errors, setErrors] = useState<NewOrderErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [stage, setStage] = useState<Stage>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = stage !== 'idle';

  function change<K extends keyof NewOrderValues>(field: K, value: NewOrderValues[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    // once a submit has shown the rules, each field's message follows what is typed
    if (attempted) setErrors(validateNewOrder(next));
  }

  // focus moves once the form has re-rendered (a field disabled while sending cannot take it)
  const [focusRequest, setFocusRequest] = useState<{ field: NewOrderField } | null>(null);
  useEffect(() => {
    if (!focusRequest) return;
    document.getElementById(`${baseId}-${focusRequest.field}`)?.focus();
    setFocusRequest(null);
  }, [focusRequest, baseId]);

  function focusField(field: NewOrderField) {
    setFocusRequest({ field });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFailure(null);
    const found = validateNewOrder(values);
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) {
      focusField(first);
      return;
    }

    let screenshotUrl: string | null;
    try {
      setStage('uploading');
      setProgress(values.orderScreenshot?.file ? 0 : null);
      screenshotUrl = await resolveImage(values.orderScreenshot, setProgress);
    } catch (error) {
      setStage('idle');
      setProgress(null);
      setFailure(errorMessage(error, SCREENSHOT_UPLOAD_FAILED));
      return;
    }
    setProgress(null);
    // uploaded once: a retry after a refusal sends the same image without uploading it again
    if (values.orderScreenshot?.file && screenshotUrl) {
      releaseImage(values.orderScreenshot);
      const uploaded: ImageValue | null = imageFromUrl(screenshotUrl);
      setValues((current) => ({ ...current, orderScreenshot: uploaded }));
    }

    try {
      setStage('creating');
      await createOrder({
        productId: product._id,
        reviewType: values.reviewType as ReviewType,
        amzOrderNumber: values.amzOrderNumber.trim(),
        buyerPayPal: values.buyerPayPal.trim(),
        buyerName: values.buyerName.trim(),
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
        setErrors((current) => ({ ...current, amzOrderNumber: message }));
        focusField('amzOrderNumber');
      }
      return;
    }
    toast.success(MESSAGES.orderCreated);
    onCreated();
  }

  const chosenCommission = values.reviewType ? computeOrderCommission(product, values.reviewType) : null;

  return (
    <form className="agent-order-form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <div className="agent-field">
        <label htmlFor={fieldId('reviewType')} className="agent-field-label">
          Review Type
          <span className="agent-field-required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <select
          id={fieldId('reviewType')}
          value={values.reviewType}
          onChange={(event) => change('reviewType', event.target.value as ReviewType | '')}
          required
          disabled={busy}
          aria-invalid={errors.reviewType ? true : undefined}
          aria-describedby={errors.reviewType ? `${fieldId('reviewType')}-error` : undefined}
        >
          <option value="">Select a review type</option>
          {reviewTypes.map((type) => (
            <option key={type} value={type}>
              {`${type} — commission ${formatRs(computeOrderCommission(product, type))}`}
            </option>
          ))}
        </select>
        {chosenCommission !== null ? (
          <p className="agent-field-hint">Your commission for this order: {formatRs(chosenCommission)}</p>
        ) : null}
        {errors.reviewType ? (
          <p id={`${fieldId('reviewType')}-error`} className="agent-field-error" role="alert">
            {errors.reviewType}
          </p>
        ) : null}
      </div>

      <OrderNumberInput
        id={fieldId('amzOrderNumber')}
        label="AMZ Order Number"
        value={values.amzOrderNumber}
        onChange={(value) => change('amzOrderNumber', value)}
        error={errors.amzOrderNumber}
        required
        disabled={busy}
      />
      <FormField
        id={fieldId('buyerPayPal')}
        label="Buyer PayPal"
        value={values.buyerPayPal}
        onChange={(value) => change('buyerPayPal', value)}
        error={errors.buyerPayPal}
        required
        disabled={busy}
        maxLength={254}
      />
      <FormField
        id={fieldId('buyerName')}
        label="Buyer Name"
        value={values.buyerName}
        onChange={(value) => change('buyerName', value)}
        error={errors.buyerName}
        required
        disabled={busy}
        maxLength={200}
      />
      <ImagePicker
        id={fieldId('orderScreenshot')}
        label="Order Screenshot"
        value={values.orderScreenshot}
        onChange={(value) => change('orderScreenshot', value)}
        error={errors.orderScreenshot}
        progress={progress}
        required
        disabled={busy}
      />
      <FormField
        label="Comments"
        value={values.comments}
        onChange={(value) => change('comments', value)}
        disabled={busy}
        multiline
        maxLength={5000}
      />

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
          {stage === 'uploading' ? 'Uploading...' : stage === 'creating' ? 'Submitting...' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
