/** A password input with a show/hide toggle, in a labelled field (form/field). */
import { type ReactNode, type Ref, useId, useState } from 'react';
import { Field } from './form/field';
import { useT } from './lib/i18n';
import './password-field.css';

export interface PasswordFieldProps {
  id?: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** lets a form move the focus here */
  inputRef?: Ref<HTMLInputElement>;
  /** 'current-password' or 'new-password', so password managers fill the right one */
  autoComplete: string;
  required?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
  error?: string | null;
}

export function PasswordField({
  id,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  autoComplete,
  required,
  hint,
  disabled,
  className,
  error,
}: PasswordFieldProps) {
  const t = useT();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [visible, setVisible] = useState(false);

  return (
    <Field
      id={inputId}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className ? `ui-password-field ${className}` : 'ui-password-field'}
    >
      {(tie) => (
        <div className="ui-password-control">
          <input
            {...tie}
            ref={inputRef}
            type={visible ? 'text' : 'password'}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            autoComplete={autoComplete}
            disabled={disabled}
            spellCheck={false}
            autoCapitalize="off"
          />
          <button
            type="button"
            className="ui-password-toggle"
            aria-pressed={visible}
            aria-label={visible ? t('ui.password.hide') : t('ui.password.show')}
            aria-controls={inputId}
            onClick={() => setVisible((shown) => !shown)}
            disabled={disabled}
          >
            <span aria-hidden="true">{visible ? t('ui.password.hideShort') : t('ui.password.showShort')}</span>
          </button>
        </div>
      )}
    </Field>
  );
}
