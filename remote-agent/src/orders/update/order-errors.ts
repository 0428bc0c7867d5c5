/**
 * What order fetches and updates show on failure: the server's message, else 'Failed to
 * fetch order' / 'Failed to update order', and 'No response from server' when none came.
 */
import { ApiError, errorMessage, translateMessage } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';

/** `fallback` may be a sentence of MESSAGES: it is shown in the current language. */
export function orderErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'network') return translateMessage(MESSAGES.orderNoResponse);
  return errorMessage(error, translateMessage(fallback));
}

/** How a failed order load reads (useResource): 'No response from server' when none came. */
export const describeOrderFetchError = (error: unknown): string => orderErrorMessage(error, MESSAGES.orderFetchFailed);
