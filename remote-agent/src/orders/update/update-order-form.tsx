/**
 * The agent's edit of one order (SPEC.md section 2, agent update order): order number, buyer
 * PayPal and name, order / review / feedback screenshots (uploaded on save, with progress),
 * the refund screenshot to view only, the review type with its commission, the statuses the
 * server allows next, and comments. A save sends only what changed.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorMessage, updateOrderAsAgent, useSession } from 'shared-api';
import {
  AGENT_STATUS_LABELS,
  type AgentStatus,
  computeOrderCommission,
  MESSAGES,
  nextAgentStatuses,
  type Order,
  type ReviewType,
} from 'shared-api/contract';
import { ConfirmDialog } from 'shared-ui/confirm-dialog';
import { ImagePicker } from 'shared-ui/image-picker';
import { formatRs } from 'shared-ui/lib/format';
import { type ImageValue, imageFromUrl, releaseImage, resolveImage } from 'shared-ui/lib/image-value';
import { OrderNumberInput } from 'shared-ui/order-number-input';
import { ScreenshotGallery } from 'shared-ui/screenshot-gallery';
import { orderErrorMessage } from './order-errors';
import {
  changedOrderFields,
  type OrderTextErrors,
  type OrderTextValues,
  SCREENSHOT_FIELDS,
  type ScreenshotField,
  validateOrderUpdate,
} from './order-update-rules';

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
}

export function UpdateOrderForm({ order, reviewTypes }: UpdateOrderFormProps) {
  const navigate = useNavigate();
  const formId = useId();
  const fieldId = (name: string) => `${formId}-${name}`;

  const [text, setText] = useState<OrderTextValues>({
    amzOrderNumber: order.amzOrderNumber,
    buyerPayPal: order.buyerPayPal,
    buyerName: order.buyerName,
  });
  const [reviewType, setReviewType] = useState<ReviewType>(order.reviewType);
  const [agentStatus, setAgentStatus] = useState<AgentStatus>(order.AgentStatus);
  const [comments, setComments] = useState(order.comments);
  const [shots, setShots] = useState<Record<ScreenshotField, ImageValue | null>>({
    orderScreenshot: imageFromUrl(order.orderScreenshot),
    reviewScreenShot: imageFromUrl(order.reviewScreenShot),
    FeedbackScreenShot: imageFromUrl(order.FeedbackScreenShot),
  });
  const [progress, setProgress] = useState<Partial<Record<ScreenshotField, number>>>({});
  const [errors, setErrors] = useState<OrderTextErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const orderNumberRef = useRef<HTMLInputElement>(null);

  const paid = order.comissionStatus === 'paid';
  const statusOptions = nextAgentStatuses(order.AgentStatus, order.comissionStatus);
  const typeOptions: ReviewType[] = [...(reviewTypes ?? [])];
  if (!typeOptions.includes(order.reviewType)) typeOptions.unshift(order.reviewType);
  // the order keeps the commission fixed when it was placed until its review type changes
  const commissionFor = (type: ReviewType) =>
    type === order.reviewType ? order.comission : computeOrderCommission(order.product, type);

  function setTextField(field: keyof OrderTextValues, value: string) {
    setText((current) => ({ ...current, [field]: value }));
    setNotice(null);
    // a fixed field loses its message; others keep theirs until the next save
    if (errors[field])
      setErrors((current) => ({ ...current, [field]: validateOrderUpdate({ ...text, [field]: value })[field] }));
  }

  function setShot(field: ScreenshotField, value: ImageValue | null) {
    setShots((current) => ({ ...current, [field]: value }));
    setNotice(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaveError(null);
    setNotice(null);
    const found = validateOrderUpdate(text);
    setErrors(found);
    const firstInvalid = (['amzOrderNumber', 'buyerPayPal', 'buyerName'] as const).find((field) => found[field]);
    if (firstInvalid) {
      if (firstInvalid === 'amzOrderNumber') orderNumberRef.current?.focus();
      else document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    if (agentStatus === 'cancelled' && order.AgentStatus !== 'cancelled') {
      setConfirmingCancel(true);
      return;
    }
    void save();
  }

  async function save() {
    setSaving(true);
    setSaveError(null);
    try {
      const urls = {} as Record<ScreenshotField, string>;
      for (const field of SCREENSHOT_FIELDS) {
        const value = shots[field];
        if (value?.file) {
          setProgress((current) => ({ ...current, [field]: 0 }));
          let url: string | null;
          try {
            url = await resolveImage(value, (fraction) =>
              setProgress((current) => ({ ...current, [field]: fraction })),
            );
          } catch (failure) {
            throw new UploadFailure(errorMessage(failure, `The ${SCREENSHOT_LABELS[field]} could not be uploaded.`));
          } finally {
            setProgress((current) => ({ ...current, [field]: undefined }));
          }
          // uploaded once: a retry after a failed save does not upload it again
          const stored = imageFromUrl(url);
          releaseImage(value);
          setShots((current) => ({ ...current, [field]: stored }));
          urls[field] = url ?? '';
        } else {
          urls[field] = value?.url ?? '';
        }
      }
      const changes = changedOrderFields(order, {
        ...text,
        reviewType,
        AgentStatus: agentStatus,
        comments,
        screenshots: urls,
      });
      if (Object.keys(changes).length === 0) {
        setNotice(NOTHING_CHANGED);
        setSaving(false);
        return;
      }
      await updateOrderAsAgent(order._id, changes);
      toast.success(MESSAGES.orderUpdated);
      void useSession.getState().loadCommission();
      navigate(ORDERS_ROUTE);
    } catch (failure) {
      setSaveError(
        failure instanceof UploadFailure ? failure.message : orderErrorMessage(failure, MESSAGES.orderUpdateFailed),
      );
      setSaving(false);
    }
  }

  return (
    <form className="agent-form" onSubmit={onSubmit} noValidate aria-busy={saving || undefined}>
      <div className="agent-form-grid">
        <OrderNumberInput
          ref={orderNumberRef}
          id={fieldId('amzOrderNumber')}
          label="AMZ Order Number"
          value={text.amzOrderNumber}
          onChange={(value) => setTextField('amzOrderNumber', value)}
          error={errors.amzOrderNumber}
          required
          disabled={saving}
        />
        <TextField
          id={fieldId('buyerPayPal')}
          label="Buyer PayPal"
          value={text.buyerPayPal}
          onChange={(value) => setTextField('buyerPayPal', value)}
          error={errors.buyerPayPal}
          disabled={saving}
          inputMode="email"
          maxLength={254}
        />
        <TextField
          id={fieldId('buyerName')}
          label="Buyer Name"
          value={text.buyerName}
          onChange={(value) => setTextField('buyerName', value)}
          error={errors.buyerName}
          disabled={saving}
          maxLength={200}
        />
      </div>

      <fieldset className="agent-fieldset">
        <legend>Review Type</legend>
        <div className="agent-choices">
          {typeOptions.map((type) => (
            <label key={type} className="agent-choice">
              <input
                type="radio"
                name={fieldId('reviewType')}
                value={type}
                checked={reviewType === type}
                onChange={() => {
                  setReviewType(type);
                  setNotice(null);
                }}
                disabled={paid || saving}
              />
              <span>{type}</span>
              <span className="agent-choice-amount">{formatRs(commissionFor(type))}</span>
            </label>
          ))}
        </div>
        <p className="agent-commission" aria-live="polite">
          Commission for this order: {formatRs(commissionFor(reviewType))}
        </p>
        {paid ? <p className="agent-muted">{MESSAGES.orderReviewTypeLocked}</p> : null}
        {reviewTypes === null ? (
          <p className="agent-muted">The product's review types could not be loaded; the review type stays as it is.</p>
        ) : null}
      </fieldset>

      <div className="agent-form-grid">
        {SCREENSHOT_FIELDS.map((field) => (
          <ImagePicker
            key={field}
            id={fieldId(field)}
            label={SCREENSHOT_LABELS[field]}
            value={shots[field]}
            onChange={(value) => setShot(field, value)}
            progress={progress[field] ?? null}
            disabled={saving}
          />
        ))}
        <div className="agent-readonly-shot">
          <span className="agent-field-label">refund screenshot</span>
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
        <div className="agent-field">
          <label htmlFor={fieldId('AgentStatus')}>agent status</label>
          <select
            id={fieldId('AgentStatus')}
            className="agent-select"
            value={agentStatus}
            onChange={(event) => {
              setAgentStatus(event.target.value as AgentStatus);
              setNotice(null);
            }}
            disabled={saving || statusOptions.length <= 1}
          >
            {statusOptions.map((status) => (
              <option key={status} value={status}>
                {AGENT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="agent-field">
        <label htmlFor={fieldId('comments')}>comments</label>
        <textarea
          id={fieldId('comments')}
          value={comments}
          maxLength={5000}
          onChange={(event) => {
            setComments(event.target.value);
            setNotice(null);
          }}
          disabled={saving}
        />
      </div>

      {saveError ? (
        <p className="agent-error" role="alert">
          {saveError}
        </p>
      ) : null}
      {notice ? (
        <p className="agent-muted" role="status">
          {notice}
        </p>
      ) : null}

      <div className="agent-form-actions">
        <button type="button" className="ui-button" onClick={() => navigate(ORDERS_ROUTE)} disabled={saving}>
          Back to orders
        </button>
        <button type="submit" className="ui-button ui-button-primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? 'Updating...' : 'Update Order'}
        </button>
      </div>

      <ConfirmDialog
        open={confirmingCancel}
        title="Cancel order"
        message={`Cancel order ${order.amzOrderNumber}? A cancelled order cannot be edited or reopened, and earns no commission.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        destructive
        onConfirm={() => {
          setConfirmingCancel(false);
          void save();
        }}
        onCancel={() => setConfirmingCancel(false)}
      />
    </form>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  inputMode?: 'email' | 'text';
  maxLength?: number;
}

function TextField({ id, label, value, onChange, error, disabled, inputMode, maxLength }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="agent-field">
      <label htmlFor={id}>
        {label}
        <span className="agent-required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        required
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="agent-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
