/**
 * A labelled field: the label with its required mark, the control, a hint and the field's
 * message. The control is told how it is tied to them (id, required, aria-invalid,
 * aria-describedby: the message first, then the hint), so a screen reader reads both.
 * The message is shown through translateMessage (a contract sentence in the chosen language),
 * so every form of the kit says its rules in it. Stateless; the form kit's fields (./fields, ./image-field) bind it to a form.
 */
import type { ReactNode } from 'react';
import { translateMessage, useLocale } from 'shared-api';
import { RequiredMark } from './required-mark';
import './field.css';

/** What a field's control carries to be tied to its label, hint and message. */
export interface FieldControl {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldFrame {
  id: string;
  required?: boolean;
  hint?: ReactNode;
  /** the field's message (e.g. 'Buyer Name is required'); shown as an alert and marks the control invalid */
  error?: string | null;
  className?: string;
}

export interface FieldProps extends FieldFrame {
  label: ReactNode;
  children: (control: FieldControl) => ReactNode;
}

export interface FieldGroupProps extends FieldFrame {
  legend: ReactNode;
  children: ReactNode;
}

export const fieldErrorId = (id: string) => `${id}-error`;
export const fieldHintId = (id: string) => `${id}-hint`;

function described({ id, hint, error }: FieldFrame) {
  const ids = [error ? fieldErrorId(id) : null, hint ? fieldHintId(id) : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids || undefined };
}

function Notes({ id, hint, error }: FieldFrame) {
  // a field's message is a rule's sentence of MESSAGES (or the server's, already translated):
  // said in the current language, and again when it changes
  useLocale();
  return (
    <>
      {hint ? (
        <p id={fieldHintId(id)} className="ui-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={fieldErrorId(id)} className="ui-field-error" role="alert">
          {translateMessage(error)}
        </p>
      ) : null}
    </>
  );
}

export function Field({ label, children, className, ...frame }: FieldProps) {
  return (
    <div className={className ? `ui-field ${className}` : 'ui-field'}>
      <label htmlFor={frame.id} className="ui-field-label">
        {label}
        {frame.required ? <RequiredMark /> : null}
      </label>
      {children({ id: frame.id, required: frame.required, ...described(frame) })}
      <Notes {...frame} />
    </div>
  );
}

/** A group of choices (radio buttons, checkboxes) under a legend; the group carries the message. */
export function FieldGroup({ legend, children, className, ...frame }: FieldGroupProps) {
  return (
    <fieldset
      id={frame.id}
      className={className ? `ui-field-group ${className}` : 'ui-field-group'}
      {...described(frame)}
    >
      <legend>
        {legend}
        {frame.required ? <RequiredMark /> : null}
      </legend>
      {children}
      <Notes {...frame} />
    </fieldset>
  );
}
