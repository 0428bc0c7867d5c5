/**
 * One form's submissions that are safe to send twice (docs/domain.md, Submitting twice): the
 * Idempotency-Key of a submission, kept while the same values are sent again (shared-api's
 * retries of an answer that never came, or the person tapping again after them), a new one for
 * other values; and whether shared-api is sending it again, for the button's 'sending...'.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { preloadSubmit, type SubmitOptions } from 'shared-api';
import { newIdempotencyKey } from 'shared-api/contract';

export interface Submission {
  /** the options of a submission of `values`: its key and the retry notice */
  optionsFor(values: unknown): SubmitOptions;
  /** shared-api is sending the submission again, its answer having never come */
  retrying: boolean;
}

export function useSubmission(): Submission {
  const last = useRef<{ values: string; key: string } | null>(null);
  const [retrying, setRetrying] = useState(false);
  // the code that sends a submission (and again) is loaded while the person fills the form
  useEffect(preloadSubmit, []);
  const optionsFor = useCallback((values: unknown): SubmitOptions => {
    const text = JSON.stringify(values);
    if (last.current?.values !== text) last.current = { values: text, key: newIdempotencyKey() };
    setRetrying(false);
    return { idempotencyKey: last.current.key, onRetry: () => setRetrying(true) };
  }, []);
  return { optionsFor, retrying };
}
