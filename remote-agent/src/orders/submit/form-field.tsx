/** A labelled text input or textarea with a required mark and its error (role="alert") tied to it. */
import { useId } from 'react';

export interface FormFieldProps {
  id?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
  maxLength?: number;
  hint?: string;
}

export function FormField({
  id,
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  multiline,
  type = 'text',
  autoComplete = 'off',
  maxLength,
  hint,
}: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id: inputId,
    value,
    required,
    disabled,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="agent-field">
      <label htmlFor={inputId} className="agent-field-label">
        {label}
        {required ? (
          <span className="agent-field-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint ? (
        <p id={hintId} className="agent-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="agent-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
