/**
 * A form's own message (not one field's): a write the server refused, a lost connection. It is an
 * alert, so a screen reader says it as it appears; nothing is rendered while there is none.
 */
import { errorMessage, translateMessage, useLocale } from 'shared-api';

export interface FormAlertProps {
  /** what failed (a mutation's `error`); null or undefined shows nothing */
  error: unknown;
  /** the words when the server gave none, or how to word a failure */
  fallback: string | ((error: unknown) => string);
  className?: string;
  id?: string;
}

/**
 * The words a failure is shown in: the server's message (in the request's language), or the
 * screen's fallback (a sentence of MESSAGES comes out in the current language).
 */
export function failureText(error: unknown, fallback: FormAlertProps['fallback']): string {
  return translateMessage(typeof fallback === 'function' ? fallback(error) : errorMessage(error, fallback));
}

export function FormAlert({ error, fallback, className = 'ui-form-alert', id }: FormAlertProps) {
  useLocale();
  if (error === null || error === undefined) return null;
  return (
    <p id={id} className={className} role="alert">
      {failureText(error, fallback)}
    </p>
  );
}
