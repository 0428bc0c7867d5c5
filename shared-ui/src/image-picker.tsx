/**
 * An image field: choose a picture, see it, replace or remove it. Only PNG, JPEG, WebP and
 * GIF up to 5 MB are taken (the API refuses anything else). Nothing is uploaded here: the
 * form uploads on submit (form/image-field's useImageUploads) and passes the progress back.
 */
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ltr, translateMessage } from 'shared-api';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, MESSAGES } from 'shared-api/contract';
import { RequiredMark } from './form/required-mark';
import { formatBytes } from './lib/format';
import { useT } from './lib/i18n';
import { type ImageValue, imageFromFile, releaseImage } from './lib/image-value';
import './button.css';
import './image-picker.css';

export interface ImagePickerProps {
  id?: string;
  label: string;
  value: ImageValue | null;
  onChange: (value: ImageValue | null) => void;
  required?: boolean;
  /** the form's message for this field (e.g. 'Front CNIC image is required.') */
  error?: string | null;
  /** upload progress, 0..1; the bar shows while this is a number */
  progress?: number | null;
  disabled?: boolean;
  /** the file input, for the form to focus it when the field is refused */
  inputRef?: (input: HTMLInputElement | null) => void;
}

const ACCEPT = IMAGE_MIME_TYPES.join(',');

/** Why a file cannot be taken (a sentence of MESSAGES, in English), or null when it can. */
export function refuseImage(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return MESSAGES.imageTypeUnsupported;
  if (file.size > MAX_IMAGE_BYTES) return MESSAGES.imageTooLarge;
  return null;
}

export function ImagePicker({
  id,
  label,
  value,
  onChange,
  required,
  error,
  progress,
  disabled,
  inputRef: formRef,
}: ImagePickerProps) {
  const t = useT();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const inputRef = useRef<HTMLInputElement>(null);
  const replaceRef = useRef<HTMLButtonElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // where focus goes once the field has re-rendered: the hidden input cannot keep it
  const [focusNext, setFocusNext] = useState<'replace' | 'input' | null>(null);

  useEffect(() => {
    if (focusNext === 'replace') replaceRef.current?.focus();
    if (focusNext === 'input') inputRef.current?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext]);

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // cleared, so choosing the same file again is a change too
    event.target.value = '';
    if (!file) return;
    const reason = refuseImage(file);
    setRefusal(reason);
    if (reason) return;
    releaseImage(value);
    onChange(imageFromFile(file));
    setFocusNext('replace');
  }

  function onRemove() {
    releaseImage(value);
    setRefusal(null);
    onChange(null);
    setFocusNext('input');
  }

  const shownMessage = refusal ?? error ?? null;
  const message = shownMessage ? translateMessage(shownMessage) : null;
  const uploading = typeof progress === 'number';
  const percent = uploading ? Math.round(Math.min(Math.max(progress, 0), 1) * 100) : 0;
  // what is left to send of a picked file: after a dropped connection, only the rest is sent
  const left =
    uploading && value?.file
      ? ltr(formatBytes(Math.max(0, Math.round(value.file.size * (1 - Math.min(Math.max(progress, 0), 1))))))
      : null;

  return (
    <div className="ui-image-picker">
      <label htmlFor={inputId} className="ui-image-picker-label">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input
        ref={(input) => {
          inputRef.current = input;
          formRef?.(input);
        }}
        id={inputId}
        type="file"
        accept={ACCEPT}
        className={value ? 'ui-visually-hidden' : 'ui-image-picker-input'}
        tabIndex={value ? -1 : undefined}
        onChange={onPick}
        disabled={disabled}
        // a chosen image satisfies the field (the input itself is emptied after each pick)
        required={required && !value}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
      />
      {value ? (
        <div className="ui-image-picker-chosen">
          <img
            className="ui-image-picker-preview"
            src={value.previewUrl}
            alt={t('ui.imagePicker.preview', { label })}
          />
          <div className="ui-image-picker-actions">
            <button
              ref={replaceRef}
              type="button"
              className="ui-button ui-button-small"
              aria-label={t('ui.imagePicker.replaceLabel', { label })}
              onClick={() => inputRef.current?.click()}
              disabled={disabled}
            >
              {t('ui.imagePicker.replace')}
            </button>
            <button
              type="button"
              className="ui-button ui-button-small"
              aria-label={t('ui.imagePicker.removeLabel', { label })}
              onClick={onRemove}
              disabled={disabled}
            >
              {t('ui.imagePicker.remove')}
            </button>
          </div>
        </div>
      ) : (
        <p className="ui-image-picker-hint">{t('ui.imagePicker.hint')}</p>
      )}
      {uploading ? (
        <div
          className="ui-image-picker-progress"
          role="progressbar"
          aria-label={t('ui.imagePicker.uploading', { label })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={
            left ? t('ui.imagePicker.percentLeft', { percent, left }) : t('ui.imagePicker.percent', { percent })
          }
        >
          <span className="ui-image-picker-progress-bar" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      {left ? <p className="ui-image-picker-left">{t('ui.imagePicker.left', { left })}</p> : null}
      {/* a screen reader hears the upload start and end (the bar itself is not announced); always
          in the page, as a live region must be before what it announces; not a second role=status
          beside the form's own */}
      <p className="ui-visually-hidden ui-image-picker-announcer" aria-live="polite">
        {uploading
          ? percent >= 100
            ? t('ui.imagePicker.uploaded', { label })
            : t('ui.imagePicker.uploading', { label })
          : ''}
      </p>
      {message ? (
        <p id={messageId} className="ui-image-picker-message" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
