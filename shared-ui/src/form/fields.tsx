/**
 * The form kit's fields: each binds one value of a react-hook-form form (by `control` and
 * `name`) to a labelled control with its required mark, hint and message (./field).
 */
import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { OrderNumberInput } from '../order-number-input';
import { PasswordField as PasswordControl } from '../password-field';
import { Field, FieldGroup } from './field';

interface BoundField<T extends FieldValues, Out> {
  control: Control<T, unknown, Out>;
  name: Path<T>;
  /** the control's id; one is made up when none is given */
  id?: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

export interface TextFieldProps<T extends FieldValues, Out> extends BoundField<T, Out> {
  type?: 'text' | 'email' | 'tel' | 'url' | 'number';
  /**
   * 'ltr' for a value written left to right in any language (a PayPal address, a reference);
   * emails, phone numbers, links and numbers are always left to right.
   */
  dir?: 'ltr';
  /** a textarea instead of a one-line input */
  multiline?: boolean;
  rows?: number;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  placeholder?: string;
  readOnly?: boolean;
  spellCheck?: boolean;
  /** the value the field takes when it loses focus (e.g. a prefix put back) */
  onBlurValue?: (value: string) => string;
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** A form value bound to a control: react-hook-form's field, its message, and its setter. */
function useBoundField<T extends FieldValues, Out>(control: Control<T, unknown, Out>, name: Path<T>) {
  const { field, fieldState } = useController({ control, name });
  return { field, error: fieldState.error?.message, setValue: field.onChange };
}

export function TextField<T extends FieldValues, Out>({
  control,
  name,
  id,
  label,
  required,
  hint,
  disabled,
  className,
  type = 'text',
  dir = type === 'text' ? undefined : 'ltr',
  multiline,
  rows = 3,
  autoComplete = 'off',
  inputMode,
  maxLength,
  placeholder,
  readOnly,
  spellCheck = false,
  onBlurValue,
}: TextFieldProps<T, Out>) {
  const generatedId = useId();
  const { field, error, setValue } = useBoundField(control, name);
  const value = text(field.value);
  const onBlur = () => {
    const next = onBlurValue?.(value);
    if (next !== undefined && next !== value) {
      setValue(next);
    }
    field.onBlur();
  };
  return (
    <Field id={id ?? generatedId} label={label} required={required} hint={hint} error={error} className={className}>
      {(tie) =>
        multiline ? (
          <textarea
            {...tie}
            ref={field.ref}
            name={field.name}
            className="ui-field-input"
            rows={rows}
            value={value}
            maxLength={maxLength}
            placeholder={placeholder}
            readOnly={readOnly}
            disabled={disabled}
            onChange={(event) => {
              setValue(event.target.value);
            }}
            onBlur={onBlur}
          />
        ) : (
          <input
            {...tie}
            ref={field.ref}
            name={field.name}
            className="ui-field-input"
            type={type}
            // an email, a phone number, a link or a figure reads left to right in Urdu too
            dir={dir}
            value={value}
            autoComplete={autoComplete}
            inputMode={inputMode}
            maxLength={maxLength}
            placeholder={placeholder}
            readOnly={readOnly}
            spellCheck={spellCheck}
            disabled={disabled}
            {...(type === 'number' ? { min: 0, step: 'any' } : {})}
            onChange={(event) => {
              setValue(event.target.value);
            }}
            onBlur={onBlur}
          />
        )
      }
    </Field>
  );
}

export interface SelectFieldProps<T extends FieldValues, Out> extends BoundField<T, Out> {
  /** the <option> elements */
  children: ReactNode;
}

/** A drop-down; an option with value '' stands for no choice yet. */
export function SelectField<T extends FieldValues, Out>({
  control,
  name,
  id,
  label,
  required,
  hint,
  disabled,
  className,
  children,
}: SelectFieldProps<T, Out>) {
  const generatedId = useId();
  const { field, error, setValue } = useBoundField(control, name);
  return (
    <Field id={id ?? generatedId} label={label} required={required} hint={hint} error={error} className={className}>
      {(tie) => (
        <select
          {...tie}
          ref={field.ref}
          name={field.name}
          className="ui-field-input"
          value={text(field.value)}
          disabled={disabled}
          onChange={(event) => {
            setValue(event.target.value);
          }}
          onBlur={field.onBlur}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

export interface Choice {
  value: string;
  label: ReactNode;
}

export interface ChoiceFieldProps<T extends FieldValues, Out> extends Omit<BoundField<T, Out>, 'label'> {
  legend: ReactNode;
  choices: readonly Choice[];
  /** checkboxes holding a list (in the choices' order) instead of radio buttons holding one value */
  multiple?: boolean;
  /** class of each choice's label, and of the row that holds them */
  choiceClassName?: string;
  rowClassName?: string;
}

/** Radio buttons (one value) or checkboxes (a list) in a group under a legend. */
export function ChoiceField<T extends FieldValues, Out>({
  control,
  name,
  id,
  legend,
  required,
  hint,
  disabled,
  className,
  choices,
  multiple,
  choiceClassName,
  rowClassName,
}: ChoiceFieldProps<T, Out>) {
  const generatedId = useId();
  const groupId = id ?? generatedId;
  const { field, error, setValue } = useBoundField(control, name);
  const chosen: unknown[] = multiple ? ((field.value as unknown[] | undefined) ?? []) : [field.value];

  function toggle(value: string, checked: boolean) {
    if (multiple) {
      const next = new Set(chosen);
      if (checked) next.add(value);
      else next.delete(value);
      setValue(choices.filter((choice) => next.has(choice.value)).map((choice) => choice.value));
    } else {
      setValue(value);
    }
  }

  return (
    <FieldGroup id={groupId} legend={legend} required={required} hint={hint} error={error} className={className}>
      <div
        ref={(row) => {
          // the form focuses a refused group on its chosen choice, or its first
          if (!row) return;
          const choice = () => row.querySelector<HTMLElement>('input:checked') ?? row.querySelector('input');
          field.ref({ focus: () => choice()?.focus() });
        }}
        className={rowClassName ? `ui-field-choices ${rowClassName}` : 'ui-field-choices'}
      >
        {choices.map((choice) => {
          const choiceId = `${groupId}-${choice.value.replace(/\s+/g, '-')}`;
          return (
            <label
              key={choice.value}
              htmlFor={choiceId}
              className={choiceClassName ? `ui-field-choice ${choiceClassName}` : 'ui-field-choice'}
            >
              <input
                id={choiceId}
                type={multiple ? 'checkbox' : 'radio'}
                name={`${groupId}-${field.name}`}
                value={choice.value}
                checked={chosen.includes(choice.value)}
                disabled={disabled}
                onChange={(event) => toggle(choice.value, event.target.checked)}
                onBlur={field.onBlur}
              />
              {choice.label}
            </label>
          );
        })}
      </div>
    </FieldGroup>
  );
}

export interface PasswordFieldProps<T extends FieldValues, Out> extends BoundField<T, Out> {
  /** 'current-password' or 'new-password', so password managers fill the right one */
  autoComplete: string;
}

/** A password with a show/hide toggle. */
export function PasswordField<T extends FieldValues, Out>({
  control,
  name,
  id,
  label,
  required,
  hint,
  disabled,
  className,
  autoComplete,
}: PasswordFieldProps<T, Out>) {
  const { field, error, setValue } = useBoundField(control, name);
  return (
    <PasswordControl
      id={id}
      label={label}
      value={text(field.value)}
      onChange={(value) => {
        setValue(value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      autoComplete={autoComplete}
      required={required}
      hint={hint}
      disabled={disabled}
      className={className}
      error={error}
    />
  );
}

/** The Amazon order number, masked as it is typed (3-7-7 digits). */
export function OrderNumberField<T extends FieldValues, Out>({
  control,
  name,
  id,
  label,
  required,
  hint,
  disabled,
  className,
}: BoundField<T, Out>) {
  const { field, error, setValue } = useBoundField(control, name);
  return (
    <OrderNumberInput
      ref={field.ref}
      id={id}
      label={label}
      value={text(field.value)}
      onChange={(value) => {
        setValue(value);
      }}
      onBlur={field.onBlur}
      error={error}
      required={required}
      hint={hint}
      disabled={disabled}
      className={className}
    />
  );
}
