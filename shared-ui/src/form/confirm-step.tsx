/**
 * A confirm step before a write that cannot be taken back (cancel an order, mark a commission
 * paid, pay a payout): `useConfirmStep` holds what waits for the answer (the values, the
 * product...), <ConfirmStep> asks about it and hands it to the write on Confirm. While the write
 * is on its way both buttons wait; its failure is said in the dialog when the step stays open.
 */
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '../confirm-dialog';
import { FormAlert, type FormAlertProps } from './form-alert';

export interface ConfirmStepState<Subject> {
  /** what waits for the answer; null while nothing is asked */
  subject: Subject | null;
  ask: (subject: Subject) => void;
  close: () => void;
}

export function useConfirmStep<Subject>(): ConfirmStepState<Subject> {
  const [subject, setSubject] = useState<Subject | null>(null);
  const close = useCallback(() => setSubject(null), []);
  return useMemo(() => ({ subject, ask: (next: Subject) => setSubject(() => next), close }), [subject, close]);
}

export interface ConfirmStepProps<Subject>
  extends Omit<ConfirmDialogProps, 'open' | 'message' | 'onConfirm' | 'onCancel' | 'busy'> {
  step: ConfirmStepState<Subject>;
  /** the question, about what waits */
  message: ReactNode | ((subject: Subject) => ReactNode);
  /** the write, with what waited (e.g. a mutation's `mutate`) */
  onConfirm: (subject: Subject) => void;
  /** the write is on its way (its mutation's isPending) */
  busy: boolean;
  /** the write's failure, said in the dialog (its mutation's `error`) */
  error?: unknown;
  errorFallback?: FormAlertProps['fallback'];
  errorClassName?: string;
}

export function ConfirmStep<Subject>({
  step,
  message,
  onConfirm,
  busy,
  error,
  errorFallback = '',
  errorClassName,
  ...dialog
}: ConfirmStepProps<Subject>) {
  const { subject } = step;
  const question = subject === null ? null : typeof message === 'function' ? message(subject) : message;
  const failure = error ? <FormAlert error={error} fallback={errorFallback} className={errorClassName} /> : null;
  return (
    <ConfirmDialog
      {...dialog}
      open={subject !== null}
      message={
        failure ? (
          <>
            {typeof question === 'string' ? <p>{question}</p> : question}
            {failure}
          </>
        ) : (
          question
        )
      }
      busy={busy}
      onConfirm={() => {
        if (subject !== null) onConfirm(subject);
      }}
      onCancel={step.close}
    />
  );
}
