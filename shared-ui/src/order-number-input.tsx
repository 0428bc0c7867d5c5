/**
 * The Amazon order number field: keeps digits only, inserts the dashes (3-7-7) as one types
 * or pastes, and stops at 19 characters. The caret stays after the digit just typed.
 */
import { type ChangeEvent, type Ref, useId } from 'react';
import { AMZ_ORDER_NUMBER_LENGTH } from 'shared-api/contract';
import { caretAfterDigits, formatOrderNumber } from './lib/order-number';
import './order-number-input.css';

export interface OrderNumberInputProps {
  id?: string;
  label: string;
  value: string;
  /** always called with the formatted number */
  onChange: (value: string) => void;
  /** the form's message for this field (e.g. 'Invalid AMZ Order Number format') */
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  /** lets a form move the focus here when the field is invalid */
  ref?: Ref<HTMLInputElement>;
}

export const ORDER_NUMBER_PLACEHOLDER = '123-4567890-1234567';

export function OrderNumberInput({
  id,
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  ref,
}: OrderNumberInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const typed = input.value;
    const caret = input.selectionStart ?? typed.length;
    const digitsBeforeCaret = typed.slice(0, caret).replace(/\D/g, '').length;
    const formatted = formatOrderNumber(typed);
    // written here, so React's controlled update finds it in place and the caret is kept
    // (also when the keystroke was refused and the value does not change)
    input.value = formatted;
    if (document.activeElement === input) {
      const position = caretAfterDigits(formatted, digitsBeforeCaret);
      input.setSelectionRange(position, position);
    }
    onChange(formatted);
  }

  return (
    <div className="ui-order-number">
      <label htmlFor={inputId} className="ui-order-number-label">
        {label}
        {required ? (
          <span className="ui-order-number-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="ui-order-number-input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        placeholder={ORDER_NUMBER_PLACEHOLDER}
        maxLength={AMZ_ORDER_NUMBER_LENGTH}
        value={value}
        onChange={onInput}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="ui-order-number-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
