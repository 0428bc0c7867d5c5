/**
 * The Amazon order number field: keeps digits only, inserts the dashes (3-7-7) as one types
 * or pastes, and stops at 19 characters. The caret stays after the digit just typed.
 */
import { type ChangeEvent, type ReactNode, type Ref, useId } from 'react';
import { AMZ_ORDER_NUMBER_LENGTH } from 'shared-api/contract';
import { Field } from './form/field';
import { caretAfterDigits, formatOrderNumber } from './lib/order-number';
import './order-number-input.css';

export interface OrderNumberInputProps {
  id?: string;
  label: ReactNode;
  value: string;
  /** always called with the formatted number */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** the form's message for this field (e.g. 'Invalid AMZ Order Number format') */
  error?: string | null;
  required?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
  /** lets a form move the focus here when the field is invalid */
  ref?: Ref<HTMLInputElement>;
}

export const ORDER_NUMBER_PLACEHOLDER = '123-4567890-1234567';

export function OrderNumberInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  hint,
  disabled,
  className,
  ref,
}: OrderNumberInputProps) {
  const generatedId = useId();

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
    <Field
      id={id ?? generatedId}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className ? `ui-order-number ${className}` : 'ui-order-number'}
    >
      {(tie) => (
        <input
          {...tie}
          ref={ref}
          className="ui-field-input ui-order-number-input"
          type="text"
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          placeholder={ORDER_NUMBER_PLACEHOLDER}
          maxLength={AMZ_ORDER_NUMBER_LENGTH}
          value={value}
          onChange={onInput}
          onBlur={onBlur}
          disabled={disabled}
        />
      )}
    </Field>
  );
}
