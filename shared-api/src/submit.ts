/**
 * Submissions the server answers once per Idempotency-Key (docs/domain.md, Submitting twice). A
 * chunk of its own, loaded by the first submission (or by a form as it opens: preloadSubmit), so
 * the sign-in page does not carry it.
 */
import { ApiError, type ApiResponse, apiRequest, type RequestOptions } from './client';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from './contract/idempotency';

/** A submission's options. */
export interface SubmitOptions {
  /**
   * The submission's Idempotency-Key: one per form submission, the same when the person sends
   * the same values again after an answer never came (a new one when none is given).
   */
  idempotencyKey?: string;
  /** called when the answer never came and the submission will be sent again (the button says 'sending...') */
  onRetry?: (retry: number) => void;
}

/** The waits before the retries of a submission whose answer never came: three, growing. */
export const SUBMIT_RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 2_000];

/**
 * Sends the submission with its Idempotency-Key, and again with the same key when no answer came
 * (a time-out, a network error), up to three times, waiting longer each time: the server answers
 * a retry of work it already did with its first answer. An answer that came, an error too, is final.
 */
export async function apiSubmit<T>(path: string, options: RequestOptions & SubmitOptions): Promise<ApiResponse<T>> {
  const { idempotencyKey = newIdempotencyKey(), onRetry, ...request } = options;
  const headers = { ...request.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
  for (let retry = 0; ; retry++) {
    try {
      return await apiRequest<T>(path, { ...request, headers });
    } catch (error) {
      const wait = SUBMIT_RETRY_DELAYS_MS[retry];
      const noAnswer = error instanceof ApiError && error.kind === 'network';
      if (!noAnswer || wait === undefined || request.signal?.aborted) throw error;
      onRetry?.(retry + 1);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
